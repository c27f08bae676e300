import * as t from 'io-ts';
import { AppStartCommand } from '../config/events';
import { I18nCommand, I18nEvent } from '../i18n/events';
import { NotificationEvent } from '../notifications/events';
import { ResourceCommand } from '../resources/commands';
import { ResourceEvent } from '../resources/events';
import { sessionEvents } from '../session/events';
import { SurveyCommand, SurveyEvent, surveyOptionsNamed } from '../survey/events';
import { TracingCommand, TracingEvent } from '../tracing/events';
import { commandRejected } from './rejected';

export { commandRejected } from './rejected';

/**
 * What the participant's page (survey links, the emailed edit and delete links) says and is
 * told. The participant build (vite.participant.config.ts) puts this module in place of
 * ./events.ts, so a survey link does not carry the codecs of the dashboards' commands and
 * events; `tests/domain/pageApps.test.ts` holds it to the full unions.
 */
export const AppEvent = t.union([
  ResourceEvent,
  SurveyEvent,
  surveyOptionsNamed,
  I18nEvent,
  NotificationEvent,
  TracingEvent,
  // The API client's answer to a 401 or 417, whoever calls.
  sessionEvents.signedOut,
  sessionEvents.unauthorised,
  commandRejected,
]);
export type AppEvent = t.TypeOf<typeof AppEvent>;

export const AppCommand = t.union([AppStartCommand, I18nCommand, ResourceCommand, SurveyCommand, TracingCommand]);
export type AppCommand = t.TypeOf<typeof AppCommand>;
