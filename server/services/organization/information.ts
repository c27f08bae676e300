import type { OrganizationInformation } from '../../../domain/contracts/organization';
import type { OrganizationRow } from '../../db/database';
import { logoUrl } from './logo';

/** The organisation as GET /organization/information answers it. */
export const toInformation = (organization: OrganizationRow): OrganizationInformation => ({
  id: organization.id,
  name: organization.name,
  country: organization.country,
  industry: organization.industry,
  seat_capacity: organization.seat_capacity,
  package_expires_at: organization.package_expires_at === null ? null : organization.package_expires_at.toISOString(),
  view_as_consent: organization.view_as_consent,
  details: organization.details,
  logo_url: logoUrl(organization.logo_hash),
  survey_locale: organization.survey_locale,
});
