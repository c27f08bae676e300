import fc from 'fast-check';
import type { AppEvent } from '../../domain/app/events';
import { GENERATIONS } from '../../domain/filters/model';
import { initialSession } from '../../domain/session/state';
import type { AppEnvelope } from '../../infrastructure/bus/types';

const word = fc.string({ minLength: 1, maxLength: 8 });

const filters = fc.record(
  {
    'position-level': fc.array(word, { maxLength: 3 }),
    gender: fc.array(word, { maxLength: 3 }),
    'age-range': fc.tuple(fc.nat(60), fc.nat(40)).map(([low, span]) => `${low}-${low + span}`),
    disability: fc.constantFrom('yes', 'no'),
    lgbtiq: fc.constantFrom('yes', 'no'),
    generation: fc.subarray([...GENERATIONS]),
    'date-tag': word,
  },
  { requiredKeys: [] },
);

const signOutReason = fc.constantFrom('logout', 'unauthorised', 'sessionEnded', 'inactivity', 'otherTab', 'staleActivity') as fc.Arbitrary<'logout'>;

/** Any event the client can log, with payloads drawn from their whole range. */
export const appEvent: fc.Arbitrary<AppEvent> = fc.oneof(
  fc.record({
    type: fc.constant('session/restored' as const),
    session: fc.option(fc.record({ userEmail: fc.option(fc.emailAddress(), { nil: null }), logoutAlert: fc.boolean() }).map((s) => ({ ...initialSession, ...s })), { nil: null }),
    hasToken: fc.boolean(),
    hasSecondaryToken: fc.boolean(),
  }),
  fc.record({ type: fc.constant('session/signedOut' as const), reason: signOutReason }),
  fc.record({ type: fc.constant('session/unauthorised' as const), url: word }),
  fc.constant({ type: 'session/logoutAlertDismissed' as const }),
  fc.record({ type: fc.constant('filters/applied' as const), filters }),
  fc.constant({ type: 'filters/cleared' as const }),
  fc.record({
    type: fc.constant('permissions/loaded' as const),
    permissions: fc.array(fc.record({ hash_id: fc.integer({ min: 3001, max: 3016 }).map(String), attributes: fc.record({ isShow: fc.boolean() }) })),
  }),
  fc.record({ type: fc.constant('dashboard/reloadRequested' as const), page: fc.constantFrom('home', 'overview', 'languages') }),
  fc.record({ type: fc.constant('api/failed' as const), id: fc.uuid(), code: fc.oneof(fc.integer({ min: 400, max: 599 }), fc.constantFrom('ECONNABORTED', 'ERR_NETWORK')), url: word, message: fc.option(word, { nil: null }), silent: fc.boolean() }),
  fc.record({ type: fc.constant('api/decodeFailed' as const), id: fc.uuid(), url: word, problems: fc.array(word, { maxLength: 2 }), silent: fc.boolean() }),
  fc.record({ type: fc.constant('notification/dismissed' as const), id: fc.uuid() }),
  fc.record({ type: fc.constant('i18n/languageSelected' as const), code: fc.constantFrom('au', 'fr') }),
  fc.record({ type: fc.constant('i18n/translationLoaded' as const), code: fc.constantFrom('au', 'fr') }),
  fc.record({ type: fc.constant('i18n/translationFailed' as const), code: fc.constantFrom('au', 'fr') }),
  fc.record({ type: fc.constant('bus/commandRejected' as const), command: word, reason: word }),
  fc.record({ type: fc.constant('config/passwordRuleLoaded' as const), regex: fc.oneof(word, fc.constant('^.{12,}$')) }),
);

/** A log as a tab would have written it: ascending seq and time. */
export const appLog: fc.Arbitrary<AppEnvelope[]> = fc
  .array(fc.tuple(appEvent, fc.constantFrom('local', 'remote') as fc.Arbitrary<'local' | 'remote'>), { maxLength: 60 })
  .map((items) =>
    items.map(([body, origin], i) => ({
      id: `e-${i}`,
      seq: i + 1,
      at: 1_700_000_000_000 + i * 1000,
      tabId: origin === 'local' ? 'tab-a' : 'tab-b',
      origin,
      actor: null,
      viewAs: null,
      v: 1,
      body,
    })),
  );
