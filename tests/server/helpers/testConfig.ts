import { loadConfig, type ServerConfig } from '../../../server/config';

/** The default configuration as a test sees it: logger off, no rate limit in the way, no client. */
export const testConfig = (overrides: Partial<ServerConfig> = {}): ServerConfig => ({
  ...loadConfig({ NODE_ENV: 'test' }),
  rateLimitMax: 1_000_000,
  clientDir: '/nonexistent/client',
  ...overrides,
});
