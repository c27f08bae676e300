import * as t from 'io-ts';
import { isRight } from 'fp-ts/Either';
import { RecordedAppEntry } from '../../domain/app/events';
import type { AppEnvelope } from '../bus/types';

export const LOG_FORMAT = 'diversity-survey-event-log';
/** Bumped whenever an event changes shape; an older build refuses a newer log. */
export const LOG_VERSION = 1;

const LogHeader = t.strict({ format: t.literal(LOG_FORMAT), version: t.number });
export const LogFile = t.strict({
  format: t.literal(LOG_FORMAT),
  version: t.number,
  exportedAt: t.number,
  entries: t.array(RecordedAppEntry),
});
export type LogFile = t.TypeOf<typeof LogFile>;

export const exportLog = (entries: readonly AppEnvelope[], exportedAt: number): string =>
  JSON.stringify(LogFile.encode({ format: LOG_FORMAT, version: LOG_VERSION, exportedAt, entries: [...entries] }), null, 2);

export type ImportResult =
  | { readonly ok: true; readonly entries: AppEnvelope[] }
  | { readonly ok: false; readonly reason: 'notALog' | 'newerVersion' };

/** An imported file is untrusted input: it must decode completely or nothing is replayed. */
export const importLog = (text: string): ImportResult => {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'notALog' };
  }
  const header = LogHeader.decode(raw);
  if (!isRight(header)) return { ok: false, reason: 'notALog' };
  if (header.right.version > LOG_VERSION) return { ok: false, reason: 'newerVersion' };
  const file = LogFile.decode(raw);
  if (!isRight(file)) return { ok: false, reason: 'notALog' };
  return { ok: true, entries: file.right.entries };
};
