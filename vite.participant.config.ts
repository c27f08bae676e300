import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress';
import { PURE_CONSTRUCTORS } from './scripts/pureConstructors';

const fromRoot = (path: string) => resolve(import.meta.dirname, path);

/**
 * Puts the participant's catalogues of data sections and actions in place of the full ones
 * (domain/resources/participantSections.ts), and its own commands, events, reducer and decide
 * in place of the application's (domain/app/participant*.ts): the page of a survey link then
 * carries the codecs of the survey's own endpoints and messages only, not those of every dashboard.
 */
const participantCatalogues = (): Plugin => {
  const swaps = new Map([
    [fromRoot('domain/resources/sections.ts'), fromRoot('domain/resources/participantSections.ts')],
    [fromRoot('domain/resources/actions.ts'), fromRoot('domain/resources/participantActions.ts')],
    [fromRoot('domain/app/events.ts'), fromRoot('domain/app/participantEvents.ts')],
    [fromRoot('domain/app/state.ts'), fromRoot('domain/app/participantState.ts')],
    [fromRoot('domain/app/decide.ts'), fromRoot('domain/app/participantDecide.ts')],
  ]);
  return {
    name: 'participant-catalogues',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved === null ? null : (swaps.get(resolved.id) ?? null);
    },
  };
};

/** The participant's page (survey links, emailed edit and delete links): built after the dashboards, into the same folder. */
export default defineConfig({
  plugins: [participantCatalogues(), react(), precompress()],
  build: {
    outDir: 'dist/client',
    // The dashboards' build is already there.
    emptyOutDir: false,
    sourcemap: true,
    rolldownOptions: { input: fromRoot('survey.html'), treeshake: { manualPureFunctions: PURE_CONSTRUCTORS, propertyReadSideEffects: false } },
  },
});
