import type { FastifyPluginAsync } from 'fastify';
import { getHealth, getLocales, getPasswordConfig, getTranslation } from '../../../domain/contracts/system';
import { registerEndpoint } from '../../http/route';
import { checkDatabase, listLocales, translationOf } from '../../services/system';
import { acceptCookie } from '../../../domain/contracts/consent';
import { CONSENT_KEY, CONSENT_VERSION, STORED_THINGS } from '../../../domain/consent/policy';

/** Calls a signed-out client makes on load: health, locales, translations, password rule. */
export const systemRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, getHealth, async () => {
    await checkDatabase(app.db);
    return { ok: true, database: app.dbKind };
  });

  registerEndpoint(app, getLocales, async () => listLocales(app.db));

  registerEndpoint(app, getTranslation, async ({ query }) => translationOf(app.db, query.code));

  // What the browser keeps and which of it needs consent; the banner shows the same list.
  registerEndpoint(app, acceptCookie, async () => ({ version: CONSENT_VERSION, consentKey: CONSENT_KEY, things: STORED_THINGS.map((thing) => ({ ...thing })) }));

  registerEndpoint(app, getPasswordConfig, async () => ({ regex: app.config.passwordRegex }));
};
