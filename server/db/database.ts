import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * The tables as Kysely sees them. Repositories are functions over `Kysely<Database>`.
 *
 * Tenancy convention: every row that belongs to an organisation carries `organization_id`
 * (uuid), and every query on such a table filters by it, so asking for another
 * organisation's row answers as if it did not exist, and the schema can later be
 * distributed by tenant. `organization_id` null means "the whole installation".
 *
 * Both drivers are set up to return the same JavaScript types: int8 (ids, count(*)) as
 * number, numeric as string, timestamptz as Date, jsonb parsed. Write jsonb as a JSON
 * string (`toJson`) so that arrays survive node-postgres, which would send them as
 * PostgreSQL arrays.
 */
export interface Database {
  responses: ResponsesTable;
  response_ancestry: ResponseAncestryTable;
  response_languages: ResponseLanguagesTable;
  response_heritages: ResponseHeritagesTable;
  response_cultures: ResponseCulturesTable;
  response_edit_links: ResponseEditLinksTable;
  locales: LocalesTable;
  translations: TranslationsTable;
  settings: SettingsTable;
  audit_log: AuditLogTable;
  certificates: CertificatesTable;
  calendar_feeds: CalendarFeedsTable;
  report_definitions: ReportDefinitionsTable;
  certificate_keys: CertificateKeysTable;
  saml_service_provider_keys: SamlServiceProviderKeysTable;
  extra_questions: ExtraQuestionsTable;
  extra_question_links: ExtraQuestionLinksTable;
  extra_answers: ExtraAnswersTable;
  organizations: OrganizationsTable;
  statistics_selections: StatisticsSelectionsTable;
  release_blocks: ReleaseBlocksTable;
  release_block_atoms: ReleaseBlockAtomsTable;
  organization_logos: OrganizationLogosTable;
  tiers: TiersTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_challenges: LoginChallengesTable;
  password_resets: PasswordResetsTable;
  login_failures: LoginFailuresTable;
  outbox: OutboxTable;
  sso_states: SsoStatesTable;
  sso_oidc_settings: SsoOidcSettingsTable;
  sso_domains: SsoDomainsTable;
  sso_oidc_states: SsoOidcStatesTable;
  sso_saml_requests: SsoSamlRequestsTable;
  sso_saml_assertions: SsoSamlAssertionsTable;
  sso_group_mappings: SsoGroupMappingsTable;
  sso_sessions: SsoSessionsTable;
  departments: DepartmentsTable;
  invitations: InvitationsTable;
  surveys: SurveysTable;
  survey_tokens: SurveyTokensTable;
  lookup_principles: LookupPrinciplesTable;
  lookup_names: LookupNamesTable;
  lookup_builds: LookupBuildsTable;
  error_reports: ErrorReportsTable;
  census_tables: CensusTablesTable;
  package_reminders: PackageRemindersTable;
  people: PeopleTable;
  people_imports: PeopleImportsTable;
  campaigns: CampaignsTable;
  campaign_recipients: CampaignRecipientsTable;
  invitation_tokens: InvitationTokensTable;
  campaign_messages: CampaignMessagesTable;
  jobs: JobsTable;
  people_import_rows: PeopleImportRowsTable;
}

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonColumn<T extends JsonValue = JsonValue> = ColumnType<T, string, string>;
export const toJson = (value: JsonValue): string => JSON.stringify(value);

export interface LocalesTable {
  code: string;
  name: string;
}

export interface TranslationsTable {
  locale_code: string;
  key: string;
  text: string;
}

export interface SettingsTable {
  id: Generated<number>;
  organization_id: string | null;
  key: string;
  value: JsonColumn;
}

/** Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE. */
export interface AuditLogTable {
  id: Generated<number>;
  organization_id: string | null;
  actor: string | null;
  action: string;
  address: string | null;
  details: ColumnType<JsonValue, string | undefined, never>;
  at: ColumnType<Date, never, never>;
}

export interface StatisticsSelectionsTable {
  organization_id: string;
  /** Whole hours since the epoch. */
  hour: number | string;
  selection: string;
  created_at: Generated<Date>;
}

/** A block of at least m responses released together (migration 0025, domain/stats/blocks.ts). */
export interface ReleaseBlocksTable {
  id: Generated<number>;
  organization_id: string;
  released_at: Generated<Date>;
  size: number;
  /** Random key of the block (migration 0025); never sent out. */
  block_key: Generated<number>;
}

/** A block's people counted by the staff-file columns a selection can name (migration 0025). */
export interface ReleaseBlockAtomsTable {
  block_id: number;
  organization_id: string;
  submitted_median: Date;
  department_id: string | null;
  gender_id: number | null;
  birth_year: number | null;
  position_level_id: number | null;
  count: number;
}

export interface OrganizationsTable {
  id: Generated<string>;
  name: string;
  country: string;
  industry: string | null;
  seat_capacity: Generated<number>;
  /** null: no end date. */
  package_expires_at: Date | null;
  /** When the current package began (migration 0013). */
  package_starts_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  active: Generated<boolean>;
  view_as_consent: Generated<boolean>;
  created_at: Generated<Date>;
  /** Free text about the organisation (at most 2000 characters). */
  details: ColumnType<string | null, string | null | undefined, string | null>;
  /** sha-256 (hex) of the logo in organization_logos; null: no logo. */
  logo_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** The language its survey links open in when the browser's is not spoken (migration 0022); null: the product's default. */
  survey_locale: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The organisation's logo, kept apart so that reading an organisation never loads it. */
export interface OrganizationLogosTable {
  organization_id: string;
  /** PGlite reads bytea as Uint8Array, node-postgres as Buffer (a Uint8Array too). */
  content: Uint8Array;
  content_type: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/svg+xml';
  updated_at: Generated<Date>;
}

/** Level 1 is the organisation, 2 its groups, 3 their sub-groups; only the name can change. */
export interface TiersTable {
  organization_id: string;
  level: number;
  name: string;
}

export interface UsersTable {
  id: Generated<string>;
  organization_id: string;
  email: string;
  password_hash: string | null;
  role: 'admin' | 'second_admin' | 'sub_admin' | 'group_assignee' | 'subgroup_assignee' | 'staff';
  first_name: string;
  last_name: string;
  locale_id: string | null;
  active: Generated<boolean>;
  two_factor: Generated<'off' | 'email' | 'totp'>;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: number | null;
  password_changed_at: Generated<Date>;
  settings: ColumnType<JsonValue, string | undefined, string>;
  created_at: Generated<Date>;
  /** The group or sub-group the member belongs to (an assignee: the one they run). */
  department_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SessionsTable {
  id: Generated<string>;
  token_hash: string;
  user_id: string;
  organization_id: string;
  kind: Generated<'primary' | 'secondary'>;
  restricted: Generated<boolean>;
  created_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  revoked_at: Date | null;
  address: string | null;
  view_as_group_id: string | null;
  /** A view-as (secondary) session: the session that opened it; it dies with that one. */
  parent_session_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface LoginChallengesTable {
  id: Generated<string>;
  organization_id: string;
  user_id: string;
  code_hash: string;
  purpose: 'login' | 'toggle';
  expires_at: Date;
  used_at: Date | null;
  attempts: Generated<number>;
  created_at: Generated<Date>;
}

export interface PasswordResetsTable {
  id: Generated<string>;
  organization_id: string;
  user_id: string;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Generated<Date>;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  email_lower: string;
  address: string | null;
  at: Generated<Date>;
}

export type Locale = Selectable<LocalesTable>;
export type OrganizationRow = Selectable<OrganizationsTable>;
export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type NewAuditEntry = Insertable<AuditLogTable>;

/** Every email, written before it is sent; sent_at stays null while no SMTP server took it. */
export interface OutboxTable {
  id: Generated<number>;
  organization_id: string | null;
  to_address: string;
  subject: string;
  text_body: string;
  link: string | null;
  created_at: ColumnType<Date, never, never>;
  sent_at: ColumnType<Date | null, never, Date | null>;
  attempts: ColumnType<number, never, number>;
  last_error: ColumnType<string | null, never, string | null>;
}

/** Scrubbed errors of the client and the server, identical ones counted on one row (migration 0013). */
export interface ErrorReportsTable {
  id: Generated<number>;
  fingerprint: string;
  source: 'client' | 'server';
  kind: string;
  message: string;
  stack: string | null;
  url: string | null;
  code: string | null;
  count: Generated<number>;
  first_seen_at: Generated<Date>;
  last_seen_at: Generated<Date>;
}

/** One reminder email per organisation, package end and days before it (migration 0013). */
export interface PackageRemindersTable {
  organization_id: string;
  package_ends_at: Date;
  days_before: number;
  sent_at: Generated<Date>;
}

/** A started single sign-on: the state's hash, the browser it belongs to and the PKCE verifier. */
export interface SsoStatesTable {
  state_hash: string;
  provider: string;
  browser_hash: string;
  code_verifier: string;
  created_at: ColumnType<Date, never, never>;
  expires_at: ColumnType<Date, Date | string, never>;
}

/** Tier 2 groups (parent_id null) and tier 3 sub-groups (parent_id the group). */
export interface DepartmentsTable {
  id: Generated<string>;
  organization_id: string;
  parent_id: string | null;
  name: string;
  /** null: no limit on participants choosing it in the survey. */
  capacity: ColumnType<number | null, number | null | undefined, number | null>;
  assignee_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
}

export type InvitationKind = 'second_admin' | 'sub_admin' | 'group_assignee' | 'subgroup_assignee' | 'staff' | 'survey';

/** Single-use and expiring; the emailed token is stored only as its sha-256. */
export interface InvitationsTable {
  id: Generated<string>;
  organization_id: string;
  kind: InvitationKind;
  email: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  department_id: string | null;
  token_hash: string;
  invited_by: string | null;
  expires_at: Date;
  accepted_at: Date | null;
  revoked_at: Date | null;
  /** The account the invitation created or is for, once known. */
  user_id: string | null;
  details: ColumnType<JsonValue, string | undefined, string>;
  created_at: Generated<Date>;
}

export interface SurveysTable {
  id: number;
  name: string;
}

/** A survey link: a public token with alias, validity window, seat capacity and seats used. */
export interface SurveyTokensTable {
  id: Generated<string>;
  organization_id: string;
  token: string;
  alias: string;
  survey_id: number;
  /** null: the whole organisation. */
  department_id: string | null;
  /** 1: anonymous (names are not asked), 0: named. */
  anonymity: Generated<number>;
  starts_at: Generated<Date>;
  expires_at: Date;
  capacity: number;
  used: Generated<number>;
  active: Generated<boolean>;
  created_by: string | null;
  created_at: Generated<Date>;
}

export type DepartmentRow = Selectable<DepartmentsTable>;
export type InvitationRow = Selectable<InvitationsTable>;
export type SurveyTokenRow = Selectable<SurveyTokensTable>;

/**
 * One item of a lookup list; id is the principleId answers store, kept for ever under its
 * natural key (list, code). Written only by server/services/lookups/seed.ts.
 */
export interface LookupPrinciplesTable {
  id: Generated<number>;
  list: string;
  code: string;
  name: string;
  /** Name and aliases, lower case without accents (server/services/lookups/normalise.ts). */
  search: string;
  parent_id: number | null;
  family_id: number | null;
  region_id: number | null;
  sort: number;
  /** false: a newer build no longer has the item; answers that hold it still resolve. */
  active: Generated<boolean>;
}

/** A lookup item's name in one of the product's locales. */
export interface LookupNamesTable {
  principle_id: number;
  locale: string;
  name: string;
  search: string;
  sort: number | null;
}

export interface LookupBuildsTable {
  version: string;
  rows: number;
  built_at: Generated<Date>;
}

/** One survey response, normalised for statistics (migration 0008): principle ids per topic. */
export interface ResponsesTable {
  id: Generated<string>;
  organization_id: string;
  survey_id: number;
  token_id: string | null;
  department_id: string | null;
  /** The tier 2 group of department_id (itself when it is a group). */
  group_id: string | null;
  submitted_at: Generated<Date>;
  updated_at: Date | null;
  anonymous: boolean;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  invitation_id: string | null;
  birth_year: number | null;
  gender_id: number | null;
  age_id: number | null;
  education_id: number | null;
  disability_id: number | null;
  sexual_orientation_id: number | null;
  position_level_id: number | null;
  position_type_id: number | null;
  country_birth_id: number | null;
  state_id: number | null;
  worldview_id: number | null;
  branch_id: number | null;
  denomination_id: number | null;
  /** Questions 26 and 27 (migration 0009). */
  culture_identity_id: Generated<number | null>;
  appearance_id: Generated<number | null>;
  /** As submitted; read back only through the participant's own edit link. */
  answers: ColumnType<JsonValue, string | undefined, string>;
  /** Random key of the cell key method (migration 0011); filled by the database, never sent out. */
  record_key: Generated<number>;
  /** The release block the response entered the statistics in (migration 0025); null while it waits. */
  release_block: ColumnType<number | null, number | null | undefined, number | null>;
}

export type AncestryRelation = 'mother' | 'father' | 'maternal_grandmother' | 'maternal_grandfather' | 'paternal_grandmother' | 'paternal_grandfather';

export interface ResponseAncestryTable {
  response_id: string;
  organization_id: string;
  relation: AncestryRelation;
  country_id: number;
  /** Random key of the cell key method (migration 0011). */
  record_key: Generated<number>;
}

export interface ResponseLanguagesTable {
  response_id: string;
  organization_id: string;
  language_id: number;
  level: 'native' | 'fluent' | 'intermediate' | 'basic';
  /** Random key of the cell key method (migration 0011). */
  record_key: Generated<number>;
}

export interface ResponseHeritagesTable {
  response_id: string;
  organization_id: string;
  ethnicity_id: number;
  /** Random key of the cell key method (migration 0011). */
  record_key: Generated<number>;
}

/** Question 25 (migration 0009): cultures a person feels they belong to. */
export interface ResponseCulturesTable {
  response_id: string;
  organization_id: string;
  ethnicity_id: number;
  /** Random key of the cell key method (migration 0011). */
  record_key: Generated<number>;
}

export interface ResponseEditLinksTable {
  id: Generated<string>;
  organization_id: string;
  response_id: string;
  token_hash: string;
  purpose: 'edit' | 'delete';
  expires_at: Date;
  used_at: Date | null;
  created_at: Generated<Date>;
}

export type ResponseRow = Selectable<ResponsesTable>;

export interface CertificatesTable {
  id: Generated<string>;
  organization_id: string;
  /** The signed text: the payload as base64url JSON (domain/contracts/certificates.ts). */
  payload: string;
  /** base64url Ed25519 signature of `payload`. */
  signature: string;
  issued_by: string | null;
  issued_at: Generated<Date>;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  revoked_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SamlServiceProviderKeysTable {
  id: number;
  /** PKCS#8 PEM (RSA). */
  private_key: string;
  /** The self-signed X.509 certificate of its public key, PEM, published in our SAML metadata. */
  certificate: string;
  created_at: Generated<Date>;
}

export interface CertificateKeysTable {
  id: number;
  /** PKCS#8 PEM. */
  private_key: string;
  /** SPKI PEM, published at /.well-known/certificate-key.pem. */
  public_key: string;
  created_at: Generated<Date>;
}

/** One version of an extra-survey question (migration 0018). */
export interface ExtraQuestionsTable {
  id: Generated<string>;
  organization_id: string;
  department_id: string | null;
  series_id: string;
  version: Generated<number>;
  kind: 'single' | 'multiple' | 'scale';
  text: string;
  /** Language code to text. */
  translations: JsonColumn;
  /** `[{ key, label, translations }]` (none for a scale). */
  options: JsonColumn;
  position: Generated<number>;
  status: 'draft' | 'published' | 'retired';
  created_at: Generated<Date>;
  published_at: Date | null;
  retired_at: Date | null;
}

export interface ExtraQuestionLinksTable {
  question_id: string;
  token_id: string;
  organization_id: string;
}

/** One option chosen by one response for one question version, with its record key (never selected alone). */
export interface ExtraAnswersTable {
  response_id: string;
  question_id: string;
  organization_id: string;
  option_key: string;
  record_key: Generated<number>;
}

export type ExtraQuestionRow = Selectable<ExtraQuestionsTable>;
/** A person's private iCalendar link (migration 0017); only the token's sha-256 is kept. */
export interface ReportDefinitionsTable {
  id: Generated<string>;
  organization_id: string;
  created_by: string | null;
  name: string;
  /** domain/contracts/reports.ts ReportDefinition. */
  definition: JsonColumn;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** A census table loaded from an office's file (migration 0027); organization_id null: the operator's, for everyone. */
export interface CensusTablesTable {
  id: Generated<number>;
  organization_id: string | null;
  country: string;
  pillar: string;
  office: string;
  table_id: string;
  year: number;
  dataset: JsonColumn;
  provenance: JsonColumn;
  report: JsonColumn;
  loaded_by: string | null;
  loaded_at: ColumnType<Date, Date | undefined, never>;
}

export interface CalendarFeedsTable {
  id: Generated<string>;
  organization_id: string;
  user_id: string;
  token_hash: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** Imported people (migration 0026): one per address (any letter case) and organisation. */
export interface PeopleTable {
  id: Generated<string>;
  organization_id: string;
  email: string;
  first_name: string;
  last_name: string;
  group_id: string;
  sub_group_id: string | null;
  /** en, fr, es, ar or zh; null: the organisation's survey language. */
  preferred_language: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  bounced_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  unsubscribed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A people file between its upload and its confirmation (migration 0026). */
export interface PeopleImportsTable {
  id: Generated<string>;
  organization_id: string;
  user_id: string;
  file_name: string;
  format: string;
  /** The header row's cells. */
  columns: JsonColumn<string[]>;
  row_count: Generated<number>;
  /** Set once every row is staged; an upload cut short never is. */
  complete: Generated<boolean>;
  /** The column mapping the rows were last checked with. */
  mapping: ColumnType<JsonValue | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface PeopleImportRowsTable {
  import_id: string;
  /** The row's line in the file, the header being row 1. */
  row_number: number;
  cells: JsonColumn<string[]>;
}

/** An organisation's OpenID Connect provider (migration 0028); the secret only encrypted. */
export interface SsoOidcSettingsTable {
  organization_id: string;
  preset: Generated<string>;
  issuer_url: string;
  client_id: string;
  client_secret_encrypted: string | null;
  sso_required: Generated<boolean>;
  jit_allowed: Generated<boolean>;
  jit_role: Generated<'staff' | 'sub_admin'>;
  updated_at: Generated<Date>;
  kind: Generated<'oidc' | 'saml'>;
  saml_idp_metadata: string | null;
  saml_idp_metadata_url: string | null;
  saml_idp_entity_id: string | null;
  saml_idp_sso_url: string | null;
  saml_idp_certificates: string | null;
  /** The OpenID Connect claim or SAML attribute that lists the person's groups (0031). */
  group_claim: Generated<string>;
}

/** An AuthnRequest we issued (SAML); the verified_* columns are set once the identity provider's response verified. */
export interface SsoSamlRequestsTable {
  request_id: string;
  relay_hash: string;
  browser_hash: string;
  organization_id: string;
  return_to: string;
  issued_at: string;
  verified_email: string | null;
  verified_given_name: string | null;
  verified_family_name: string | null;
  verified_subject: string | null;
  refusal: string | null;
  created_at: Generated<Date>;
  expires_at: Date;
  /** The group claim's values the verified assertion carried (0031). */
  verified_groups: ColumnType<string[] | null, string | null | undefined, string | null>;
  verified_name_id_format: ColumnType<string | null, string | null | undefined, string | null>;
  verified_session_index: ColumnType<string | null, string | null | undefined, string | null>;
}

/** What single logout needs of a session opened through the organisation's provider (0031). */
export interface SsoSessionsTable {
  session_id: string;
  organization_id: string;
  kind: 'oidc' | 'saml';
  id_token: string | null;
  saml_name_id: string | null;
  saml_name_id_format: string | null;
  saml_session_index: string | null;
  created_at: Generated<Date>;
}

/** A value of the organisation's group claim and the group (department) a person carrying it is placed in on sign-in. */
export interface SsoGroupMappingsTable {
  organization_id: string;
  claim_value: string;
  department_id: string;
  /** The administrator's order: the first mapping whose value the person carries wins. */
  position: number;
}

/**
 * An accepted SAML assertion, kept until it expires so it cannot be replayed; beside them, the
 * IDs of accepted LogoutRequests of the identity provider ('logout-request:' and the ID), kept
 * until their time window ends (services/sso/identityProviderLogout.ts).
 */
export interface SsoSamlAssertionsTable {
  organization_id: string;
  assertion_id: string;
  expires_at: Date;
}

/** An email domain an organisation claims for single sign-on; it routes sign-ins once verified. */
export interface SsoDomainsTable {
  id: Generated<string>;
  organization_id: string;
  domain: string;
  method: 'dns' | 'email';
  challenge: string;
  challenge_expires_at: Date;
  verified_at: Date | null;
  created_at: Generated<Date>;
}

/** A started OpenID Connect sign-in, used once. */
export interface SsoOidcStatesTable {
  state_hash: string;
  browser_hash: string;
  organization_id: string;
  code_verifier: string;
  nonce: string;
  return_to: string;
  created_at: Generated<Date>;
  expires_at: Date;
}

/** A campaign of personal invitations to one survey link (migration 0030). */
export interface CampaignsTable {
  id: Generated<string>;
  organization_id: string;
  token_id: string;
  name: string;
  /** IANA time zone the two local times are written in. */
  time_zone: string;
  /** YYYY-MM-DDTHH:mm in time_zone, as chosen. */
  send_local: string;
  send_at: Date;
  reminder_days: ColumnType<number[], number[] | undefined, number[]>;
  closes_local: string;
  closes_at: Date;
  /** The groups and people picked, as `{ group_ids, person_ids }`. */
  recipient_choice: ColumnType<JsonValue, string | undefined, string>;
  state: ColumnType<'scheduled' | 'paused' | 'cancelled', 'scheduled' | 'paused' | 'cancelled' | undefined, 'scheduled' | 'paused' | 'cancelled'>;
  created_by: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** One person a campaign invites (migration 0030). */
export interface CampaignRecipientsTable {
  campaign_id: string;
  person_id: string;
  group_id: string;
  language: string;
  invitation_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Random key of the cell key method for the participation figures (migration 0030). */
  record_key: Generated<number>;
}

/** A further token of a personal invitation, as its sha-256 (migration 0030). */
export interface InvitationTokensTable {
  token_hash: string;
  invitation_id: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** One mail of a campaign to one recipient: step 0 the invitation, 1 to 3 the reminders (migration 0030). */
export interface CampaignMessagesTable {
  id: Generated<number>;
  organization_id: string;
  campaign_id: string;
  person_id: string;
  step: number;
  state: ColumnType<'queued' | 'sent' | 'failed' | 'bounced' | 'skipped', 'queued' | 'sent' | 'failed' | 'bounced' | 'skipped' | undefined, 'queued' | 'sent' | 'failed' | 'bounced' | 'skipped'>;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | undefined, Date>;
  locked_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  unsubscribe_hash: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** Due work any server process may claim (migration 0030). */
export interface JobsTable {
  id: Generated<number>;
  key: string;
  kind: string;
  organization_id: string | null;
  payload: ColumnType<JsonValue, string | undefined, string>;
  run_at: Date;
  locked_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  locked_by: ColumnType<string | null, string | null | undefined, string | null>;
  attempts: Generated<number>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  done_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
}
