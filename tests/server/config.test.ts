import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, fallbackPasswordRegex, loadConfig, projectRoot } from '../../server/config';

const samlFixture = (name: string): string => readFileSync(new URL(`../fixtures/saml/${name}`, import.meta.url), 'utf8');

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: `${projectRoot}/data/pglite`,
      production: false,
      cookieDomain: undefined,
      rateLimit: { sessionMax: 3000, addressMax: 1000 },
      passwordRegex: fallbackPasswordRegex,
      clientDir: `${projectRoot}/dist/client`,
      logLevel: 'info',
      trustProxy: false,
      statisticsFreshWaitMs: 500,
    });
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '3999',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
      DATA_DIR: '/tmp/data',
      NODE_ENV: 'production',
      COOKIE_DOMAIN: '.example.org',
      RATE_LIMIT_MAX: '20',
      RATE_LIMIT_SESSION_MAX: '40',
      PASSWORD_REGEX: '^.{12,}$',
      TRUST_PROXY: 'true',
      STATISTICS_FRESH_WAIT_MS: '2000',
    });
    expect(config).toMatchObject({
      port: 3999,
      host: '0.0.0.0',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
      dataDir: '/tmp/data',
      production: true,
      cookieDomain: '.example.org',
      rateLimit: { sessionMax: 40, addressMax: 20 },
      passwordRegex: '^.{12,}$',
      trustProxy: true,
      statisticsFreshWaitMs: 2000,
    });
  });

  it('keeps the logger quiet under test', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).toBe('silent');
  });

  it.each([
    [{ PORT: 'abc' }, /PORT "abc"/],
    [{ PORT: '70000' }, /PORT "70000"/],
    [{ PORT: '3.5' }, /PORT/],
    [{ RATE_LIMIT_MAX: '0' }, /RATE_LIMIT_MAX/],
    [{ PASSWORD_REGEX: '(' }, /PASSWORD_REGEX/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ TRUST_PROXY: 'maybe' }, /TRUST_PROXY/],
    [{ STATISTICS_FRESH_WAIT_MS: '-1' }, /STATISTICS_FRESH_WAIT_MS/],
    [{ RATE_LIMIT_SESSION_MAX: '0' }, /RATE_LIMIT_SESSION_MAX/],
    [{ MAILBOX_KEY: 'short' }, /MAILBOX_KEY/],
    [{ OPERATOR_TOKEN: 'has a space in it, so no' }, /OPERATOR_TOKEN/],
    [{ SAML_SP_PRIVATE_KEY: samlFixture('idp-key.pem') }, /SAML_SP_PRIVATE_KEY and SAML_SP_CERTIFICATE/],
    [{ SAML_SP_PRIVATE_KEY: samlFixture('idp-key.pem'), SAML_SP_CERTIFICATE: samlFixture('stranger-cert.pem') }, /SAML_SP_CERTIFICATE is not the certificate of SAML_SP_PRIVATE_KEY/],
    [{ SAML_SP_PRIVATE_KEY: 'not a key', SAML_SP_CERTIFICATE: samlFixture('idp-cert.pem') }, /must be PEM texts/],
  ])('refuses %j with a message naming the setting', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('takes a SAML service provider key and its certificate together', () => {
    const pair = { SAML_SP_PRIVATE_KEY: samlFixture('idp-key.pem'), SAML_SP_CERTIFICATE: samlFixture('idp-cert.pem') };
    expect(loadConfig(pair).samlServiceProvider).toEqual({ privateKey: pair.SAML_SP_PRIVATE_KEY.trim(), certificate: pair.SAML_SP_CERTIFICATE.trim() });
    expect(loadConfig({}).samlServiceProvider).toBeUndefined();
  });

  it('makes a fresh mailbox key and operator token at each start outside production, and none of them in production', () => {
    const first = loadConfig({});
    const second = loadConfig({});
    expect(first.mailboxKey).toMatch(/^[\w-]{32}$/);
    expect(first.operatorToken).toMatch(/^[\w-]{32}$/);
    expect(second.mailboxKey).not.toBe(first.mailboxKey);
    expect(loadConfig({ MAILBOX_KEY: 'a-key-of-twenty-chars', OPERATOR_TOKEN: 'operator-token-of-24-ch' })).toMatchObject({
      mailboxKey: 'a-key-of-twenty-chars',
      operatorToken: 'operator-token-of-24-ch',
    });
    const production = loadConfig({ NODE_ENV: 'production', MAILBOX_KEY: 'a-key-of-twenty-chars' });
    expect(production.mailboxKey).toBeUndefined();
    expect(production.operatorToken).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'production', OPERATOR_TOKEN: 'operator-token-of-24-ch' }).operatorToken).toBe('operator-token-of-24-ch');
  });
});

describe('SENTRY_DSN', () => {
  it('is off by default and gives the envelope address of a DSN, with a path prefix kept', () => {
    expect(loadConfig({}).sentry).toBeUndefined();
    expect(loadConfig({ SENTRY_DSN: 'https://abc123@o1.ingest.example.test/42' }).sentry).toEqual({
      dsn: 'https://abc123@o1.ingest.example.test/42', publicKey: 'abc123', envelopeUrl: 'https://o1.ingest.example.test/api/42/envelope/',
    });
    expect(loadConfig({ SENTRY_DSN: 'http://key@127.0.0.1:9000/prefix/7' }).sentry?.envelopeUrl).toBe('http://127.0.0.1:9000/prefix/api/7/envelope/');
    expect(loadConfig({ NODE_ENV: 'production' }).environment).toBe('production');
  });

  it.each(['not a url', 'ftp://key@host/1', 'https://host/1', 'https://key@host/'])('refuses %s', (dsn) => {
    expect(() => loadConfig({ SENTRY_DSN: dsn })).toThrow(ConfigError);
  });
});

describe('OPERATOR_EMAIL', () => {
  it('is off by default, takes an address, and refuses anything else', () => {
    expect(loadConfig({}).operatorEmail).toBeUndefined();
    expect(loadConfig({ OPERATOR_EMAIL: 'operator@riverbend.example.org' }).operatorEmail).toBe('operator@riverbend.example.org');
    expect(() => loadConfig({ OPERATOR_EMAIL: 'not an address' })).toThrow(ConfigError);
  });
});

describe('OPERATOR_LOCALE', () => {
  it('is English by default, takes a product language, and refuses anything else', () => {
    expect(loadConfig({}).operatorLocale).toBe('en');
    expect(loadConfig({ OPERATOR_LOCALE: 'FR' }).operatorLocale).toBe('fr');
    expect(() => loadConfig({ OPERATOR_LOCALE: 'de' })).toThrow(ConfigError);
  });
});
