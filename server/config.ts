import { createPrivateKey, randomBytes, X509Certificate } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAIL_PER_MINUTE_DEFAULT } from '../domain/contracts/campaigns';
import { isProductLanguage, PRODUCT_LANGUAGES } from '../domain/i18n/languages';
import { parseSentryDsn, type SentryTarget } from './services/tracing/sentry';
import type { ServiceProviderKeys } from './services/sso/serviceProviderKeys';

export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** SPEC section 9: at least 8 characters with a lowercase letter, an uppercase letter and a digit. */
export const fallbackPasswordRegex = '^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d).{8,}$';

export type LogLevel = 'silent' | 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
const logLevels: readonly LogLevel[] = ['silent', 'fatal', 'error', 'warn', 'info', 'debug', 'trace'];

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** A PostgreSQL server; without it the embedded PGlite in `dataDir` is used. */
  readonly databaseUrl?: string;
  /** A streaming replica of `databaseUrl` on which the statistics count (docs/operations.md). */
  readonly databaseReplicaUrl?: string;
  /** How long a count waits for the replica to replay the organisation's newest answers before the primary counts it. */
  readonly replicaWaitMs: number;
  /** Organisations whose home-page figures are counted in the background after a start (0: none). */
  readonly statisticsWarmOrganizations: number;
  readonly dataDir: string;
  readonly production: boolean;
  readonly cookieDomain?: string;
  /** API requests a minute: per live session when signed in, per client address otherwise. */
  readonly rateLimit: { readonly sessionMax: number; readonly addressMax: number };
  /**
   * Outside production, the key that opens the development mailbox (the outbox of every
   * organisation); undefined in production, where the mailbox does not exist.
   */
  readonly mailboxKey?: string;
  /**
   * The bearer token of the operator's HTTP endpoints (metrics, error reports, backups).
   * Outside production a random one is made at each start unless OPERATOR_TOKEN sets it; in
   * production the endpoints exist only when it is set.
   */
  readonly operatorToken?: string;
  readonly passwordRegex: string;
  /** The Vite-built client. */
  readonly clientDir: string;
  readonly logLevel: LogLevel;
  /** Behind a reverse proxy the client address comes from X-Forwarded-For (rate limit, audit). */
  readonly trustProxy: boolean;
  /** Public address of the product, used in the links that emails carry. */
  readonly appUrl: string;
  /** smtp(s)://user:pass@host:port; without it mail stays in the outbox and is printed. */
  readonly smtpUrl?: string;
  readonly mailFrom: string;
  /** Campaign mails sent per minute across every server process (MAIL_PER_MINUTE). */
  readonly mailPerMinute: number;
  /** Days after which a password must be changed; 0 turns expiry off. */
  readonly passwordExpiryDays: number;
  /** Failed sign-ins before an account is locked, and for how long. */
  readonly loginMaxFailures: number;
  readonly loginLockoutMinutes: number;
  /** argon2id cost; raising it rehashes each password at its next sign-in. */
  readonly argon2: { readonly memoryKib: number; readonly timeCost: number };
  /**
   * After new responses, how long a statistics request waits for figures that include them
   * before it is answered from the previous figures (which the new ones then replace).
   */
  readonly statisticsFreshWaitMs: number;
  /** Selections whose figures the statistics cache keeps, the least recently read let go first. */
  readonly statisticsCacheSelections: number;
  /** Megabytes the statistics cache's figures may take (estimated), across organisations. */
  readonly statisticsCacheMegabytes: number;
  /**
   * Different filter selections an organisation's statistics answer per hour (docs/privacy.md).
   * A selection already answered this hour is answered again at no cost.
   */
  readonly statisticsSelectionsPerHour: number;
  /** m: the least number of people a release block holds, so the least any difference of figures concerns (at least 5). */
  readonly statisticsBlockSize: number;
  /** Hours responses of groups with fewer than m waiting wait before they are released together across groups. */
  readonly statisticsBatchWaitHours: number;
  /** A Sentry-compatible service that stored errors are forwarded to; none unless SENTRY_DSN is set. */
  readonly sentry?: SentryTarget;
  /** Where requests for more seats or time from the Upgrade account page are emailed; none: the form is off. */
  readonly operatorEmail?: string;
  /** The language the operator's emails are written in (a product language code); English by default. */
  readonly operatorLocale: string;
  /** The environment name errors are forwarded with (production, development, test). */
  readonly environment: string;
  /** Ed25519 private key (PKCS#8 PEM) that signs certificates; none: one is made and kept in the database. */
  readonly certificateSigningKey?: string;
  /**
   * The RSA key (PEM) and its certificate (PEM) our SAML service provider signs its requests and
   * logout messages with (SAML_SP_PRIVATE_KEY, SAML_SP_CERTIFICATE); none: a pair made at first
   * use and kept in the database.
   */
  readonly samlServiceProvider?: ServiceProviderKeys;
  /** Login with Amazon; off unless client id and secret are set. */
  readonly amazon?: {
    readonly clientId: string;
    readonly clientSecret: string;
    readonly authorizeUrl: string;
    readonly tokenUrl: string;
    readonly profileUrl: string;
  };
  /**
   * SSO_SECRET_KEY: the key the organisations' single sign-on client secrets are encrypted
   * with (AES-256-GCM). Unset in production: no client secret can be stored.
   */
  readonly ssoSecretKey?: string;
  /**
   * Lets the OpenID Connect client talk plain http to a provider on loopback. Tests only: no
   * environment variable sets it, so production never does.
   */
  readonly ssoAllowInsecureRequests?: boolean;
  /** An OpenAI-compatible chat-completions service for the AI export (AI_API_URL, AI_API_KEY, AI_MODEL); absent: the built-in reading. */
  readonly ai?: { readonly url: string; readonly key: string; readonly model: string };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Readonly<Record<string, string | undefined>>;

const present = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === '' ? undefined : value.trim();

const samlServiceProvider = (env: Env): ServiceProviderKeys | undefined => {
  const privateKey = present(env.SAML_SP_PRIVATE_KEY);
  const certificate = present(env.SAML_SP_CERTIFICATE);
  if (privateKey === undefined && certificate === undefined) return undefined;
  if (privateKey === undefined || certificate === undefined) throw new ConfigError('Set both SAML_SP_PRIVATE_KEY and SAML_SP_CERTIFICATE, or neither.');
  let parsed: { key: ReturnType<typeof createPrivateKey>; x509: X509Certificate };
  try {
    parsed = { key: createPrivateKey(privateKey), x509: new X509Certificate(certificate) };
  } catch {
    throw new ConfigError('SAML_SP_PRIVATE_KEY and SAML_SP_CERTIFICATE must be PEM texts.');
  }
  if (parsed.key.asymmetricKeyType !== 'rsa') throw new ConfigError('SAML_SP_PRIVATE_KEY must be an RSA private key (PEM).');
  if (!parsed.x509.checkPrivateKey(parsed.key)) throw new ConfigError('SAML_SP_CERTIFICATE is not the certificate of SAML_SP_PRIVATE_KEY.');
  return { privateKey, certificate };
};

const integer = (name: string, raw: string | undefined, fallback: number, min: number, max: number): number => {
  const value = present(raw);
  if (value === undefined) return fallback;
  const parsed = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
    throw new ConfigError(`Invalid ${name} "${value}": expected an integer from ${min} to ${max}.`);
  }
  return parsed;
};

const regex = (name: string, raw: string | undefined, fallback: string): string => {
  const value = raw === undefined || raw === '' ? fallback : raw;
  try {
    new RegExp(value);
  } catch (error) {
    throw new ConfigError(`Invalid ${name} "${value}": ${(error as Error).message}`);
  }
  return value;
};

const boolean = (name: string, raw: string | undefined): boolean => {
  const value = present(raw)?.toLowerCase();
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  throw new ConfigError(`Invalid ${name} "${raw}": expected true or false.`);
};

const logLevel = (raw: string | undefined, nodeEnv: string | undefined): LogLevel => {
  const value = present(raw);
  if (value === undefined) return nodeEnv === 'test' ? 'silent' : 'info';
  if (!(logLevels as readonly string[]).includes(value)) {
    throw new ConfigError(`Invalid LOG_LEVEL "${value}": expected one of ${logLevels.join(', ')}.`);
  }
  return value as LogLevel;
};

const databaseUrl = (raw: string | undefined): string | undefined => {
  const value = present(raw);
  if (value === undefined) return undefined;
  if (!/^postgres(ql)?:\/\//.test(value) || !URL.canParse(value)) {
    throw new ConfigError('Invalid DATABASE_URL: expected postgres://user@host:port/database.');
  }
  return value;
};

const replicaUrl = (raw: string | undefined, primary: string | undefined): string | undefined => {
  const value = present(raw);
  if (value === undefined) return undefined;
  if (primary === undefined) throw new ConfigError('DATABASE_REPLICA_URL needs DATABASE_URL: a replica belongs to a PostgreSQL primary.');
  if (!/^postgres(ql)?:\/\//.test(value) || !URL.canParse(value)) {
    throw new ConfigError('Invalid DATABASE_REPLICA_URL: expected postgres://user@host:port/database.');
  }
  return value;
};

const url = (name: string, raw: string | undefined): string | undefined => {
  const value = present(raw);
  if (value === undefined) return undefined;
  if (!/^https?:\/\//.test(value) || !URL.canParse(value)) throw new ConfigError(`Invalid ${name} "${value}": expected an http(s) address.`);
  return value.replace(/\/+$/, '');
};

const smtpUrl = (raw: string | undefined): string | undefined => {
  const value = present(raw);
  if (value === undefined) return undefined;
  if (!/^smtps?:\/\//.test(value) || !URL.canParse(value)) throw new ConfigError('Invalid SMTP_URL: expected smtp://user:password@host:port.');
  return value;
};

const amazon = (env: Env): ServerConfig['amazon'] => {
  const clientId = present(env.AMAZON_CLIENT_ID);
  const clientSecret = present(env.AMAZON_CLIENT_SECRET);
  if (clientId === undefined && clientSecret === undefined) return undefined;
  if (clientId === undefined || clientSecret === undefined) {
    throw new ConfigError('Login with Amazon needs both AMAZON_CLIENT_ID and AMAZON_CLIENT_SECRET.');
  }
  return {
    clientId,
    clientSecret,
    authorizeUrl: url('AMAZON_AUTHORIZE_URL', env.AMAZON_AUTHORIZE_URL) ?? 'https://www.amazon.com/ap/oa',
    tokenUrl: url('AMAZON_TOKEN_URL', env.AMAZON_TOKEN_URL) ?? 'https://api.amazon.com/auth/o2/token',
    profileUrl: url('AMAZON_PROFILE_URL', env.AMAZON_PROFILE_URL) ?? 'https://api.amazon.com/user/profile',
  };
};

/** Both AI_API_URL and AI_API_KEY, or neither: half a configuration is a mistake, said at start. */
const ai = (env: Env): ServerConfig['ai'] => {
  const address = url('AI_API_URL', env.AI_API_URL);
  const key = present(env.AI_API_KEY);
  if (address === undefined && key === undefined) return undefined;
  if (address === undefined || key === undefined) throw new ConfigError('The AI export needs both AI_API_URL and AI_API_KEY.');
  return { url: address, key, model: present(env.AI_MODEL) ?? 'gpt-4o-mini' };
};

const MIN_SECRET_LENGTH = 16;

const secret = (name: string, raw: string | undefined): string | undefined => {
  const value = present(raw);
  if (value === undefined) return undefined;
  if (value.length < MIN_SECRET_LENGTH || !/^[\x21-\x7e]+$/.test(value)) {
    throw new ConfigError(`Invalid ${name}: expected at least ${MIN_SECRET_LENGTH} printable characters without spaces.`);
  }
  return value;
};

const randomSecret = (): string => randomBytes(24).toString('base64url');

/** A fresh random key at each start unless MAILBOX_KEY sets one; none in production. */
const mailboxKey = (env: Env): string | undefined => {
  if (env.NODE_ENV === 'production') return undefined;
  return secret('MAILBOX_KEY', env.MAILBOX_KEY) ?? randomSecret();
};

/** OPERATOR_TOKEN, or outside production a fresh random one at each start. */
const operatorToken = (env: Env): string | undefined =>
  secret('OPERATOR_TOKEN', env.OPERATOR_TOKEN) ?? (env.NODE_ENV === 'production' ? undefined : randomSecret());

const sentry = (raw: string | undefined): SentryTarget | undefined => {
  const value = present(raw);
  if (value === undefined) return undefined;
  const target = parseSentryDsn(value);
  if (typeof target === 'string') throw new ConfigError(`Invalid SENTRY_DSN: ${target} (expected https://key@host/project).`);
  return target;
};

const email = (name: string, raw: string | undefined): string | undefined => {
  const value = present(raw);
  if (value === undefined) return undefined;
  if (!/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(value) || value.length > 254) throw new ConfigError(`Invalid ${name} "${value}": expected an email address.`);
  return value;
};

const productLanguageCode = (name: string, raw: string | undefined, fallback: string): string => {
  const value = present(raw)?.toLowerCase();
  if (value === undefined) return fallback;
  if (!isProductLanguage(value)) throw new ConfigError(`Invalid ${name} "${raw}": expected one of ${PRODUCT_LANGUAGES.map((language) => language.code).join(', ')}.`);
  return value;
};

/** Reads the environment once at start; a wrong value stops the start with a message naming it. */
export const loadConfig = (env: Env = process.env): ServerConfig => ({
  port: integer('PORT', env.PORT, 3000, 0, 65535),
  host: present(env.HOST) ?? '127.0.0.1',
  databaseUrl: databaseUrl(env.DATABASE_URL),
  databaseReplicaUrl: replicaUrl(env.DATABASE_REPLICA_URL, databaseUrl(env.DATABASE_URL)),
  replicaWaitMs: integer('REPLICA_WAIT_MS', env.REPLICA_WAIT_MS, 1000, 0, 600_000),
  // Tests count what they just wrote: no background counting of their own beside them.
  statisticsWarmOrganizations: integer('STATISTICS_WARM_ORGANIZATIONS', env.STATISTICS_WARM_ORGANIZATIONS, env.NODE_ENV === 'test' ? 0 : 5, 0, 1000),
  dataDir: resolve(present(env.DATA_DIR) ?? resolve(projectRoot, 'data/pglite')),
  production: env.NODE_ENV === 'production',
  cookieDomain: present(env.COOKIE_DOMAIN),
  rateLimit: {
    sessionMax: integer('RATE_LIMIT_SESSION_MAX', env.RATE_LIMIT_SESSION_MAX, 3000, 1, 1_000_000_000),
    addressMax: integer('RATE_LIMIT_MAX', env.RATE_LIMIT_MAX, 1000, 1, 1_000_000_000),
  },
  mailboxKey: mailboxKey(env),
  operatorToken: operatorToken(env),
  passwordRegex: regex('PASSWORD_REGEX', env.PASSWORD_REGEX, fallbackPasswordRegex),
  clientDir: resolve(present(env.CLIENT_DIR) ?? resolve(projectRoot, 'dist/client')),
  logLevel: logLevel(env.LOG_LEVEL, env.NODE_ENV),
  trustProxy: boolean('TRUST_PROXY', env.TRUST_PROXY),
  appUrl: url('APP_URL', env.APP_URL) ?? `http://${present(env.HOST) ?? '127.0.0.1'}:${integer('PORT', env.PORT, 3000, 0, 65535)}`,
  smtpUrl: smtpUrl(env.SMTP_URL),
  mailFrom: present(env.MAIL_FROM) ?? 'Commonweave <no-reply@commonweave.invalid>',
  mailPerMinute: integer('MAIL_PER_MINUTE', env.MAIL_PER_MINUTE, MAIL_PER_MINUTE_DEFAULT, 1, 1_000_000),
  passwordExpiryDays: integer('PASSWORD_EXPIRY_DAYS', env.PASSWORD_EXPIRY_DAYS, 180, 0, 3650),
  loginMaxFailures: integer('LOGIN_MAX_FAILURES', env.LOGIN_MAX_FAILURES, 5, 1, 100),
  loginLockoutMinutes: integer('LOGIN_LOCKOUT_MINUTES', env.LOGIN_LOCKOUT_MINUTES, 15, 1, 1440),
  argon2: {
    // OWASP's argon2id floor: 19 MiB, two passes, one lane.
    memoryKib: integer('ARGON2_MEMORY_KIB', env.ARGON2_MEMORY_KIB, 19_456, 19_456, 4_194_304),
    timeCost: integer('ARGON2_TIME_COST', env.ARGON2_TIME_COST, 2, 2, 20),
  },
  // Tests expect every figure to include what they just wrote: they wait as long as it takes.
  statisticsFreshWaitMs: integer('STATISTICS_FRESH_WAIT_MS', env.STATISTICS_FRESH_WAIT_MS, env.NODE_ENV === 'test' ? 600_000 : 500, 0, 600_000),
  statisticsCacheSelections: integer('STATISTICS_CACHE_SELECTIONS', env.STATISTICS_CACHE_SELECTIONS, 2000, 1, 1_000_000),
  statisticsCacheMegabytes: integer('STATISTICS_CACHE_MB', env.STATISTICS_CACHE_MB, 256, 16, 65_536),
  // Tests walk many selections of one organisation; the attack suites set their own allowance.
  statisticsSelectionsPerHour: integer('STATISTICS_SELECTIONS_PER_HOUR', env.STATISTICS_SELECTIONS_PER_HOUR, env.NODE_ENV === 'test' ? 1_000_000 : 120, 1, 1_000_000),
  statisticsBlockSize: integer('STATISTICS_BLOCK_SIZE', env.STATISTICS_BLOCK_SIZE, 5, 5, 1000),
  // Tests read the figures of what they just wrote, group by group or not.
  statisticsBatchWaitHours: integer('STATISTICS_BATCH_WAIT_HOURS', env.STATISTICS_BATCH_WAIT_HOURS, env.NODE_ENV === 'test' ? 0 : 72, 0, 8760),
  amazon: amazon(env),
  ssoSecretKey: secret('SSO_SECRET_KEY', env.SSO_SECRET_KEY),
  ai: ai(env),
  sentry: sentry(env.SENTRY_DSN),
  operatorEmail: email('OPERATOR_EMAIL', env.OPERATOR_EMAIL),
  operatorLocale: productLanguageCode('OPERATOR_LOCALE', env.OPERATOR_LOCALE, 'en'),
  certificateSigningKey: present(env.CERTIFICATE_SIGNING_KEY),
  samlServiceProvider: samlServiceProvider(env),
  environment: present(env.SENTRY_ENVIRONMENT) ?? (env.NODE_ENV === 'production' ? 'production' : present(env.NODE_ENV) ?? 'development'),
});
