import fc from 'fast-check';
import type { AppEvent } from '../../domain/app/events';
import { GENERATIONS } from '../../domain/filters/model';
import type { SessionState } from '../../domain/session/state';
import type { User } from '../../domain/contracts/auth';
import { BANNER_PANELS } from '../../domain/navigation/menu';
import type { AppEnvelope } from '../../infrastructure/bus/types';

const word = fc.string({ minLength: 1, maxLength: 8 });
const json = fc.jsonValue({ maxDepth: 2 });
const record = fc.dictionary(fc.string({ maxLength: 6 }), json, { maxKeys: 3 });

export const user: fc.Arbitrary<User> = fc.record({
  id: fc.uuid(),
  email: fc.emailAddress(),
  first_name: fc.string(),
  last_name: fc.string(),
  role: fc.constantFrom('admin', 'second_admin', 'sub_admin', 'group_assignee', 'subgroup_assignee', 'staff'),
  organization_id: fc.uuid(),
  locale_id: fc.option(fc.constantFrom('au', 'fr'), { nil: null }),
  two_factor: fc.constantFrom('off', 'email', 'totp'),
  setting: fc.record({
    banners: fc.dictionary(fc.constantFrom(...BANNER_PANELS), fc.constantFrom('hideAlways', 'showAlways', 'showOnce'), { maxKeys: 3 }),
  }),
});

const organization = fc.record({ id: fc.uuid(), name: fc.string(), country: fc.constantFrom('AU', 'NZ'), industry: fc.option(fc.string(), { nil: null }) });

const sectionName = fc.constantFrom('orgInfo', 'tiers', 'dateRanges', 'orgGroups');
const actionName = fc.constantFrom('renameTiers', 'saveDateRanges', 'toggleViewAsConsent', 'register', 'changePassword', 'updateProfile', 'toggleTwoFactor');
const tiers = fc.array(fc.record({ level: fc.constantFrom(1, 2, 3) as fc.Arbitrary<1>, name: word }), { maxLength: 3 });

export const sessionState: fc.Arbitrary<SessionState> = fc.record({
  signedIn: fc.boolean(),
  viewingAs: fc.boolean(),
  anonymous: fc.boolean(),
  surveyId: fc.integer({ min: 1, max: 1000 }),
  completedSurveys: fc.dictionary(fc.string({ minLength: 1, maxLength: 4 }), fc.boolean(), { maxKeys: 3 }),
  user: fc.option(user, { nil: null }),
  userEmail: fc.option(fc.emailAddress(), { nil: null }),
  organization: fc.option(organization, { nil: null }),
  cohort: fc.option(record, { nil: null }),
  filter: fc.option(record, { nil: null }),
  industries: fc.array(fc.record({ value: fc.string(), principleId: fc.nat() }), { maxLength: 3 }),
  departmentId: fc.string({ minLength: 1, maxLength: 8 }),
  primaryDepartments: fc.array(fc.record({ id: fc.uuid(), name: fc.string() }), { maxLength: 3 }),
  logoutAlert: fc.boolean(),
  headRegisterCompleted: fc.boolean(),
  expired: fc.boolean(),
  surveyCompleted: fc.boolean(),
  inviteData: fc.option(record, { nil: null }),
  pending: fc.boolean(),
  error: fc.boolean(),
  loginError: fc.option(fc.record({ message: fc.string(), errors: fc.dictionary(word, fc.array(fc.string(), { maxLength: 2 }), { maxKeys: 2 }) }), { nil: null }),
  twoFactor: fc.option(fc.record({ email: fc.emailAddress(), method: fc.constantFrom('email', 'totp'), expiresAt: fc.option(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()), { nil: null }) }), { nil: null }),
  passwordExpired: fc.boolean(),
  checked: fc.boolean(),
  lastSignOut: fc.option(fc.constantFrom('logout', 'unauthorised', 'sessionEnded', 'inactivity', 'otherTab', 'staleActivity'), { nil: null }),
  inactivityWarning: fc.boolean(),
});

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
    session: fc.option(sessionState, { nil: null }),
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
  fc.record({ type: fc.constant('api/throttled' as const), id: fc.uuid(), url: word, retryInSeconds: fc.integer({ min: 0, max: 60 }), silent: fc.boolean() }),
  fc.record({ type: fc.constant('notification/dismissed' as const), id: fc.uuid() }),
  fc.record({ type: fc.constant('i18n/languageSelected' as const), code: fc.constantFrom('au', 'fr') }),
  fc.record({ type: fc.constant('i18n/translationLoaded' as const), code: fc.constantFrom('au', 'fr') }),
  fc.record({ type: fc.constant('i18n/translationFailed' as const), code: fc.constantFrom('au', 'fr') }),
  fc.record({ type: fc.constant('bus/commandRejected' as const), command: word, reason: word }),
  fc.record({ type: fc.constant('config/passwordRuleLoaded' as const), regex: fc.oneof(word, fc.constant('^.{12,}$')) }),
  fc.record({ type: fc.constant('session/loginRequested' as const), email: fc.emailAddress() }),
  fc.record({ type: fc.constant('session/loggedIn' as const), user }),
  fc.record({ type: fc.constant('session/twoFactorRequired' as const), email: fc.emailAddress(), method: fc.constantFrom('email', 'totp') as fc.Arbitrary<'email'>, expiresAt: fc.option(fc.constant('2026-11-21T10:00:00.000Z'), { nil: null }) }),
  fc.record({ type: fc.constant('session/passwordExpired' as const), email: fc.emailAddress() }),
  fc.record({ type: fc.constant('session/accountExpired' as const), message: word }),
  fc.record({ type: fc.constant('session/loginFailed' as const), message: word, errors: fc.dictionary(word, fc.array(word, { maxLength: 2 }), { maxKeys: 2 }) }),
  fc.record({ type: fc.constant('session/checked' as const), user, organization, industries: fc.constant([] as { value: string; principleId: number }[]), primaryDepartments: fc.array(fc.record({ id: fc.constantFrom('g1', 'g2', 'g3'), name: word }), { maxLength: 3 }) }),
  fc.record({ type: fc.constant('session/viewAsRequested' as const), departmentId: fc.constantFrom('default', 'g1', 'g2') }),
  fc.record({ type: fc.constant('session/viewAsChanged' as const), departmentId: fc.constantFrom('default', 'g1', 'g2'), viewingAs: fc.boolean() }),
  fc.record({ type: fc.constant('session/viewAsFailed' as const), departmentId: fc.constantFrom('g1', 'g2'), message: word }),
  fc.record({ type: fc.constant('session/userUpdated' as const), user }),
  fc.constant({ type: 'session/twoFactorCancelled' as const }),
  fc.constant({ type: 'session/ssoRequested' as const }),
  fc.constant({ type: 'session/inactivityWarned' as const }),
  fc.constant({ type: 'session/inactivityWarningDismissed' as const }),
  fc.record({ type: fc.constant('account/registered' as const), email: fc.emailAddress() }),
  fc.record({ type: fc.constant('account/twoFactorCodeSent' as const), expiresAt: fc.constant('2026-11-21T10:00:00.000Z') }),
  fc.constant({ type: 'account/totpSetupStarted' as const }),
  fc.record({ type: fc.constant('wizard/started' as const), name: fc.constantFrom('head-register', 'other'), length: fc.nat(5) }),
  fc.record({ type: fc.constant('wizard/moved' as const), index: fc.integer({ min: -3, max: 8 }) }),
  fc.record({ type: fc.constant('wizard/tabSaved' as const), index: fc.nat(4), data: fc.dictionary(fc.constantFrom('name', 'country', 'email'), word, { maxKeys: 3 }) }),
  fc.constant({ type: 'wizard/cleared' as const }),
  fc.record({ type: fc.constant('resource/requested' as const), name: sectionName, args: fc.dictionary(word, fc.oneof(word, fc.nat(9)), { maxKeys: 2 }) }),
  // A section's data is what its endpoint's codec decodes, so the log can check it on import.
  fc.record({ type: fc.constant('resource/loaded' as const), name: fc.constant('tiers' as const), data: tiers }),
  fc.record({
    type: fc.constant('resource/loaded' as const),
    name: fc.constant('dateRanges' as const),
    data: fc.array(fc.record({ id: word, label: word, type: fc.constantFrom('between', 'since') as fc.Arbitrary<'since'>, value: word }), { maxLength: 2 }),
  }),
  fc.record({ type: fc.constant('resource/empty' as const), name: sectionName, message: fc.option(word, { nil: null }) }),
  fc.record({ type: fc.constant('resource/failed' as const), name: sectionName, message: word }),
  fc.record({ type: fc.constant('action/submitted' as const), action: actionName }),
  fc.record({ type: fc.constant('action/uploadProgress' as const), action: actionName, sent: fc.nat(), total: fc.option(fc.nat(), { nil: null }) }),
  // An action's data is what its endpoint's codec decodes (or null when the server sent none).
  fc.record({ type: fc.constant('action/succeeded' as const), action: actionName, message: fc.option(word, { nil: null }), data: fc.constant(null) }),
  fc.record({ type: fc.constant('action/succeeded' as const), action: fc.constant('renameTiers' as const), message: fc.option(word, { nil: null }), data: tiers }),
  fc.record({ type: fc.constant('action/succeeded' as const), action: fc.constant('toggleViewAsConsent' as const), message: fc.option(word, { nil: null }), data: fc.record({ view_as_consent: fc.boolean() }) }),
  fc.record({ type: fc.constant('action/failed' as const), action: actionName, message: word, errors: fc.dictionary(word, fc.array(word, { maxLength: 2 }), { maxKeys: 2 }) }),
  fc.record({ type: fc.constant('action/cleared' as const), action: actionName }),
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
