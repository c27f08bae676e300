import { lazyNamed } from '../app/lazyPage';

/**
 * The language switcher of the layouts, in a chunk of its own: react-aria's select, list and
 * popover would otherwise join the entry every visitor downloads first (45 KB gzipped). The
 * switcher appears a moment after the page, with nothing in its place meanwhile.
 */
export const LanguageSelectLater = lazyNamed(() => import('./LanguageSelect'), 'LanguageSelect', null).Page;
