import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as t from 'io-ts';
import { isRight } from 'fp-ts/Either';
import { Subject } from 'rxjs';
import { AppEvent } from '../../domain/app/events';
import { foldLog } from '../../domain/kernel/fold';
import { REDACTED, isSecretName, withoutSecrets } from '../../domain/kernel/secrets';
import { sections, type SectionName } from '../../domain/resources/sections';
import { actions, type ActionName } from '../../domain/resources/actions';
import { DEFAULT_SLIDE_SHOW } from '../../domain/slideshow/slides';
import { createStore } from '../../infrastructure/bus/store';
import { exportLog, importLog } from '../../infrastructure/devtools/logFile';
import { dashboardApp } from '../../domain/app/dashboardApp';

// The dashboards' page folds every slice these tests use.
const { reducer: appReducer, initialState: initialAppState } = dashboardApp;

/** A generated value and the secrets planted in it, which the exported log must not hold. */
interface Planted {
  readonly value: unknown;
  readonly secrets: readonly string[];
}
const plain = (value: unknown): Planted => ({ value, secrets: [] });
const together = (parts: readonly Planted[], build: (values: unknown[]) => unknown): Planted => ({
  value: build(parts.map((part) => part.value)),
  secrets: parts.flatMap((part) => part.secrets),
});

/** The server's token format: 32 random bytes in base64url. */
const productToken = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => Buffer.from(bytes).toString('base64url'));
/** A password or code of any shape, told apart from the rest of the file by its length. */
const anySecret = fc.string({ unit: 'grapheme-ascii', minLength: 14, maxLength: 30 });
const secretParameter = fc.constantFrom('token', 'second-admin-token', 'invitation', 'code', 'reset_token');

/**
 * Any string field: ordinary text, or a secret where a careless event could put one (a bare
 * token, a survey link's address, a calendar feed's address, a sentence quoting a token).
 */
const text = (fieldName: string): fc.Arbitrary<Planted> => {
  const named = /token|password|secret|passcode|otp$/i.test(fieldName) && !/id$/i.test(fieldName);
  return fc.oneof(
    fc.string({ maxLength: 12 }).map(plain),
    productToken.map((token) => ({ value: token, secrets: [token] })),
    fc.tuple(secretParameter, productToken, fc.webSegment()).map(([parameter, token, alias]) => ({
      value: `https://survey.example.org/?${parameter}=${token}&alias=${alias}`,
      secrets: [token],
    })),
    productToken.map((token) => ({ value: `https://survey.example.org/api/calendar/feed/${token}.ics`, secrets: [token] })),
    productToken.map((token) => ({ value: `Share ${token} with the team`, secrets: [token] })),
    ...(named ? [anySecret.map((secret) => ({ value: secret, secrets: [secret] }))] : []),
  );
};

const calendarDay = fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

/** Leaves whose codec is a hand-written type: values they accept, with secrets where they hold text. */
const customLeaves: Record<string, (fieldName: string) => fc.Arbitrary<Planted>> = {
  PrincipleId: () => fc.nat(99_999).map((n) => plain(String(n))),
  AgeRange: () => fc.tuple(fc.nat(60), fc.nat(40)).map(([low, span]) => plain(`${low}-${low + span}`)),
  SlideShowSetting: () => fc.constant(plain(DEFAULT_SLIDE_SHOW)),
  ExportDescription: () =>
    text('date-tag').map((tag) => ({
      value: { pages: [{ page: 'country-birth', cards: [] }], filter: { 'date-tag': tag.value }, format: 'xlsx' },
      secrets: tag.secrets,
    })),
  'calendar day YYYY-MM-DD': () => calendarDay.map(plain),
  // A campaign's wall-clock times: random text would almost never pass the refinement's filter.
  LocalDateTime: () =>
    fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => plain(d.toISOString().slice(0, 16))),
};

const MAX_DEPTH = 6;

const holdsText = (codec: t.Mixed): boolean =>
  codec instanceof t.StringType || ((codec instanceof t.ArrayType || codec instanceof t.ReadonlyArrayType) && holdsText(codec.type as t.Mixed));

/** Values of an io-ts codec, with secrets planted in its strings. */
const planted = (codec: t.Mixed, fieldName: string, depth: number): fc.Arbitrary<Planted> => {
  const custom = customLeaves[codec.name];
  if (custom) return custom(fieldName);
  if (codec instanceof t.RecursiveType) return planted(codec.type as t.Mixed, fieldName, depth + 1);
  if (codec instanceof t.ExactType || codec instanceof t.ReadonlyType) return planted(codec.type as t.Mixed, fieldName, depth);
  if (codec instanceof t.StringType) return text(fieldName);
  if (codec instanceof t.NumberType) return fc.integer({ min: -1000, max: 100_000 }).map(plain);
  if (codec instanceof t.BooleanType) return fc.boolean().map(plain);
  if (codec instanceof t.NullType) return fc.constant(plain(null));
  if (codec instanceof t.UnknownType) return text(fieldName);
  if (codec instanceof t.LiteralType) return fc.constant(plain(codec.value));
  if (codec instanceof t.KeyofType) return fc.constantFrom(...Object.keys(codec.keys)).map(plain);
  if (codec instanceof t.ArrayType || codec instanceof t.ReadonlyArrayType) {
    if (depth >= MAX_DEPTH) return fc.constant(plain([]));
    const item = planted(codec.type as t.Mixed, fieldName, depth + 1);
    return fc.array(item, { maxLength: 2 }).map((items) => together(items, (values) => values));
  }
  if (codec instanceof t.DictionaryType) {
    if (codec.domain instanceof t.KeyofType) {
      // A record over a fixed set of names holds every one of them.
      const names = Object.keys(codec.domain.keys);
      return fc
        .tuple(...names.map((name) => planted(codec.codomain as t.Mixed, name, depth + 1)))
        .map((values) => together(values, (plainValues) => Object.fromEntries(names.map((name, i) => [name, plainValues[i]]))));
    }
    if (depth >= MAX_DEPTH) return fc.constant(plain({}));
    // A dictionary keyed by a field's name (a form's errors) may well say `password`; one
    // keyed by a fixed list of names (banners) never does, and its values are literals.
    const key = holdsText(codec.codomain as t.Mixed) ? fc.oneof(fc.constantFrom('token', 'password'), fc.string({ maxLength: 5 })) : fc.string({ maxLength: 5 });
    return fc
      .array(key.chain((name) => planted(codec.codomain as t.Mixed, name, depth + 1).map((value) => [name, value] as const)), { maxLength: 2 })
      .map((pairs) => together(pairs.map(([, value]) => value), (values) => Object.fromEntries(pairs.map(([name], i) => [name, values[i]]))));
  }
  if (codec instanceof t.InterfaceType || codec instanceof t.PartialType) {
    const optional = codec instanceof t.PartialType;
    const entries = Object.entries(codec.props as Record<string, t.Mixed>).map(([name, prop]) => {
      const value = planted(prop, name, depth + 1);
      return fc.tuple(fc.constant(name), optional ? fc.option(value, { nil: undefined }) : value);
    });
    return fc.tuple(...entries).map((pairs) => {
      const present = pairs.filter((pair): pair is [string, Planted] => pair[1] !== undefined);
      return together(present.map(([, value]) => value), (values) => Object.fromEntries(present.map(([name], i) => [name, values[i]])));
    });
  }
  if (codec instanceof t.IntersectionType) {
    return fc
      .tuple(...(codec.types as t.Mixed[]).map((part) => planted(part, fieldName, depth)))
      .map((parts) => together(parts, (values) => Object.assign({}, ...values)));
  }
  if (codec instanceof t.UnionType) return fc.oneof(...(codec.types as t.Mixed[]).map((member) => planted(member, fieldName, depth)));
  if (codec instanceof t.RefinementType) return planted(codec.type as t.Mixed, fieldName, depth).filter((p) => codec.is(p.value));
  throw new Error(`No generator for the codec ${codec.name}`);
};

/** The members of the event codec, one per event type; the two codecs typed by a name are generated per name. */
const eventMembers = (codec: t.Mixed): t.Mixed[] =>
  codec instanceof t.UnionType ? (codec.types as t.Mixed[]).flatMap(eventMembers) : [codec];

const sectionNames = Object.keys(sections) as SectionName[];
const actionNames = Object.keys(actions) as ActionName[];

const eventOf = (member: t.Mixed): fc.Arbitrary<Planted> => {
  if (member.name === 'resource/loaded') {
    return fc.constantFrom(...sectionNames).chain((name) =>
      planted(sections[name].endpoint.data as t.Mixed, name, 1).map((data) => ({ value: { type: 'resource/loaded', name, data: data.value }, secrets: data.secrets })),
    );
  }
  if (member.name === 'action/succeeded') {
    return fc.tuple(fc.constantFrom(...actionNames), text('message')).chain(([action, message]) =>
      planted(actions[action].endpoint.data as t.Mixed, action, 1).map((data) => ({
        value: { type: 'action/succeeded', action, message: message.value, data: data.value },
        secrets: [...message.secrets, ...data.secrets],
      })),
    );
  }
  return planted(member, '', 0);
};

const members = eventMembers(AppEvent);
const typeOf = (member: t.Mixed): string => {
  const sample = fc.sample(eventOf(member), { numRuns: 1, seed: 1 })[0]!.value as { type: string };
  return sample.type;
};
const everyType = members.map((member) => ({ type: typeOf(member), event: eventOf(member) }));

/** Records the events through the store, as an effect's answers are recorded, and exports the log. */
const recordAndExport = (events: readonly AppEvent[]): string => {
  const answers = new Subject<AppEvent>();
  let n = 0;
  const store = createStore(dashboardApp, { tabId: 'tab', clock: { now: () => 1_700_000_000_000 }, ids: { next: () => `id-${++n}` }, effects: [() => answers], deps: {} });
  for (const event of events) answers.next(event);
  const file = exportLog(store.getLifted().entries, 0);
  store.dispose();
  return file;
};

/** A secret as it would stand in the JSON text. */
const asWritten = (secret: string): string => JSON.stringify(secret).slice(1, -1);

describe('the event log holds no secrets', () => {
  it('generates every event type of the log codec, each a value the codec accepts', () => {
    expect(new Set(everyType.map((entry) => entry.type)).size).toBe(members.length);
    for (const { type, event } of everyType) {
      fc.assert(fc.property(event, (p) => {
        expect(isRight(AppEvent.decode(p.value)), type).toBe(true);
      }), { numRuns: 20 });
    }
  });

  it.each(everyType)('$type: the exported log holds none of the secrets planted in it, and still replays', ({ event }) => {
    fc.assert(
      fc.property(fc.array(event, { minLength: 1, maxLength: 4 }), (planted) => {
        const events = planted.map((p) => p.value as AppEvent);
        for (const event of events) expect(isRight(AppEvent.decode(event))).toBe(true);
        const file = recordAndExport(events);
        for (const secret of planted.flatMap((p) => p.secrets)) expect(file).not.toContain(asWritten(secret));
        expect(file).not.toMatch(/[?&](token|invitation|code)=/);
        const imported = importLog(file);
        // Which field of which entry no longer decodes, should the rule ever break one.
        const refused = JSON.parse(file).entries.flatMap((entry: { body: unknown }) => {
          const decoded = AppEvent.decode(entry.body);
          return isRight(decoded) ? [] : [decoded.left.map((error) => error.context.map((c) => c.key).join('.')).sort((a, b) => b.length - a.length)[0]];
        });
        expect(JSON.stringify(refused)).toBe('[]');
        expect(imported.ok).toBe(true);
        if (imported.ok) expect(() => foldLog(appReducer, initialAppState, imported.entries)).not.toThrow();
      }),
      { numRuns: 40 },
    );
  });

  it('keeps the real values in the state the screens show', () => {
    const token = 'A'.repeat(20) + '0'.repeat(23);
    const link = {
      id: 'l1', alias: 'Conference', token, url: `https://survey.example.org/?token=${token}&alias=Conference`,
      survey: { id: 1, name: 'Survey' }, department: null, anonymity: 1, starts_at: '2026-01-01T00:00:00.000Z', expires_at: '2026-01-08T00:00:00.000Z',
      capacity: 3, used: 0, usage_left: 3, active: true, status: 'active', created_at: '2026-01-01T00:00:00.000Z',
    };
    const answers = new Subject<AppEvent>();
    const store = createStore(dashboardApp, { tabId: 'tab', clock: { now: () => 0 }, ids: { next: () => 'id' }, effects: [() => answers], deps: {} });
    answers.next({ type: 'resource/loaded', name: 'tokenAll', data: [link] } as AppEvent);
    expect(JSON.stringify(store.getState())).toContain(link.url);
    const recorded = store.getLifted().entries.at(-1)!.body as { data: (typeof link)[] };
    expect(recorded.data[0]).toEqual({ ...link, token: REDACTED, url: REDACTED });
    store.dispose();
  });

  it('names credentials by what they are, and leaves language, country and error codes alone', () => {
    for (const name of ['token', 'access_token', 'editToken', 'second-admin-token', 'password', 'password_confirmation', 'current_password', 'twoFactorCode', 'reset_code', 'secret', 'otp', 'invitation']) {
      expect(isSecretName(name), name).toBe(true);
    }
    for (const name of ['code', 'certificate_code', 'token_id', 'survey_token_id', 'tokenAll', 'passwordExpired', 'regex', 'url', 'alias']) {
      expect(isSecretName(name), name).toBe(false);
    }
    expect(withoutSecrets({ type: 'i18n/languageSelected', code: 'fr' })).toEqual({ type: 'i18n/languageSelected', code: 'fr' });
    expect(withoutSecrets({ code: 404, url: '/api/token/all', hasToken: true })).toEqual({ code: 404, url: '/api/token/all', hasToken: true });
  });
});
