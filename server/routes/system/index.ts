import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { ServerMessages } from '../../../domain/contracts/errors';
import { getHealth, getLocales, getPasswordConfig, getTranslation } from '../../../domain/contracts/system';
import { ApiError } from '../../http/apiError';
import { registerEndpoint } from '../../http/route';
import { acceptCookie } from '../../../domain/contracts/consent';
import { CONSENT_KEY, CONSENT_VERSION, STORED_THINGS } from '../../../domain/consent/policy';

/** Calls a signed-out client makes on load: health, locales, translations, password rule. */
export const systemRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, getHealth, async () => {
    await sql`select 1`.execute(app.db);
    return { ok: true, database: app.dbKind };
  });

  registerEndpoint(app, getLocales, async () =>
    app.db.selectFrom('locales').select(['code', 'name']).orderBy('code').execute(),
  );

  registerEndpoint(app, getTranslation, async ({ query }) => {
    const locale = await app.db.selectFrom('locales').select('code').where('code', '=', query.code).executeTakeFirst();
    if (locale === undefined) throw new ApiError(404, ServerMessages.translationNotFound);
    const rows = await app.db.selectFrom('translations').select(['key', 'text']).where('locale_code', '=', locale.code).execute();
    return { code: locale.code, translations: Object.fromEntries(rows.map((row) => [row.key, row.text])) };
  });

  // What the browser keeps and which of it needs consent; the banner shows the same list.
  registerEndpoint(app, acceptCookie, async () => ({ version: CONSENT_VERSION, consentKey: CONSENT_KEY, things: STORED_THINGS.map((thing) => ({ ...thing })) }));

  registerEndpoint(app, getPasswordConfig, async () => ({ regex: app.config.passwordRegex }));
};
