import { loadConfig, type ServerConfig } from '../../../server/config';

/** The development mailbox's key in tests (a server prints a random one at each start). */
export const TEST_MAILBOX_KEY = 'test-mailbox-key-0123456789';

/** The operator's token in tests. */
export const TEST_OPERATOR_TOKEN = 'test-operator-token-0123456789';

/** The default configuration as a test sees it: logger off, no rate limit in the way, no client. */
export const testConfig = (overrides: Partial<ServerConfig> = {}): ServerConfig => ({
  ...loadConfig({ NODE_ENV: 'test' }),
  rateLimit: { sessionMax: 1_000_000, addressMax: 1_000_000 },
  mailboxKey: TEST_MAILBOX_KEY,
  operatorToken: TEST_OPERATOR_TOKEN,
  clientDir: '/nonexistent/client',
  ...overrides,
});
