import * as t from 'io-ts';
import type { DataOf } from '../contracts/endpoint';
import type { SectionEntry } from './sections/entry';
import { organizationSections } from './sections/organization';
import { tokenSections } from './sections/tokens';
import { membersSections } from './sections/members';
import { surveySections } from './sections/survey';
import { statisticsSections } from './sections/statistics';
import { filterSections } from './sections/filters';
import { certificateSections } from './sections/certificates';
import { reportSections } from './sections/reports';
import { chartNameSections } from './sections/chartNames';
import { extraSurveySections } from './sections/extraSurvey';
import { calendarSections } from './sections/calendar';
import { peopleSections } from './sections/people';
import { homeParticipationSections } from './sections/homeParticipation';
import { campaignSections } from './sections/campaigns';

export type { SectionEntry } from './sections/entry';

/**
 * Which endpoint serves each data section (SPEC section 3 names), gathered from one file per
 * area. It is the contract's, so it lives in the domain: the names are what commands, events
 * and the state carry, and each name's data codec is what its `resource/loaded` event is
 * decoded with, in a log file as in the effect that loads it.
 */
export const sections = {
  ...organizationSections,
  ...tokenSections,
  ...membersSections,
  ...surveySections,
  ...statisticsSections,
  ...filterSections,
  ...certificateSections,
  ...reportSections,
  ...chartNameSections,
  ...extraSurveySections,
  ...calendarSections,
  ...peopleSections,
  ...homeParticipationSections,
  ...campaignSections,
} satisfies Record<string, SectionEntry>;

export type SectionName = keyof typeof sections;
export const SectionName = t.keyof(Object.fromEntries(Object.keys(sections).map((name) => [name, null])) as Record<SectionName, null>);

/** The data of a loaded section: what its endpoint's data codec decodes to. */
export type SectionData<K extends SectionName> = DataOf<(typeof sections)[K]['endpoint']>;
