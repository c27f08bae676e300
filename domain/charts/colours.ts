/**
 * One colour per answer across the product (screen, report, slide show). A gender answer takes
 * its SPEC section 9 colour by the gender lookup's code; "Prefer not to answer" is always the
 * same orange; "no answer" is SPEC's SILENT green; every other answer takes a palette colour
 * chosen by its id, so the same answer keeps its colour in every chart whatever else is drawn.
 */

/** SPEC section 9 gender colours, keyed by the SPEC's names. */
export const GENDER_COLOURS: Readonly<Record<string, string>> = {
  FEMALE: '#8E26D9',
  MALE: '#1CA1BA',
  OTHER: '#AD961F',
  PREFER_NOT: '#D96226',
  SILENT: '#4ead1f',
};

/** "I use a different term": a dark navy far from every SPEC colour under the three colour-vision deficiencies. */
export const DIFFERENT_TERM_COLOUR = '#1F2A5A';

/** 'Prefer not to answer', in every chart. */
export const PREFER_NOT_COLOUR = GENDER_COLOURS.PREFER_NOT!;

/** No answer given. */
export const NO_ANSWER_COLOUR = GENDER_COLOURS.SILENT!;

/** The bar that gathers the values past the top N. */
export const OTHER_COLOUR = '#5E6B7A';

/**
 * The ten-colour chart palette, each at least 3:1 against white (WCAG 1.4.11); neighbours stay
 * apart for normal vision and the three colour-vision deficiencies (tests/src/chartLocale.test.ts).
 */
export const PALETTE: readonly string[] = [
  '#2F5D9E', '#C2571A', '#6B4FBB', '#2E8540', '#A3326B',
  '#8A6D00', '#0F7C80', '#B8322A', '#5E6B7A', '#7A4E2D',
];

/** The gender answers' colours by the gender lookup's code (server/services/lookups/standards/abs.ts). */
export const GENDER_CODE_COLOURS: Readonly<Record<string, string>> = {
  female: GENDER_COLOURS.FEMALE!,
  male: GENDER_COLOURS.MALE!,
  non_binary: GENDER_COLOURS.OTHER!,
  other: DIFFERENT_TERM_COLOUR,
  prefer_not: PREFER_NOT_COLOUR,
};

/** What decides an answer's colour: its id (the cell key), and where known its lookup code and flags. */
export interface Answer {
  readonly key: string;
  readonly label?: string;
  readonly code?: string;
  readonly preferNot?: boolean;
}

const NO_ANSWER_KEYS = new Set(['none', 'unknown', 'no_answer', 'silent']);
const PREFER_NOT_CODES = new Set(['prefer_not', 'prefer_not_to_say', 'prefer_not_to_answer']);

/** A small stable hash (FNV-1a) of an answer id: the same id gives the same palette colour everywhere. */
export const paletteIndexOf = (key: string): number => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % PALETTE.length;
};

/**
 * An answer's colour, the same in every chart: Prefer not to answer and no answer first, then
 * a gender code's colour, then (for a gender chart whose items carry no code) the SPEC's name
 * or the ABS English wording, and otherwise the palette colour its id picks.
 */
export const colourOf = (answer: Answer, options: { readonly genders?: boolean } = {}): string => {
  const key = answer.key.toLowerCase();
  if (answer.preferNot || (answer.code !== undefined && PREFER_NOT_CODES.has(answer.code)) || PREFER_NOT_CODES.has(key)) return PREFER_NOT_COLOUR;
  if (NO_ANSWER_KEYS.has(key)) return NO_ANSWER_COLOUR;
  if (answer.code !== undefined && GENDER_CODE_COLOURS[answer.code]) return GENDER_CODE_COLOURS[answer.code]!;
  if (options.genders) {
    const named = GENDER_COLOURS[answer.key.toUpperCase()];
    if (named) return named;
    const label = (answer.label ?? '').toLowerCase();
    if (/\b(woman|women|female)\b/.test(label)) return GENDER_COLOURS.FEMALE!;
    if (/\b(man|men|male)\b/.test(label)) return GENDER_COLOURS.MALE!;
    if (/\bdifferent term\b/.test(label)) return DIFFERENT_TERM_COLOUR;
    if (/non[- ]?binary/.test(label)) return GENDER_COLOURS.OTHER!;
  }
  return ANSWER_PALETTE[paletteIndexOf(answer.key) % ANSWER_PALETTE.length]!;
};

/**
 * The palette colours an answer may take by its id: all but the grey of "Other" and the orange
 * nearest to Prefer not to answer's, so neither is mistaken for an answer.
 */
export const ANSWER_PALETTE: readonly string[] = PALETTE.filter((colour) => colour !== OTHER_COLOUR && colour !== '#C2571A');

const fixedColour = (answer: Answer, genders: boolean): string | null => {
  const colour = colourOf(answer, { genders });
  return PALETTE.includes(colour) ? null : colour;
};

/**
 * The colours of the answers drawn together in one chart, by key. Each answer takes the colour
 * its id picks (colourOf); where two answers of the chart would share one, the one whose id
 * sorts later takes the next free colour. Colours depend only on which answers the chart holds,
 * never on their figures or order, so the same question keeps its colours under any filter,
 * and two answers of a chart never look alike while the palette lasts.
 */
export const coloursOf = (answers: readonly Answer[], options: { readonly genders?: boolean } = {}): Map<string, string> => {
  const colours = new Map<string, string>();
  const used = new Set<string>();
  const byId = [...answers].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (const answer of byId) {
    const fixed = fixedColour(answer, options.genders ?? false);
    if (fixed !== null) colours.set(answer.key, fixed);
  }
  for (const answer of byId) {
    if (colours.has(answer.key)) continue;
    const start = paletteIndexOf(answer.key) % ANSWER_PALETTE.length;
    let pick = ANSWER_PALETTE[start]!;
    for (let step = 0; step < ANSWER_PALETTE.length; step += 1) {
      const candidate = ANSWER_PALETTE[(start + step) % ANSWER_PALETTE.length]!;
      if (!used.has(candidate)) {
        pick = candidate;
        break;
      }
    }
    used.add(pick);
    colours.set(answer.key, pick);
  }
  return colours;
};

/** A series colour by position (selections compared side by side are no answers: they take the palette in turn). */
export const seriesColour = (index: number): string => PALETTE[((index % PALETTE.length) + PALETTE.length) % PALETTE.length]!;

const channel = (hex: string, at: number): number => {
  const value = parseInt(hex.slice(at, at + 2), 16) / 255;
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
};
const luminance = (hex: string): number => 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export const contrastRatio = (a: string, b: string): number => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

/** The outline a fill needs to stand 3:1 out from a white card (WCAG 1.4.11); undefined when it needs none. */
export const edgeColourFor = (fill: string, background = '#ffffff'): string | undefined =>
  /^#[0-9a-f]{6}$/i.test(fill) && contrastRatio(fill, background) < 3 ? '#3b3a48' : undefined;
