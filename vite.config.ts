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
 * JavaScript stays in one file a phone fetches at once, whatever the dashboards import.
 */
export default defineConfig({
  plugins: [react(), participantPages(), precompress()],
  build: { outDir: 'dist/client', sourcemap: true, rolldownOptions: { treeshake: { manualPureFunctions: PURE_CONSTRUCTORS } } },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
});
