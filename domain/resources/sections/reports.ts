import { reportEndpoints } from '../../contracts/reports';
import type { SectionEntry } from './entry';

/** The report builder's saved definitions (no figures). */
export const reportSections = {
  savedReports: { endpoint: reportEndpoints.list },
} satisfies Record<string, SectionEntry>;
