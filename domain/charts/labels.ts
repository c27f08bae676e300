/**
 * Labels that fit their room: whole when they fit, wrapped at spaces onto a few lines when
 * they do not, and only then cut with an ellipsis. Room is counted in letters (a Chinese or
 * other full-width character counts two), so the screen and the PDF can share it: each turns
 * its pixels or points into letters with its own font size.
 */

const WIDE = /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]/u;

/** The room a text takes, in Latin letters. */
export const textRoom = (text: string): number => Array.from(text).reduce((sum, c) => sum + (WIDE.test(c) ? 2 : 1), 0);

/** How many letters fit in `px` pixels of type `fontPx` high (an average letter is about 0.55 em). */
export const lettersIn = (px: number, fontPx = 12): number => Math.max(3, Math.floor(px / (fontPx * 0.55)));

const cut = (text: string, room: number): string => {
  if (textRoom(text) <= room) return text;
  const chars = Array.from(text);
  let used = 0;
  let kept = 0;
  while (kept < chars.length && used + (WIDE.test(chars[kept]!) ? 2 : 1) <= room - 1) used += WIDE.test(chars[kept++]!) ? 2 : 1;
  return `${chars.slice(0, Math.max(1, kept)).join('').trimEnd()}…`;
};

export interface FittedLabel {
  /** The lines to draw, at most `maxLines`. */
  readonly lines: readonly string[];
  /** True when something was left out: the full name then goes in a title (hover) and the table. */
  readonly cut: boolean;
}

/**
 * A label in `room` letters per line on at most `maxLines` lines: words go to the next line
 * when the line is full; a word longer than a line, or what the last line cannot hold, is cut
 * with an ellipsis. A label that fits on one line is returned whole.
 */
export const fitLabel = (label: string, room: number, maxLines = 2): FittedLabel => {
  const text = label.trim();
  if (textRoom(text) <= room) return { lines: [text], cut: false };
  // Scripts written without spaces (Chinese) break anywhere: treat each character as a word.
  const words = /\s/.test(text) ? text.split(/\s+/) : Array.from(text);
  const joiner = /\s/.test(text) ? ' ' : '';
  const lines: string[] = [];
  let line = '';
  let index = 0;
  while (index < words.length && lines.length < maxLines) {
    const word = words[index]!;
    const next = line === '' ? word : `${line}${joiner}${word}`;
    if (textRoom(next) <= room) {
      line = next;
      index += 1;
    } else if (line === '') {
      // One word longer than the line: it is cut here.
      lines.push(cut(word, room));
      index += 1;
      line = '';
      if (lines.length === maxLines) break;
    } else {
      lines.push(line);
      line = '';
    }
  }
  if (line !== '' && lines.length < maxLines) lines.push(line);
  const left = words.slice(index).join(joiner);
  if (left === '') return { lines, cut: lines.some((l) => l.endsWith('…')) };
  const last = lines.length - 1;
  lines[last] = cut(`${lines[last]}${joiner}${left}`, room);
  return { lines, cut: true };
};
