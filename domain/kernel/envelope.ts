import * as t from 'io-ts';

/** Where an entry of the log came from. Only `local` entries reach effects or other tabs. */
export const Origin = t.keyof({ local: null, remote: null, replay: null });
export type Origin = t.TypeOf<typeof Origin>;

/** Version of the envelope shape; written into exported logs and tab messages. */
export const ENVELOPE_VERSION = 1;

/**
 * One entry of the event log. Ids, times and the tab are stamped here by injected sources,
 * never inside reducers, so folding the same log always gives the same state.
 */
export const envelopeCodec = <B extends t.Mixed>(body: B) =>
  t.strict({
    id: t.string,
    seq: t.number,
    at: t.number,
    tabId: t.string,
    origin: Origin,
    actor: t.union([t.string, t.null]),
    viewAs: t.union([t.string, t.null]),
    v: t.number,
    body,
  });

export interface Envelope<B> {
  readonly id: string;
  readonly seq: number;
  readonly at: number;
  readonly tabId: string;
  readonly origin: Origin;
  readonly actor: string | null;
  readonly viewAs: string | null;
  readonly v: number;
  readonly body: B;
}
