import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { isParticipantPage } from './domain/navigation/participant';
import { precompress } from './scripts/precompress';
import { PURE_CONSTRUCTORS } from './scripts/pureConstructors';

const apiPort = Number(process.env.PORT ?? 3000);

/** In development, the participant's pages get survey.html, as the server does in production. */
const participantPages = (): Plugin => ({
  name: 'participant-pages',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      const [path = '/', query = ''] = (request.url ?? '/').split('?');
      if (request.method === 'GET' && isParticipantPage(path, query)) request.url = `/survey.html${query ? `?${query}` : ''}`;
      next();
    });
  },
});

const fromRoot = (path: string) => resolve(import.meta.dirname, path);

/**
 * Puts the dashboards' reducer and decide in place of the application's (domain/app/dashboard*.ts):
 * they leave out the survey's, which only the participant's page (survey.html) uses.
 */
const dashboardApp = (): Plugin => {
  const swaps = new Map([
    [fromRoot('domain/app/state.ts'), fromRoot('domain/app/dashboardState.ts')],
    [fromRoot('domain/app/decide.ts'), fromRoot('domain/app/dashboardDecide.ts')],
  ]);
  return {
    name: 'dashboard-app',
    // In development both pages are served from this config with the full application.
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved === null ? null : (swaps.get(resolved.id) ?? null);
    },
  };
};

/**
 * The dashboards' application (index.html). The participant's page (survey.html) is built
 * apart by vite.participant.config.ts, so that it shares no chunk with the dashboards: its
 * JavaScript stays in one file a phone fetches at once, whatever the dashboards import.
 */
export default defineConfig({
  plugins: [dashboardApp(), react(), participantPages(), precompress()],
  build: {
    outDir: 'dist/client',
    sourcemap: true,
    rolldownOptions: {
      treeshake: { manualPureFunctions: PURE_CONSTRUCTORS },
      // Every module the entry imports statically goes into one file. Left to itself the bundler
      // cut them into a dozen small chunks shared with the lazy pages, which the browser fetched
      // at once anyway and which compress worse apart (about 7 KB of gzip more for the same code).
      output: { codeSplitting: { groups: [{ name: 'first-load', tags: ['$initial'] }] } },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
});
