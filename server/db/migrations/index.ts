import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation';
import * as m0002 from './0002_accounts';
import * as m0003 from './0003_mail';
import * as m0004 from './0004_sso';
import * as m0005 from './0005_structure';
import * as m0006 from './0006_view_as';
import * as m0007 from './0007_lookups';
import * as m0008 from './0008_responses';
import * as m0009 from './0009_cultures_appearance';
import * as m0010 from './0010_statistics_versions';
import * as m0011 from './0011_record_keys';
import * as m0013 from './0013_tracing_packages';
import * as m0014 from './0014_response_keys_index';
import * as m0016 from './0016_certificates';
import * as m0018 from './0018_extra_survey';
import * as m0020 from './0020_statistics_selections';
import * as m0017 from './0017_calendar_feeds';
import * as m0021 from './0021_report_definitions';
import * as m0022 from './0022_survey_language';
import * as m0023 from './0023_statistics_changes';
import * as m0024 from './0024_respondent_totals';
import * as m0025 from './0025_release_blocks';
import * as m0028 from './0028_sso_oidc';
import * as m0029saml from './0029_sso_saml';
import * as m0030campaigns from './0030_campaigns';
import * as m0031groupClaims from './0031_sso_group_claims';
import * as m0026 from './0026_people';
import * as m0027census from './0027_census_tables';
import * as m0032kept from './0032_statistics_kept';
import * as m0033samlKey from './0033_saml_service_provider_key';

/**
 * Every migration, by name; the Migrator applies them in name order. A landed migration is
 * never edited: add the next numbered file and list it here.
 */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_accounts': m0002,
  '0003_mail': m0003,
  '0004_sso': m0004,
  '0005_structure': m0005,
  '0006_view_as': m0006,
  '0007_lookups': m0007,
  '0008_responses': m0008,
  '0009_cultures_appearance': m0009,
  '0010_statistics_versions': m0010,
  '0011_record_keys': m0011,
  '0013_tracing_packages': m0013,
  '0014_response_keys_index': m0014,
  '0016_certificates': m0016,
  '0018_extra_survey': m0018,
  '0020_statistics_selections': m0020,
  '0017_calendar_feeds': m0017,
  '0021_report_definitions': m0021,
  '0022_survey_language': m0022,
  '0023_statistics_changes': m0023,
  '0024_respondent_totals': m0024,
  '0025_release_blocks': m0025,
  '0028_sso_oidc': m0028,
  '0026_people': m0026,
  '0027_census_tables': m0027census,
  '0029_sso_saml': m0029saml,
  '0030_campaigns': m0030campaigns,
  '0031_sso_group_claims': m0031groupClaims,
  '0032_statistics_kept': m0032kept,
  '0033_saml_service_provider_key': m0033samlKey,
};
