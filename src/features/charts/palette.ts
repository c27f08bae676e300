import { DIFFERENT_TERM_COLOUR, GENDER_COLOURS, PALETTE, contrastRatio } from '../../../domain/charts/colours';

// The colours themselves are defined once, in domain/charts (shared with the PDF report).
export { GENDER_COLOURS, PALETTE, contrastRatio };

/**
 * Colours SPEC section 9 leaves open: its PREFER_NOT_TO_SAY key reads as PREFER_NOT, and the
 * ABS answer "I use a different term" gets a dark navy of its own: it sits between Non-binary
 * (OTHER) and Prefer not to answer, and this colour stays far from every SPEC colour under
 * protanopia, deuteranopia and tritanopia alike (tests/src/chartLocale.test.ts).
 */
export const GENDER_COLOURS_EXTRA: Readonly<Record<string, string>> = {
  PREFER_NOT_TO_SAY: GENDER_COLOURS.PREFER_NOT!,
  DIFFERENT_TERM: DIFFERENT_TERM_COLOUR,
};

/** The charts' card background. */
export const CHART_BACKGROUND = '#ffffff';
const EDGE = '#3b3a48';

/**
 * The outline a shape of this fill needs to stand out from the card (WCAG 1.4.11, 3:1 for
 * graphics): SPEC's OTHER and SILENT are a little lighter than that, so they get a dark edge;
 * the others keep the stroke they had.
 */
export const edgeFor = (fill: string, otherwise?: string): string | undefined =>
  /^#[0-9a-f]{6}$/i.test(fill) && contrastRatio(fill, CHART_BACKGROUND) < 3 ? EDGE : otherwise;

/*
 * The ten-colour chart palette (PALETTE, SPEC gives no values), each holding 3:1 against white for the
 * graphical-object rule. Its order matters as much as its colours: segments and slices take
 * them in turn, so each colour sits next to one that stays apart from it (CIEDE2000 of 15 or
 * more) for normal vision and under protanopia, deuteranopia and tritanopia, the last next to
 * the first too for charts of more than ten values (tests/src/chartLocale.test.ts). Orange
 * beside green, as it was, merged for protanopes.
 */

/** 'Prefer not to answer' is styled apart from the answers in every chart. */
export const PREFER_NOT_COLOUR = GENDER_COLOURS.PREFER_NOT;

/**
 * The colour of each gender answer, by the gender lookup's code (server/services/lookups/standards/abs.ts),
 * so it holds in every language: SPEC's FEMALE, MALE and PREFER_NOT; Non-binary takes SPEC's
 * OTHER and "I use a different term" its deeper shade (no answer, keyed "unknown", is SILENT).
 */
export const GENDER_CODE_COLOURS: Readonly<Record<string, string>> = {
  female: GENDER_COLOURS.FEMALE!,
  male: GENDER_COLOURS.MALE!,
  non_binary: GENDER_COLOURS.OTHER!,
  other: GENDER_COLOURS_EXTRA.DIFFERENT_TERM!,
  prefer_not: GENDER_COLOURS.PREFER_NOT!,
};

/** What a chart knows of a cell: its key, and once labelled (localNames.ts) the item's code. */
export interface ColouredCell {
  readonly key: string;
  readonly label?: string;
  readonly preferNot?: true;
  readonly code?: string;
}

/** The item code localiseLabels gave a header or cell, if any. */
export const codeOf = (labelled: object | undefined): string | undefined => {
  const code = (labelled as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
};

/**
 * The gender colour of a cell. Gender cells are keyed by principle id: the item's code, which
 * the labels bring (localiseLabels), decides first; then a key that is a SPEC colour name
 * (FEMALE...), Prefer not to answer and no answer. Only when nothing else is known does the ABS
 * English wording of the label ('Woman or female') decide; every other gender answer takes OTHER.
 */
export const genderColour = (cell: ColouredCell): string => {
  if (cell.code !== undefined && GENDER_CODE_COLOURS[cell.code]) return GENDER_CODE_COLOURS[cell.code]!;
  const code = cell.key.toUpperCase();
  if (GENDER_COLOURS[code]) return GENDER_COLOURS[code];
  if (GENDER_COLOURS_EXTRA[code]) return GENDER_COLOURS_EXTRA[code];
  if (cell.preferNot) return GENDER_COLOURS.PREFER_NOT;
  if (['none', 'unknown', 'no_answer', 'silent'].includes(cell.key.toLowerCase())) return GENDER_COLOURS.SILENT;
  const label = (cell.label ?? cell.key).toLowerCase();
  if (/\b(woman|women|female)\b/.test(label)) return GENDER_COLOURS.FEMALE;
  if (/\b(man|men|male)\b/.test(label)) return GENDER_COLOURS.MALE;
  if (/\bdifferent term\b/.test(label)) return GENDER_COLOURS_EXTRA.DIFFERENT_TERM!;
  return GENDER_COLOURS.OTHER;
};

export const paletteColour = (index: number): string => PALETTE[index % PALETTE.length];

/** A cell's colour: its gender colour if it is one, Prefer not apart, otherwise the palette in order. */
export const colourFor = (cell: ColouredCell, index: number, genders = false): string =>
  genders ? genderColour(cell) : cell.preferNot ? PREFER_NOT_COLOUR : paletteColour(index);

/** The id of the hatch pattern that stands for a hidden cell (defined once per chart). */
export const HATCH_ID = 'chart-hatch-hidden';
