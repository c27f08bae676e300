/** SPEC section 9 gender colours, keyed by the gender lookup's code. */
export const GENDER_COLOURS: Readonly<Record<string, string>> = {
  FEMALE: '#8E26D9',
  MALE: '#1CA1BA',
  OTHER: '#AD961F',
  PREFER_NOT: '#D96226',
  SILENT: '#4ead1f',
};

/**
 * The ten-colour chart palette (SPEC gives no values). Chosen to stay apart for the common
 * colour-vision deficiencies and to hold 3:1 against white for the graphical-object rule.
 */
export const PALETTE: readonly string[] = [
  '#2F5D9E', '#C2571A', '#2E8540', '#A3326B', '#6B4FBB',
  '#8A6D00', '#0F7C80', '#B8322A', '#5E6B7A', '#7A4E2D',
];

/** 'Prefer not to answer' is styled apart from the answers in every chart. */
export const PREFER_NOT_COLOUR = GENDER_COLOURS.PREFER_NOT;

/**
 * The gender colour of a cell. Gender cells are keyed by principle id, so the code is read from
 * the key when it is one (FEMALE...) and otherwise from the ABS wording of the label
 * ('Woman or female', 'Man or male'); Prefer not to answer and no answer have their own colours,
 * every other gender answer takes OTHER.
 */
export const genderColour = (cell: { key: string; label?: string; preferNot?: true }): string => {
  const code = cell.key.toUpperCase();
  if (GENDER_COLOURS[code]) return GENDER_COLOURS[code];
  if (cell.preferNot) return GENDER_COLOURS.PREFER_NOT;
  if (['none', 'unknown', 'no_answer', 'silent'].includes(cell.key.toLowerCase())) return GENDER_COLOURS.SILENT;
  const label = (cell.label ?? cell.key).toLowerCase();
  if (/\b(woman|women|female)\b/.test(label)) return GENDER_COLOURS.FEMALE;
  if (/\b(man|men|male)\b/.test(label)) return GENDER_COLOURS.MALE;
  return GENDER_COLOURS.OTHER;
};

export const paletteColour = (index: number): string => PALETTE[index % PALETTE.length];

/** A cell's colour: its gender colour if it is one, Prefer not apart, otherwise the palette in order. */
export const colourFor = (cell: { key: string; label?: string; preferNot?: true }, index: number, genders = false): string =>
  genders ? genderColour(cell) : cell.preferNot ? PREFER_NOT_COLOUR : paletteColour(index);

/** The id of the hatch pattern that stands for a hidden cell (defined once per chart). */
export const HATCH_ID = 'chart-hatch-hidden';
