import * as t from 'io-ts';
import { commandRejected } from './rejected';
import { SessionCommand, SessionEvent } from '../session/events';
import { FilterCommand, FilterEvent } from '../filters/events';
import { PermissionEvent } from '../navigation/events';
import { DashboardCommand, DashboardEvent } from '../dashboard/events';
import { NotificationCommand, NotificationEvent } from '../notifications/events';
import { I18nCommand, I18nEvent, closeAccountLanguageOffer } from '../i18n/events';
import { AppStartCommand, ConfigEvent } from '../config/events';
import { AccountEvent } from '../account/events';
import { WizardCommand, WizardEvent } from '../wizard/events';
import { resourceCommandsOf } from '../resources/commands';
import { resourceEventsOf } from '../resources/events';
import { sections } from '../resources/sections';
import { actions } from '../resources/actions';
import { SurveyCommand, SurveyEvent, surveyOptionsNamed } from '../survey/events';
import { TracingCommand, TracingEvent } from '../tracing/events';
import { CertificateCommand, CertificateEvent } from '../certificates/events';
import { MutualityCommand, MutualityEvent } from '../mutuality/events';
import { ReportCommand, ReportEvent } from '../reports/events';
import { CalendarCommand, CalendarEvent } from '../calendar/events';
import { AiExportCommand, AiExportEvent } from '../aiExport/events';
import { SlideShowCommand, SlideShowEvent } from '../slideshow/slides';
import { writtenWithoutSecrets } from '../kernel/secrets';
import { envelopeCodec } from '../kernel/envelope';

export { commandRejected } from './rejected';

/** The resource messages of the whole catalogue: the dashboards' (the participant's page builds its own, ./participantApp.ts). */
const ResourceCommand = resourceCommandsOf(sections, actions);
const ResourceEvent = resourceEventsOf(sections, actions);

/**
 * Every event the client knows, as types for every slice and as the codec the dashboards
 * decode imported logs and other tabs' messages with.
 */
export const AppEvent = t.union([
  SessionEvent,
  FilterEvent,
  PermissionEvent,
  DashboardEvent,
  NotificationEvent,
  I18nEvent,
  ConfigEvent,
  AccountEvent,
  WizardEvent,
  ResourceEvent,
  SurveyEvent,
  surveyOptionsNamed,
  TracingEvent,
  CertificateEvent,
  MutualityEvent,
  ReportEvent,
  CalendarEvent,
  AiExportEvent,
  SlideShowEvent,
  commandRejected,
]);
export type AppEvent = t.TypeOf<typeof AppEvent>;

/**
 * An entry as a log file holds it: read like any entry, written without its secrets, so no
 * file can carry a credential even when handed entries the store never recorded.
 */
export const RecordedAppEntry = writtenWithoutSecrets(envelopeCodec(AppEvent));

/** Every command the client knows: the dashboards' page accepts them all (./dashboardApp.ts). */
export const AppCommand = t.union([
  AppStartCommand, SessionCommand, FilterCommand, DashboardCommand, NotificationCommand, I18nCommand, closeAccountLanguageOffer, WizardCommand, ResourceCommand,
  SurveyCommand, TracingCommand, CertificateCommand, MutualityCommand, CalendarCommand, AiExportCommand, SlideShowCommand,
  ReportCommand,
]);
export type AppCommand = t.TypeOf<typeof AppCommand>;
