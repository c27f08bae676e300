import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress';

/** The participant's page (survey links, emailed edit and delete links): built after the dashboards, into the same folder. */
export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist/client',
    // The dashboards' build is already there.
    emptyOutDir: false,
    sourcemap: true,
    rolldownOptions: { input: resolve(import.meta.dirname, 'survey.html') },
  },
});
