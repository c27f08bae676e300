import * as t from 'io-ts';
import { endpoint } from './endpoint';

export const Locale = t.strict({ code: t.string, name: t.string });
export type Locale = t.TypeOf<typeof Locale>;

export const getLocales = endpoint({ method: 'GET', path: '/locale/locales', data: t.array(Locale) });

export const Translation = t.strict({ code: t.string, translations: t.record(t.string, t.string) });
export type Translation = t.TypeOf<typeof Translation>;

export const getTranslation = endpoint({
  method: 'GET',
  path: '/translation',
  query: t.strict({ code: t.string }),
  data: Translation,
  maxRetry: 1,
});

export const PasswordConfig = t.strict({ regex: t.string });
export type PasswordConfig = t.TypeOf<typeof PasswordConfig>;

export const getPasswordConfig = endpoint({ method: 'GET', path: '/password-config', data: PasswordConfig });

export const Health = t.strict({ ok: t.boolean, database: t.keyof({ pglite: null, postgres: null }) });
export const getHealth = endpoint({ method: 'GET', path: '/health', data: Health });

/**
 * Readiness for a load balancer: the database answers and its schema is the one the code
 * expects. Answers HTTP 503 with ready false otherwise.
 */
export const Readiness = t.strict({
  ready: t.boolean,
  database: t.keyof({ pglite: null, postgres: null }),
  /** The newest migration applied, and the newest this code brings. */
  migration: t.strict({ applied: t.union([t.string, t.null]), expected: t.string }),
});
export type Readiness = t.TypeOf<typeof Readiness>;
export const getReadiness = endpoint({ method: 'GET', path: '/ready', data: Readiness });
