import * as t from 'io-ts';
import { surveySections } from './sections/survey';

export type { SectionData, SectionEntry } from './sections';

/**
 * The participant's page's catalogue of data sections: the survey's own (its questions, groups
 * and lookup lists). The participant build (vite.participant.config.ts) puts this module in
 * place of ./sections.ts, so a survey link's page carries the codecs of what it loads and not
 * those of every dashboard; `tests/domain/participantCatalogue.test.ts` holds it to the full one.
 */
export const sections = surveySections;

export type SectionName = keyof typeof sections;
export const SectionName = t.keyof(Object.fromEntries(Object.keys(sections).map((name) => [name, null])) as Record<SectionName, null>);

export const isSectionName = (name: string): name is SectionName => Object.hasOwn(sections, name);
