import { describe, expect, it } from 'vitest';
import { Subject, of, throwError, type Observable } from 'rxjs';
import type { AnyEndpoint } from '../../../domain/contracts/endpoint';
import type { RegisterTokenCheck } from '../../../domain/contracts/tokens';
import { counterIds, fixedClock } from '../../../domain/kernel/clock';
import { surveyDraftKey } from '../../../domain/survey/draft';
import { submissionPayload } from '../../../domain/survey/payload';
import { SURVEY_QUESTIONS } from '../../../domain/survey/questions';
import { createStore, type Store } from '../../../infrastructure/bus/store';
import type { Effect } from '../../../infrastructure/bus/types';
import { surveyEffects, type SurveyDeps } from '../../../infrastructure/effects/survey.effects';
import { ApiFailure } from '../../../infrastructure/http/failure';
import { actionEffect, sectionLoadEffect, type ResourceDeps } from '../../../infrastructure/resources/resources.effects';
import { createSurveyDraftStore, surveyNamesKey } from '../../../infrastructure/storage/surveyDraft';
import { createAnsweredLinks } from '../../../infrastructure/storage/answeredLinks';
import { participantApp } from '../../../domain/app/participantApp';
import { surveyCatalogue } from '../../../infrastructure/resources/catalogue';

const QUESTIONS = SURVEY_QUESTIONS[1]!;

const linkCheck = (overrides: Partial<RegisterTokenCheck> = {}): RegisterTokenCheck => ({
  anonymity: 1,
  organization_name: 'Riverbend University',
  token: 'link-token-1',
  survey_id: 1,
  email: null,
  first_name: null,
  last_name: null,
  organization_assignee: false,
  organization_invited: false,
  department: { id: 'g1', name: 'Engineering' },
  expires_at: '2030-01-01T00:00:00.000Z',
  organization_locale: null,
  ...overrides,
});

const item = (principleId: number, value: string, code = `c${principleId}`) => ({ value, principleId, code });

/** A Map behind the Web Storage methods the store uses. */
const memoryStorage = () => {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
};

type Answer = (input: { query?: Record<string, unknown>; params?: Record<string, unknown>; body?: unknown }) => Observable<unknown>;

interface Setup {
  readonly store: Store;
  readonly calls: { path: string; query?: unknown; params?: unknown; body?: unknown }[];
}

/**
 * The survey effects with the real section and action effects, over an API that answers by
 * path. The link check answers `check`; the questions are survey 1's; lists answer `lists`.
 */
const setup = (
  storage: ReturnType<typeof memoryStorage>,
  answers: Record<string, Answer> = {},
  check: RegisterTokenCheck = linkCheck(),
): Setup => {
  const calls: Setup['calls'] = [];
  const defaults: Record<string, Answer> = {
    '/check-register-token': () => of({ status: 200, data: check }),
    '/survey/survey-questions': () => of({ status: 200, data: QUESTIONS }),
  };
  const deps: SurveyDeps & ResourceDeps = {
    // The participant's page knows only the survey's sections and actions.
    catalogue: surveyCatalogue,
    api: {
      call: ((endpoint: AnyEndpoint, input: { query?: unknown; params?: unknown; body?: unknown } = {}) => {
        calls.push({ path: endpoint.path, query: input.query, params: input.params, body: input.body });
        const answer = answers[endpoint.path] ?? defaults[endpoint.path];
        return answer ? answer(input as never) : throwError(() => new ApiFailure(404, endpoint.path, 'Not found.'));
      }) as never,
    },
    clock: { now: () => Date.UTC(2030, 0, 1) },
    surveyDrafts: createSurveyDraftStore(storage),
    answeredLinks: createAnsweredLinks(storage),
  };
  const effects = [sectionLoadEffect, actionEffect, ...surveyEffects] as Effect<SurveyDeps & ResourceDeps>[];
  const store = createStore(participantApp, { tabId: 't', clock: fixedClock(), ids: counterIds(), effects, deps });
  return { store, calls };
};

/** What the survey page does: check the link (args stay on the command), then load the questions. */
const open = (store: Store, args: Record<string, string> = { token: 'link-token-1' }) => {
  store.dispatch({ type: 'action/submit', action: 'surveyCheckLink', body: {}, args });
  store.dispatch({ type: 'resource/load', name: 'surveyDefinitions', args: { survey_id: 1 } });
};

const types = (store: Store) => store.getLifted().entries.map((entry) => entry.body.type);

const answerAll = (store: Store) => {
  store.dispatch({ type: 'survey/setAnswer', questionId: 24, row: null, value: 1 });
  store.dispatch({ type: 'survey/setAnswer', questionId: 4, row: null, value: 36 });
  store.dispatch({ type: 'survey/setAnswer', questionId: 12, row: null, value: { principleId: 500, level: 'native' } });
  store.dispatch({ type: 'survey/setAnswer', questionId: 13, row: null, value: 700 });
  store.dispatch({ type: 'survey/setAnswer', questionId: 17, row: null, value: 800 });
  store.dispatch({ type: 'survey/setAnswer', questionId: 19, row: null, value: 900 });
};

/** Country 36 has no states: the state question is not asked. */
const noStates: Record<string, Answer> = { '/country/{countryId}/states': () => of({ status: 200, data: [{ ...item(1, 'Prefer not to answer', 'prefer_not'), countryId: null }] }) };

describe('survey effects', () => {
  it('a checked link opens the survey with its choices, and the questions arrive through their section', () => {
    const { store } = setup(memoryStorage());
    open(store);
    const survey = store.getState().survey;
    expect(survey).toMatchObject({ token: 'link-token-1', surveyId: 1, anonymityEnforced: true, askGroup: false, status: 'editing' });
    expect(survey.definitions.map((d) => d.id)).toEqual(QUESTIONS.map((d) => d.id));
  });

  it('a whole-organisation named link asks for the group and lets the person choose to be named', () => {
    const { store } = setup(memoryStorage(), {}, linkCheck({ anonymity: 0, department: null }));
    open(store);
    expect(store.getState().survey).toMatchObject({ anonymityEnforced: false, askGroup: true });
  });

  it('every answer change is kept under the link (SurveyDraft v1), and a new page restores it', () => {
    const storage = memoryStorage();
    const first = setup(storage, noStates);
    open(first.store);
    first.store.dispatch({ type: 'survey/setAnswer', questionId: 24, row: null, value: 1 });
    first.store.dispatch({ type: 'survey/setAnswer', questionId: 4, row: null, value: 36 });
    const saved = JSON.parse(storage.map.get(surveyDraftKey('link-token-1'))!);
    expect(saved).toMatchObject({ version: 1, token: 'link-token-1', surveyId: 1, savedAt: '2030-01-01T00:00:00.000Z' });
    expect(saved.answers['4']).toEqual({ answer: 36, key: 'country-of-birth', disabled: false });

    first.store.dispatch({ type: 'survey/removeRow', questionId: 12, row: 0 });
    first.store.dispatch({ type: 'survey/setAnswer', questionId: 4, row: null, value: '' });
    expect(JSON.parse(storage.map.get(surveyDraftKey('link-token-1'))!).answers['4']).toBeUndefined();
    first.store.dispatch({ type: 'survey/setAnswer', questionId: 4, row: null, value: 36 });

    // A reload: a new store over the same storage.
    const second = setup(storage, noStates);
    open(second.store);
    expect(second.store.getState().survey.answers['4']).toEqual({ answer: 36, key: 'country-of-birth', disabled: false });
    expect(second.store.getState().survey.answers['24']?.answer).toBe(1);
    // The restore itself writes the same answers back, never the empty ones of the moment before.
    expect(JSON.parse(storage.map.get(surveyDraftKey('link-token-1'))!).answers['4'].answer).toBe(36);
  });

  it('the extra questions’ answers are kept in the draft too, and come back after a reload', () => {
    const storage = memoryStorage();
    const extra: Answer = () => of({ status: 200, data: [{ id: 'q1', kind: 'single', text: 'How often?', translations: {}, options: [{ key: 'often', label: 'Often', translations: {} }, { key: 'never', label: 'Never', translations: {} }] }] });
    const openWithExtra = (store: Store) => {
      open(store);
      store.dispatch({ type: 'resource/load', name: 'surveyExtraQuestions', args: { token: 'link-token-1' } });
    };
    const first = setup(storage, { '/extra-survey/link-questions': extra });
    openWithExtra(first.store);
    first.store.dispatch({ type: 'survey/setExtraAnswer', questionId: 'q1', keys: ['often'] });
    expect(JSON.parse(storage.map.get(surveyDraftKey('link-token-1'))!).extraAnswers).toEqual({ q1: ['often'] });

    const second = setup(storage, { '/extra-survey/link-questions': extra });
    openWithExtra(second.store);
    expect(second.store.getState().survey.extraAnswers).toEqual({ q1: ['often'] });
  });

  it('another link, a damaged entry or another version restores nothing', () => {
    const storage = memoryStorage();
    storage.setItem(surveyDraftKey('link-token-1'), JSON.stringify({ version: 2, token: 'link-token-1', surveyId: 1, savedAt: 'x', answers: {} }));
    storage.setItem(surveyNamesKey('link-token-1'), '{not json');
    const { store } = setup(storage);
    open(store);
    expect(types(store)).not.toContain('survey/draftRestored');
    expect(types(store)).not.toContain('survey/optionsNamed');
    expect(store.getState().survey.answers).toEqual({ '33': { answer: 1, key: 'stay-anonymous', disabled: false } });
  });

  it('names an option picked from a search, keeps the name beside the draft and brings it back after a reload', () => {
    const storage = memoryStorage();
    const languages: Answer = ({ query }) => of({ status: 200, data: query?.search === 'engl' ? [{ ...item(500, 'English'), microZoneId: null, microZone: null, zoneId: null, zone: null, macroZoneId: null, macroZone: null }] : [] });
    const first = setup(storage, { '/languages': languages });
    open(first.store);
    first.store.dispatch({ type: 'resource/load', name: 'surveyLanguages', args: { search: 'engl' } });
    first.store.dispatch({ type: 'survey/setAnswer', questionId: 12, row: null, value: { principleId: 500, level: null } });
    expect(first.store.getState().surveyOptionNames).toEqual({ '500': 'English' });
    expect(JSON.parse(storage.map.get(surveyNamesKey('link-token-1'))!)).toEqual({ '500': 'English' });

    // A newer search does not forget the name.
    first.store.dispatch({ type: 'resource/load', name: 'surveyLanguages', args: { search: 'fren' } });
    first.store.dispatch({ type: 'survey/setAnswer', questionId: 12, row: 0, value: { principleId: 500, level: 'native' } });
    expect(first.store.getState().surveyOptionNames).toEqual({ '500': 'English' });

    const second = setup(storage);
    open(second.store);
    expect(second.store.getState().surveyOptionNames).toEqual({ '500': 'English' });
    expect(second.store.getState().survey.answers['12']?.answer).toEqual([{ principleId: 500, level: 'native' }]);
    // Restoring writes the draft back whole: the names never overwrite it with the empty answers of before.
    expect(JSON.parse(storage.map.get(surveyDraftKey('link-token-1'))!).answers['12'].answer).toEqual([{ principleId: 500, level: 'native' }]);
  });

  it('a list under an answer that has only "Prefer not to answer" makes the dependent question unasked', () => {
    const { store } = setup(memoryStorage(), noStates);
    open(store);
    store.dispatch({ type: 'survey/setAnswer', questionId: 4, row: null, value: 36 });
    store.dispatch({ type: 'resource/load', name: 'surveyStates', args: { countryId: 36 } });
    expect(store.getState().survey.childOptions).toEqual({ '5': { '36': false } });
  });

  it('after a reload, the lists under restored answers are fetched with the questions, so a step not shown yet asks nothing it should not', () => {
    const storage = memoryStorage();
    const first = setup(storage, noStates);
    open(first.store);
    first.store.dispatch({ type: 'survey/setAnswer', questionId: 4, row: null, value: 36 });
    const second = setup(storage, noStates);
    open(second.store);
    expect(second.calls.filter((call) => call.path === '/country/{countryId}/states').map((call) => call.params)).toEqual([{ countryId: 36 }]);
    expect(second.store.getState().survey.childOptions['5']).toEqual({ '36': false });
  });

  it('submits the payload with the alias and invitation of the link, then forgets the answers and the draft', () => {
    const storage = memoryStorage();
    const bodies: unknown[] = [];
    const { store } = setup(storage, {
      ...noStates,
      '/diversity-survey': ({ body }) => {
        bodies.push(body);
        return of({ status: 200, data: { completed: true, edited: false, edit_link_sent: false } });
      },
    });
    open(store, { token: 'link-token-1', alias: 'Conference', invitation: 'personal-1' });
    answerAll(store);
    store.dispatch({ type: 'resource/load', name: 'surveyStates', args: { countryId: 36 } });
    const expected = submissionPayload(store.getState().survey.definitions, store.getState().survey);
    store.dispatch({ type: 'survey/submit' });
    expect(bodies).toEqual([{ ...expected, alias: 'Conference', invitation: 'personal-1' }]);
    expect(store.getState().survey.status).toBe('submitted');
    expect(store.getState().survey.answers['12']).toBeUndefined();
    expect(storage.map.has(surveyDraftKey('link-token-1'))).toBe(false);
    expect(storage.map.has(surveyNamesKey('link-token-1'))).toBe(false);
  });

  it('a refused submit keeps the answers and the draft, and shows the response message with the problems at their questions', () => {
    const storage = memoryStorage();
    const { store } = setup(storage, {
      ...noStates,
      '/diversity-survey': () =>
        throwError(() => new ApiFailure(422, '/diversity-survey', 'Please check your answer to one question.', { '17': ['The selected gender does not exist.'] })),
    });
    open(store);
    answerAll(store);
    store.dispatch({ type: 'resource/load', name: 'surveyStates', args: { countryId: 36 } });
    store.dispatch({ type: 'survey/submit' });
    const survey = store.getState().survey;
    expect(survey).toMatchObject({ status: 'failed', message: 'Please check your answer to one question.' });
    expect(survey.validations['17']).toEqual({ messages: ['The selected gender does not exist.'], rows: {} });
    expect(survey.answers['17']?.answer).toBe(800);
    expect(JSON.parse(storage.map.get(surveyDraftKey('link-token-1'))!).answers['17'].answer).toBe(800);
  });

  it('a link full by the time of sending says so, in the server words; no message at all is kept empty', () => {
    const { store } = setup(memoryStorage(), {
      ...noStates,
      '/diversity-survey': () => throwError(() => new ApiFailure(409, '/diversity-survey', 'This survey link has no seats left.')),
    });
    open(store);
    answerAll(store);
    store.dispatch({ type: 'resource/load', name: 'surveyStates', args: { countryId: 36 } });
    store.dispatch({ type: 'survey/submit' });
    expect(store.getState().survey).toMatchObject({ status: 'failed', message: 'This survey link has no seats left.' });

    const silent = setup(memoryStorage(), { ...noStates, '/diversity-survey': () => throwError(() => new ApiFailure(500, '/diversity-survey', null)) });
    open(silent.store);
    answerAll(silent.store);
    silent.store.dispatch({ type: 'resource/load', name: 'surveyStates', args: { countryId: 36 } });
    silent.store.dispatch({ type: 'survey/submit' });
    expect(silent.store.getState().survey).toMatchObject({ status: 'failed', message: '' });
  });

  it('only a 200 is a success (SPEC section 4): any other answer keeps the form open', () => {
    const { store } = setup(memoryStorage(), { ...noStates, '/diversity-survey': () => of({ status: 204, data: null, message: 'Nothing done.' }) });
    open(store);
    answerAll(store);
    store.dispatch({ type: 'resource/load', name: 'surveyStates', args: { countryId: 36 } });
    store.dispatch({ type: 'survey/submit' });
    expect(store.getState().survey).toMatchObject({ status: 'failed', message: 'Nothing done.' });
    expect(store.getState().survey.answers['17']?.answer).toBe(800);
  });

  it('a second submit while the first is on its way sends nothing more', () => {
    const pending = new Subject<unknown>();
    const { store, calls } = setup(memoryStorage(), { ...noStates, '/diversity-survey': () => pending });
    open(store);
    answerAll(store);
    store.dispatch({ type: 'resource/load', name: 'surveyStates', args: { countryId: 36 } });
    store.dispatch({ type: 'survey/submit' });
    store.dispatch({ type: 'survey/submit' });
    expect(calls.filter((call) => call.path === '/diversity-survey')).toHaveLength(1);
    pending.next({ status: 200, data: { completed: true, edited: false, edit_link_sent: false } });
    pending.complete();
    expect(store.getState().survey.status).toBe('submitted');
  });

  it('answers that fail the survey rules are not sent', () => {
    const { store, calls } = setup(memoryStorage());
    open(store);
    store.dispatch({ type: 'survey/submit' });
    expect(calls.some((call) => call.path === '/diversity-survey')).toBe(false);
    expect(store.getState().survey.validations['24']?.messages).toEqual(['You must agree before you continue.']);
  });

  it('the personal invitation never reaches the log', () => {
    const { store } = setup(memoryStorage());
    open(store, { token: 'link-token-1', invitation: 'personal-secret-9' });
    expect(JSON.stringify(store.getLifted().entries)).not.toContain('personal-secret-9');
  });
});

describe('a link answered from this browser, and the address for the edit links (issue 27, items 6 and 7)', () => {
  const sentOk = (editLinkSent: boolean, bodies: unknown[] = []): Record<string, Answer> => ({
    ...noStates,
    '/diversity-survey': ({ body }) => {
      bodies.push(body);
      return of({ status: 200, data: { completed: true, edited: false, edit_link_sent: editLinkSent } });
    },
  });

  it('remembers only that the link was answered, and says so when the page opens it again; someone else starts anew', () => {
    const storage = memoryStorage();
    const first = setup(storage, sentOk(false));
    open(first.store);
    answerAll(first.store);
    first.store.dispatch({ type: 'resource/load', name: 'surveyStates', args: { countryId: 36 } });
    first.store.dispatch({ type: 'survey/submit' });
    expect(first.store.getState().survey.status).toBe('submitted');
    // One mark under the link, holding nothing of the answers; the draft is gone.
    expect([...storage.map.entries()]).toEqual([['survey-answered:link-token-1', '1']]);

    // The reload after the thanks: a new page over the same storage.
    const second = setup(storage, sentOk(false));
    open(second.store);
    expect(second.store.getState().survey).toMatchObject({ answeredHere: true, status: 'editing' });
    second.store.dispatch({ type: 'survey/startAnew' });
    expect(second.store.getState().survey.answeredHere).toBe(false);
    second.store.dispatch({ type: 'survey/setAnswer', questionId: 24, row: null, value: 1 });
    expect(second.store.getState().survey.answers['24']?.answer).toBe(1);
  });

  it('does not say so on another link, nor on a personal invitation (the server judges those)', () => {
    const storage = memoryStorage();
    storage.setItem('survey-answered:other-link', '1');
    const other = setup(storage);
    open(other.store);
    expect(other.store.getState().survey.answeredHere).toBe(false);
    storage.setItem('survey-answered:link-token-1', '1');
    const invited = setup(storage, {}, linkCheck({ organization_invited: true, anonymity: 0 }));
    open(invited.store, { token: 'link-token-1', invitation: 'personal-1' });
    expect(invited.store.getState().survey.answeredHere).toBe(false);
  });

  const named = (store: Store) => {
    answerAll(store);
    store.dispatch({ type: 'resource/load', name: 'surveyStates', args: { countryId: 36 } });
    store.dispatch({ type: 'survey/setAnswer', questionId: 33, row: null, value: 0 });
    store.dispatch({ type: 'survey/setAnswer', questionId: 1, row: null, value: 'Ada' });
    store.dispatch({ type: 'survey/setAnswer', questionId: 2, row: null, value: 'Lovelace' });
  };

  it('sends the address of a named answer, and the thanks knows the links were mailed', () => {
    const bodies: unknown[] = [];
    const { store } = setup(memoryStorage(), sentOk(true, bodies), linkCheck({ anonymity: 0 }));
    open(store);
    named(store);
    store.dispatch({ type: 'survey/setEmail', email: ' ada@example.org ' });
    store.dispatch({ type: 'survey/submit' });
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ 'first-name': 'Ada', 'stay-anonymous': 0, email: 'ada@example.org' });
    expect(store.getState().survey).toMatchObject({ status: 'submitted', editLinkSent: true, email: '' });
  });

  it('refuses to send an address that is not one, and sends none with an anonymous answer', () => {
    const bodies: unknown[] = [];
    const { store } = setup(memoryStorage(), sentOk(false, bodies), linkCheck({ anonymity: 0 }));
    open(store);
    named(store);
    store.dispatch({ type: 'survey/setEmail', email: 'ada at example' });
    store.dispatch({ type: 'survey/submit' });
    expect(bodies).toHaveLength(0);
    expect(store.getState().survey.validations).toEqual({ email: { messages: ['Please provide a valid email.'], rows: {} } });
    // Changing the address clears its problem.
    store.dispatch({ type: 'survey/setEmail', email: 'ada@example' });
    expect(store.getState().survey.validations).toEqual({});
    // Staying anonymous after all: the address (even a wrong one) is not sent, nor are the names.
    store.dispatch({ type: 'survey/setAnswer', questionId: 33, row: null, value: 1 });
    store.dispatch({ type: 'survey/submit' });
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).not.toHaveProperty('email');
    expect(store.getState().survey).toMatchObject({ status: 'submitted', editLinkSent: false });
  });
});
