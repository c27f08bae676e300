/**
 * A name set inside a sentence that ends with a full stop: a name that already ends with one
 * ("Riverbend Demo Co.") gives it up, so the sentence does not end "Co..".
 */
export const nameBeforeFullStop = (name: string): string => name.trim().replace(/\.+$/u, '');

/** A message as a sentence: it ends with a stop (any script's), and one is added when it does not. */
export const asSentence = (text: string): string => {
  const trimmed = text.trim();
  return trimmed === '' || /[.!?。！？؟…:]$/u.test(trimmed) ? trimmed : `${trimmed}.`;
};

/**
 * What a refused request says, each sentence once: the field errors when there are any (the
 * envelope's general "The given data was invalid." adds nothing to them), else its message.
 * A sentence that repeats (the message is often one of the field errors) is said once.
 */
export const refusalSentences = (message: string | null | undefined, errors: Readonly<Record<string, readonly string[]>>): string[] => {
  const fieldMessages = Object.values(errors).flat();
  const all = fieldMessages.length > 0 ? fieldMessages : message ? [message] : [];
  return [...new Set(all.map((text) => text.trim()).filter((text) => text !== ''))];
};
