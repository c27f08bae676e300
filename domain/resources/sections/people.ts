import { getPeople } from '../../contracts/people';
import type { SectionEntry } from './entry';

/** Coordinator → People: a page of the imported people (args: page). */
export const peopleSections = {
  people: { endpoint: getPeople },
} satisfies Record<string, SectionEntry>;
