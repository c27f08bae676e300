import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { ParticipantTranslator, Translate } from '../../../infrastructure/i18n/participantTranslator';

const TranslatorContext = createContext<ParticipantTranslator | null>(null);

export const TranslatorProvider = ({ translator, children }: { translator: ParticipantTranslator; children: ReactNode }) => (
  <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>
);

/** The participant page's `useTranslation`: the same call shape as react-i18next's, over its own translator. */
export const useTranslation = (): { t: Translate; language: string } => {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error('useTranslation outside TranslatorProvider');
  const language = useSyncExternalStore(translator.subscribe, () => translator.language);
  // A new function per language, so memoised texts are made again when it changes.
  const t = useMemo<Translate>(() => (key, options) => translator.t(key, options), [translator, language]);
  return { t, language };
};
