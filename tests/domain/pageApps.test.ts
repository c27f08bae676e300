import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import { AppCommand, AppEvent } from '../../domain/app/events';
import { AppCommand as ParticipantCommand, AppEvent as ParticipantEvent } from '../../domain/app/participantEvents';
import { appReducer, initialAppState, type AppState } from '../../domain/app/state';
import { appReducer as participantReducer } from '../../domain/app/participantState';
import { decide } from '../../domain/app/decide';
import { decide as participantDecide } from '../../domain/app/participantDecide';
import { appReducer as dashboardReducer } from '../../domain/app/dashboardState';
import { decide as dashboardDecide } from '../../domain/app/dashboardDecide';
import { definitions, openedEvent } from './survey/support';

/**
 * The participant build puts its own commands, events, reducer and decide in place of the
 * application's (vite.participant.config.ts), and the dashboards' build its reducer and decide
 * without the survey's (vite.config.ts). They must know every message their page sends or is
 * told, and fold and decide those exactly as the full ones do.
 */

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

// initialLanguageEffect is the one effect of app.effects the participant runs; the others are the dashboards'.
const DASHBOARD_ONLY = new Set(['session/restored', 'config/passwordRuleLoaded']);

describe('the participant’s application', () => {
  const events = new Set(messageTypes(AppEvent));
  const commands = new Set(messageTypes(AppCommand));
  const participantEvents = new Set(messageTypes(ParticipantEvent));
  const participantCommands = new Set(messageTypes(ParticipantCommand));

  it('says and hears only messages of the full application', () => {
    for (const type of participantEvents) expect(events, type).toContain(type);
    for (const type of participantCommands) expect(commands, type).toContain(type);
  });

  it('knows every command and event its code names', () => {
    const named = quotedIn(new Set([...events, ...commands]));
    expect(named.size).toBeGreaterThan(20);
    for (const type of named) {
      if (DASHBOARD_ONLY.has(type)) continue;
      expect(commands.has(type) ? participantCommands : participantEvents, type).toContain(type);
    }
  });

  it('decides and folds a survey as the full application does', () => {
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
    for (const event of told) expect(ParticipantEvent.is(event), event.type).toBe(true);
    for (const command of said) expect(ParticipantCommand.is(command), command.type).toBe(true);
    let full: AppState = initialAppState;
    let participant: AppState = initialAppState;
    const fold = (event: AppEvent) => {
      full = appReducer(full, event);
      participant = participantReducer(participant, event);
    };
    told.forEach(fold);
    for (const command of said) {
      const decided = decide(full, command as AppCommand);
      expect(participantDecide(participant, command), command.type).toEqual(decided);
      decided.forEach(fold);
    }
    expect(participant).toEqual(full);
    expect(participant.survey).not.toBe(initialAppState.survey);
    expect(participant.i18n.language).toBe('es');
  });
});

describe('the dashboards’ application', () => {
  it('decides and folds every message but the survey’s as the full application does', () => {
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
    for (const command of said) expect(AppCommand.is(command), command.type).toBe(true);
    let full: AppState = initialAppState;
    let dashboards: AppState = initialAppState;
    const fold = (event: AppEvent) => {
      full = appReducer(full, event);
      dashboards = dashboardReducer(dashboards, event);
    };
    told.forEach(fold);
    for (const command of said) {
      const decided = decide(full, command);
      expect(dashboardDecide(dashboards, command), command.type).toEqual(decided);
      decided.forEach(fold);
    }
    expect(dashboards).toEqual(full);
    expect(dashboards.i18n.language).toBe('es');
  });

  it('leaves the survey’s commands to the participant’s page', () => {
    const [decided] = dashboardDecide(initialAppState, { type: 'survey/submit' });
    expect(decided?.type).toBe('bus/commandRejected');
  });
});
