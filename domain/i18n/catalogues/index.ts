import type { Catalogue } from '../catalogue';
import { en } from '../en';
import { PRODUCT_LANGUAGES } from '../languages';
import { ar } from './ar';
import { es } from './es';
import { fr } from './fr';
import { zh } from './zh';

/**
 * Every language's texts by code, for the server to seed and serve through /translation: 'au'
 * and 'en' are the built-in English itself.
 */
export const CATALOGUES: Readonly<Record<string, Catalogue>> = { au: en, en, fr, es, ar, zh };

/** The product's languages that have a catalogue, in the order the switchers list them. */
export const cataloguedLanguages = () => PRODUCT_LANGUAGES.filter((language) => CATALOGUES[language.code] !== undefined);
