import type { FastifyPluginAsync } from 'fastify';
import { certificateEndpoints as C, certificateMessages } from '../../../domain/contracts/certificates';
import { registerEndpoint } from '../../http/route';
import { authenticated, authOf } from '../../plugins/auth';
import { invalidData } from '../../services/errors';
import { requireRole } from '../../services/organization/scope';
import { certificateById, issueCertificate, listCertificates, publicKeyPem, revokeCertificate, verifyCode } from '../../services/certificates';
import { languageFor } from '../../../domain/i18n/precedence';
import { localeHeader } from '../../http/locale';
import { certificatePdf } from '../../services/certificates/pdf';
import { decodeOrThrow } from '../../http/decode';
import { routePath } from '../../http/route';

/** Who may issue, list and revoke certificates. */
const CERTIFICATE_ROLES = ['admin', 'second_admin'] as const;

/** The well-known address of the certificates' public key (SPKI PEM). */
export const CERTIFICATE_KEY_PATH = '/.well-known/certificate-key.pem';

export const certificateRoutes: FastifyPluginAsync = async (app) => {
  // Public: anyone holding a code may check it, signed in or not.
  registerEndpoint(app, C.verify, async ({ query }) => {
    const code = (query as { code?: string }).code;
    if (code === undefined || code.trim() === '') throw invalidData({ code: [certificateMessages.codeRequired] });
    return verifyCode(app.db, app.config.certificateSigningKey, code);
  }, { config: { rateLimit: { max: 60, timeWindow: 60_000 } } });

  app.get(CERTIFICATE_KEY_PATH, async (_request, reply) =>
    reply.header('content-type', 'application/x-pem-file').header('cache-control', 'public, max-age=3600').send(await publicKeyPem(app.db, app.config.certificateSigningKey)),
  );

  await app.register(
    authenticated(async (scope) => {
      registerEndpoint(scope, C.issue, async ({ request }) => {
        requireRole(authOf(request), CERTIFICATE_ROLES);
        return issueCertificate(app.db, app.config.certificateSigningKey, { auth: authOf(request), address: request.ip, statistics: app.releasedStatistics.for(authOf(request), undefined) });
      });
      registerEndpoint(scope, C.list, async ({ request }) => {
        requireRole(authOf(request), CERTIFICATE_ROLES);
        return listCertificates(app.db, authOf(request));
      });
      // The PDF is a file, not an envelope: the route is declared by hand, still listed with the contract's endpoints.
      scope.registeredEndpoints.push(C.pdf);
      scope.get(routePath(C.pdf.path), async (request, reply) => {
        const { id } = decodeOrThrow(C.pdf.query, request.query ?? {}, 'query');
        requireRole(authOf(request), CERTIFICATE_ROLES);
        const issued = await certificateById(app.db, authOf(request), id);
        const verifyUrl = `${app.config.appUrl.replace(/\/+$/, '')}/certificate?code=${encodeURIComponent(issued.code)}`;
        // Its fixed wording is in the language the downloading administrator chose for their account (docs/languages.md).
        const language = languageFor('certificate', { account: authOf(request).user.locale_id, request: localeHeader(request) });
        const pdf = await certificatePdf(issued, verifyUrl, language);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="certificate-${issued.certificate.issuedAt.slice(0, 10)}.pdf"`)
          .send(Buffer.from(pdf));
      });
      registerEndpoint(scope, C.revoke, async ({ request, body }) => {
        requireRole(authOf(request), CERTIFICATE_ROLES);
        return revokeCertificate(app.db, { auth: authOf(request), address: request.ip }, body.id);
      });
    }),
  );
};
