import { DEFAULT_LANGUAGE } from '../../domain/i18n/state';
import { storedItems, type KeyValueStorage } from '../storage/local';

/** The language whose texts ship with the client (SPEC section 9: 'au', built-in English). */
export const BUILT_IN_LANGUAGE = DEFAULT_LANGUAGE;

/** The language chosen last time (kept under newLang), or the default. */
export const initialLanguage = (storage: KeyValueStorage): string => storedItems.newLang.read(storage) ?? DEFAULT_LANGUAGE;
