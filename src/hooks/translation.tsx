import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { Translate, Translator } from '../../infrastructure/i18n/translator';

const TranslatorContext = createContext<Translator | null>(null);

export const TranslatorProvider = ({ translator, children }: { translator: Translator; children: ReactNode }) => (
  <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>
);

/** What a screen translates with: `t` and the language shown, both new after every change of language. */
export const useTranslation = (): { t: Translate; language: string } => {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error('useTranslation outside TranslatorProvider');
  const revision = useSyncExternalStore(translator.subscribe, () => translator.revision);
  // A new function per revision, so memoised texts are made again when the texts change.
  const t = useMemo<Translate>(() => (key, options) => translator.t(key, options), [translator, revision]);
  return { t, language: translator.language };
};

/**
 * Adds a page's part of the built-in English before the page's first text is read (the part
 * came with the page's chunk; adding it again does nothing), so no key shows instead of its text.
 */
export const useBuiltInTexts = (texts: Readonly<Record<string, string>>): void => {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error('useBuiltInTexts outside TranslatorProvider');
  translator.addBuiltInTexts(texts);
};
