import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress';
import { PURE_CONSTRUCTORS } from './scripts/pureConstructors';

const fromRoot = (path: string) => resolve(import.meta.dirname, path);

/**
 * The participant's page (survey links, emailed edit and delete links): built after the
 * dashboards, into the same folder. Its entry (src/participant.tsx) composes an application of
 * the survey's slices, sections and actions only (domain/app/participantApp.ts).
 */
export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist/client',
    // The dashboards' build is already there.
    emptyOutDir: false,
    sourcemap: true,
    rolldownOptions: { input: fromRoot('survey.html'), treeshake: { manualPureFunctions: PURE_CONSTRUCTORS, propertyReadSideEffects: false } },
  },
});
