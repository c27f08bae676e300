import type { LookupName } from '../../domain/contracts/survey';
import type { LookupItem } from '../../domain/contracts/lookups';
import type { SectionLoaded } from '../../domain/resources/events';
import type { SectionData } from '../../domain/resources/sections';
import type { SurveySectionName } from '../../domain/resources/sections/survey';

export type { SurveySectionName } from '../../domain/resources/sections/survey';

/** The survey's sections that are lists of options. */
export type SurveyListName = { [K in SurveySectionName]: SectionData<K> extends readonly LookupItem[] ? K : never }[SurveySectionName];

/**
 * Where a question's options come from. `param`: the argument carrying the parent question's
 * answer (a path placeholder), for lists that hang under another list's item. `search`: the
 * list is too long to load whole and is searched as the person types.
 */
export interface SurveyLookup {
  readonly section: SurveyListName;
  readonly param?: string;
  readonly search?: boolean;
}

/** Question 3's groups are no list of options: they have their own section (surveyGroups) and control. */
export type ListLookupName = Exclude<LookupName, 'groups'>;

export const SURVEY_LOOKUPS: Readonly<Record<ListLookupName, SurveyLookup>> = {
  countries: { section: 'surveyCountries' },
  states: { section: 'surveyStates', param: 'countryId' },
  genders: { section: 'surveyGenders' },
  disabilities: { section: 'surveyDisabilities' },
  educations: { section: 'surveyEducations' },
  'position-levels': { section: 'surveyPositionLevels' },
  'position-types': { section: 'surveyPositionTypes', param: 'levelId' },
  ethnicities: { section: 'surveyEthnicities', search: true },
  appearances: { section: 'surveyAppearances' },
  'sexual-orientations': { section: 'surveySexualOrientations' },
  languages: { section: 'surveyLanguages', search: true },
  worldviews: { section: 'surveyWorldviews' },
  branches: { section: 'surveyBranches', param: 'worldview' },
  denominations: { section: 'surveyDenominations', param: 'branch' },
  ages: { section: 'surveyAges' },
  industries: { section: 'surveyIndustries' },
};

const LIST_SECTIONS: ReadonlySet<string> = new Set(Object.values(SURVEY_LOOKUPS).map((lookup) => lookup.section));

/** Whether loaded data is one of the survey's lists of options. */
export const isSurveyList = (event: SectionLoaded): event is SectionLoaded<SurveyListName> => LIST_SECTIONS.has(event.name);

/** The list a question's options come from, if they come from one. */
export const surveyLookup = (name: LookupName | null): SurveyLookup | undefined =>
  name === null || name === 'groups' ? undefined : SURVEY_LOOKUPS[name];

/** The search that finds the heritages' "Prefer not to answer" item (its code is 'prefer_not'). */
export const PREFER_NOT_SEARCH = 'Prefer not to answer';
