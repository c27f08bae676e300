import { browserLanguage } from './languages';

/** Longer headers are cut: a browser sends a few tags, and only the first that the product speaks matters. */
const MAX_HEADER_CHARS = 1000;
const MAX_TAGS = 20;

/**
 * The language tags of an Accept-Language header, most wanted first (by q, then by order);
 * tags with q=0 ("not this one") and the wildcard are left out.
 */
export const acceptedLanguageTags = (header: string | undefined): string[] =>
  (header ?? '')
    .slice(0, MAX_HEADER_CHARS)
    .split(',')
    .slice(0, MAX_TAGS)
    .map((part, index) => {
      const [tag = '', ...parameters] = part.split(';').map((piece) => piece.trim());
      const q = parameters.find((parameter) => /^q=/i.test(parameter));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter(({ tag, weight }) => tag !== '' && tag !== '*' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag);

/** The product language a page the server writes itself speaks to a browser: its first accepted language the product speaks, else English. */
export const pageLanguageOf = (acceptLanguage: string | undefined): string => browserLanguage(acceptedLanguageTags(acceptLanguage)) ?? 'en';
