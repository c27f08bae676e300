import type { MessageKey } from './en';

/** The plural forms beyond one and other that some languages need (Arabic uses all of them). */
export type ExtraPluralForm = 'zero' | 'two' | 'few' | 'many';

/**
 * A language's texts: every key of the English catalogue with the same {{placeholders}}, plus,
 * for a key with _one and _other forms, the further forms its plural rules ask for
 * (the translator picks key_few for Arabic's 3 to 10, and so on).
 */
export type Catalogue = Readonly<Record<MessageKey, string>> & Readonly<Partial<Record<`${string}_${ExtraPluralForm}`, string>>>;
