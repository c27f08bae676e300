// Letters NFD does not take apart, written as their usual Latin spelling.
const FOLDED: Readonly<Record<string, string>> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ŋ: 'ng',
  ʼ: "'",
  '’': "'",
  ʻ: "'",
};

/**
 * The form names are searched in: lower case, accents removed, spacing collapsed. Done in
 * JavaScript at seed time and on the query, because PostgreSQL's unaccent extension is not
 * available on PGlite.
 */
export const normaliseSearch = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øæœßłđðþıŋʼ’ʻ]/g, (letter) => FOLDED[letter] ?? letter)
    .replace(/\s+/g, ' ')
    .trim();

/** What the search column holds: the name first (prefix ranking reads it), then the aliases. */
export const searchText = (name: string, aliases: readonly string[] = []): string =>
  [name, ...aliases].map(normaliseSearch).filter((text, index, all) => text !== '' && all.indexOf(text) === index).join(' | ');

/** Escapes LIKE's wildcards so that a typed % or _ matches itself. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (character) => `\\${character}`);
