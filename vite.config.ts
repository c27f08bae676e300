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

/**
 * The dashboards' application (index.html). The participant's page (survey.html) is built
 * apart by vite.participant.config.ts, so that it shares no chunk with the dashboards: its
 * JavaScript stays in one file a phone fetches at once, whatever the dashboards import. Each
 * page's entry composes its own application (src/main.tsx, src/participant.tsx); no module is
 * put in place of another at build time.
 */
export default defineConfig({
  plugins: [react(), participantPages(), precompress()],
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
