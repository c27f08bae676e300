import type { FastifyPluginAsync } from 'fastify';
import { certificateEndpoints as C, certificateMessages } from '../../../domain/contracts/certificates';
import { registerEndpoint } from '../../http/route';
import { authenticated, authOf } from '../../plugins/auth';
import { invalidData } from '../../services/auth/errors';
import { requireRole } from '../../services/organization/scope';
import { issueCertificate, listCertificates, publicKeyPem, revokeCertificate, verifyCode } from '../../services/certificates';

/** Who may issue, list and revoke certificates. */
const CERTIFICATE_ROLES = ['admin', 'second_admin'] as const;

/** The well-known address of the certificates' public key (SPKI PEM). */
export const CERTIFICATE_KEY_PATH = '/.well-known/certificate-key.pem';

export const certificateRoutes: FastifyPluginAsync = async (app) => {
  // Public: anyone holding a code may check it, signed in or not.
  registerEndpoint(app, C.verify, async ({ query }) => {
    const code = (query as { code?: string }).code;
    if (code === undefined || code.trim() === '') throw invalidData({ code: [certificateMessages.codeRequired] });
    return verifyCode(app, code);
  }, { config: { rateLimit: { max: 60, timeWindow: 60_000 } } });

  app.get(CERTIFICATE_KEY_PATH, async (_request, reply) =>
    reply.header('content-type', 'application/x-pem-file').header('cache-control', 'public, max-age=3600').send(await publicKeyPem(app)),
  );

  await app.register(
    authenticated(async (scope) => {
      registerEndpoint(scope, C.issue, async ({ request }) => {
        requireRole(authOf(request), CERTIFICATE_ROLES);
        return issueCertificate(app, request);
      });
      registerEndpoint(scope, C.list, async ({ request }) => {
        requireRole(authOf(request), CERTIFICATE_ROLES);
        return listCertificates(app, request);
      });
      registerEndpoint(scope, C.revoke, async ({ request, body }) => {
        requireRole(authOf(request), CERTIFICATE_ROLES);
        return revokeCertificate(app, request, body.id);
      });
    }),
  );
};
