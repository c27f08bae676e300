import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import { AppCommand, AppEvent } from '../../domain/app/events';
import { initialAppState, type AppState } from '../../domain/app/state';
import { dashboardApp } from '../../domain/app/dashboardApp';
import { participantApp, type ParticipantCommand } from '../../domain/app/participantApp';
import { combineReducers } from '../../domain/kernel/fold';
import { sessionReducer } from '../../domain/session/reducer';
import { filtersReducer } from '../../domain/filters/reducer';
import { permissionsReducer } from '../../domain/navigation/reducer';
import { dashboardReducer } from '../../domain/dashboard/reducer';
import { notificationsReducer } from '../../domain/notifications/reducer';
import { i18nReducer } from '../../domain/i18n/reducer';
import { configReducer } from '../../domain/config/reducer';
import { accountReducer } from '../../domain/account/reducer';
import { wizardReducer } from '../../domain/wizard/reducer';
import { resourcesReducer } from '../../domain/resources/reducer';
import { surveyOptionNamesReducer, surveyReducer } from '../../domain/survey/reducer';
import { packageNoticeReducer } from '../../domain/packages/reducer';
import { aiExportReducer } from '../../domain/aiExport/reducer';
import { slideShowReducer } from '../../domain/slideshow/reducer';
import { decideSurvey } from '../../domain/survey/decide';
import { SurveyCommand } from '../../domain/survey/events';
import { definitions, openedEvent } from './survey/support';

/**
 * Each page's entry composes its own application (src/main.tsx: dashboardApp, src/participant.tsx:
 * participantApp), each with only the slices, messages, sections and actions of its page. Each
 * must accept every command its code sends, and fold and decide what it is told exactly as the
 * slices' own reducers and rules do: the reference below applies every slice's reducer, and the
 * survey's rules to the survey's commands.
 */
const everySlice = combineReducers<AppState, AppEvent>({
  session: sessionReducer,
  filters: filtersReducer,
  permissions: permissionsReducer,
  dashboard: dashboardReducer,
  notifications: notificationsReducer,
  i18n: i18nReducer,
  config: configReducer,
  account: accountReducer,
  wizard: wizardReducer,
  resources: resourcesReducer,
  survey: surveyReducer,
  surveyOptionNames: surveyOptionNamesReducer,
  packageNotice: packageNoticeReducer,
  aiExport: aiExportReducer,
  slideShow: slideShowReducer,
});

/** The `type` of every message a codec (a message, or a union or intersection with one) accepts. */
const messageTypes = (codec: t.Mixed): string[] => {
  const shape = codec as unknown as { types?: t.Mixed[]; type?: t.Mixed; props?: { type?: { value?: unknown } } };
  if (Array.isArray(shape.types)) return shape.types.flatMap(messageTypes);
  if (shape.props?.type?.value !== undefined) return [String(shape.props.type.value)];
  if (shape.type) return messageTypes(shape.type);
  // The other half of an intersection (its optional fields).
  return [];
};

const filesUnder = (path: string): string[] =>
  statSync(path).isDirectory() ? readdirSync(path).flatMap((name) => filesUnder(join(path, name))) : /\.tsx?$/.test(path) ? [path] : [];

/** The participant's page's own code (src/participant.tsx and what it starts). */
const PARTICIPANT_SOURCES = [
  'src/participant.tsx',
  'src/features/survey',
  'src/features/consent',
  'src/hooks',
  'infrastructure/app/surveyRuntime.ts',
  'infrastructure/effects/survey.effects.ts',
  'infrastructure/effects/tracing.effects.ts',
  'infrastructure/effects/app.effects.ts',
  'infrastructure/resources/resources.effects.ts',
  'infrastructure/i18n/i18n.effects.ts',
  'infrastructure/http/client.ts',
  'domain/survey',
];

const quotedIn = (known: Set<string>): Set<string> => {
  const found = new Set<string>();
  for (const file of PARTICIPANT_SOURCES.flatMap(filesUnder)) {
    for (const [, name] of readFileSync(file, 'utf8').matchAll(/['"`]([a-zA-Z]+\/[a-zA-Z]+)['"`]/g)) if (known.has(name!)) found.add(name!);
  }
  return found;
};

describe('the participant’s application', () => {
  const commands = new Set(messageTypes(AppCommand));
  const participantCommands = new Set(messageTypes(participantApp.Command));

  it('accepts only commands of the client, and every one its code sends', () => {
    for (const type of participantCommands) expect(commands, type).toContain(type);
    const named = quotedIn(commands);
    expect(named.size).toBeGreaterThan(8);
    for (const type of named) expect(participantCommands, type).toContain(type);
  });

  it('knows the survey’s sections and actions and no dashboard’s', () => {
    expect(participantApp.Command.is({ type: 'resource/load', name: 'surveyGroups', args: {} })).toBe(true);
    expect(participantApp.Command.is({ type: 'action/clear', action: 'surveyDelete' })).toBe(true);
    expect(participantApp.Command.is({ type: 'resource/load', name: 'tokenAll', args: {} })).toBe(false);
    expect(dashboardApp.Command.is({ type: 'resource/load', name: 'tokenAll', args: {} })).toBe(true);
    expect(Object.keys(participantApp.sections).every((name) => name.startsWith('survey'))).toBe(true);
  });

  it('decides and folds a survey as the slices’ own rules and reducers do', () => {
    const question = definitions.find((definition) => !definition.isArray && definition.kind === 'choice') ?? definitions[0]!;
    const told: AppEvent[] = [
      { type: 'i18n/languageFollowed', code: 'fr' },
      { type: 'i18n/translationLoaded', code: 'fr' },
      ...openedEvent(),
      { type: 'resource/requested', name: 'surveyGroups', args: {} },
      { type: 'api/failed', id: 'a', code: 500, url: '/survey', message: null, silent: false },
      { type: 'api/throttled', id: 'b', url: '/survey', retryInSeconds: 2, silent: false },
      { type: 'session/unauthorised', url: '/survey' },
      { type: 'bus/commandRejected', command: 'survey/submit', reason: 'test' },
    ];
    const said: ParticipantCommand[] = [
      { type: 'app/start' },
      { type: 'i18n/selectLanguage', code: 'es' },
      { type: 'survey/setAnswer', questionId: question.id, row: null, value: 1 },
      { type: 'survey/disable', questionId: question.id, value: 1 },
      { type: 'survey/reEnable', questionId: question.id },
      { type: 'survey/submit' },
      { type: 'resource/load', name: 'surveyGroups', args: {} },
      { type: 'action/clear', action: 'surveyDelete' },
      { type: 'tracing/report', kind: 'render', message: 'x', stack: null, url: '/' },
    ];
    for (const command of said) expect(participantApp.Command.is(command), command.type).toBe(true);
    // What the survey's rules decide; every other command as the dashboards decide it when nobody is signed in.
    const reference = (state: AppState, command: AppCommand) =>
      SurveyCommand.is(command) ? decideSurvey(state.survey, command) : dashboardApp.decide(state, command);
    let whole: AppState = initialAppState;
    let participant: AppState = participantApp.initialState;
    const fold = (event: AppEvent) => {
      whole = everySlice(whole, event);
      participant = participantApp.reducer(participant, event);
    };
    told.forEach(fold);
    for (const command of said) {
      const decided = reference(whole, command);
      expect(participantApp.decide(participant, command), command.type).toEqual(decided);
      decided.forEach(fold);
    }
    expect(participant).toEqual(whole);
    expect(participant.survey).not.toBe(initialAppState.survey);
    expect(participant.i18n.language).toBe('es');
  });
});

describe('the dashboards’ application', () => {
  it('accepts every command of the client', () => {
    expect(new Set(messageTypes(dashboardApp.Command))).toEqual(new Set(messageTypes(AppCommand)));
  });

  it('folds every message but the survey’s as the slices’ own reducers do', () => {
    const told: AppEvent[] = [
      { type: 'i18n/languageSelected', code: 'fr' },
      { type: 'filters/applied', filters: {} },
      { type: 'dashboard/reloadRequested', page: 'home' },
      { type: 'resource/requested', name: 'surveyGroups', args: {} },
      { type: 'api/failed', id: 'a', code: 403, url: '/x', message: null, silent: false },
      { type: 'slideShow/paused' },
      { type: 'session/signedOut', reason: 'unauthorised' },
    ];
    const said: AppCommand[] = [
      { type: 'app/start' },
      { type: 'filters/clear' },
      { type: 'dashboard/refresh', page: 'home' },
      { type: 'i18n/selectLanguage', code: 'es' },
      { type: 'notification/dismiss', id: 'a' },
      { type: 'session/viewAs', departmentId: 'default' },
      { type: 'resource/load', name: 'surveyGroups', args: {} },
      { type: 'aiExport/ask', prompt: '' },
      { type: 'slideShow/start' },
      { type: 'tracing/report', kind: 'render', message: 'x', stack: null, url: '/' },
    ];
    for (const event of told) expect(AppEvent.is(event), event.type).toBe(true);
    for (const command of said) expect(dashboardApp.Command.is(command), command.type).toBe(true);
    let whole: AppState = initialAppState;
    let dashboards: AppState = dashboardApp.initialState;
    const fold = (event: AppEvent) => {
      whole = everySlice(whole, event);
      dashboards = dashboardApp.reducer(dashboards, event);
    };
    told.forEach(fold);
    for (const command of said) dashboardApp.decide(dashboards, command).forEach(fold);
    expect(dashboards).toEqual(whole);
    expect(dashboards.i18n.language).toBe('es');
    expect(dashboards.slideShow).not.toBe(initialAppState.slideShow);
  });

  it('leaves the survey’s commands to the participant’s page', () => {
    const [decided] = dashboardApp.decide(initialAppState, { type: 'survey/submit' });
    expect(decided?.type).toBe('bus/commandRejected');
  });
});
