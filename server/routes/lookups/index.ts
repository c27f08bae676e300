import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AnyEndpoint, DataOf } from '../../../domain/contracts/endpoint';
import { ServerMessages } from '../../../domain/contracts/errors';
import {
  type AnyLookupItem,
  getAges,
  getAppearances,
  getBranches,
  getCountries,
  getDenominations,
  getDisabilities,
  getEducations,
  getEthnicities,
  getGenders,
  getIndustries,
  getLanguages,
  getLookupNames,
  getPositionLevels,
  getPositionTypes,
  getPrinciples,
  getSexualOrientations,
  getStates,
  getWorldviews,
  LOOKUP_LISTS,
  LOOKUP_NOT_EXIST,
  LookupList,
  LookupMessages,
} from '../../../domain/contracts/lookups';
import { ApiError } from '../../http/apiError';
import { registerEndpoint } from '../../http/route';
import { labelNames, listItems, principleExists, requestLocale, searchLongEnough } from '../../services/lookups/service';

export interface LookupRoutesOptions {
  /**
   * The lookup list a survey question's options come from, for principle search by
   * question_id. The survey's question definitions know it (domain/survey); without a
   * resolver, principle search needs `list` or `url`.
   */
  readonly listOfQuestion?: (questionId: number) => LookupList | undefined;
}

/** The search to apply: none when absent or blank; 422 when shorter than 3 characters. */
const checkedSearch = (search: string | undefined): string | undefined => {
  if (search === undefined || search.trim() === '') return undefined;
  if (!searchLongEnough(search)) throw new ApiError(422, LookupMessages.searchTooShort, { search: [LookupMessages.searchTooShort] });
  return search;
};

const idParam = (value: string | undefined): number | undefined => (value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : undefined);

/** The parent item named in the path, or 404 with the parent list's 'does not exist' message. */
const parentOf = async (app: FastifyInstance, list: LookupList, value: string | undefined): Promise<number> => {
  const id = idParam(value);
  if (id === undefined || !(await principleExists(app.db, list, id))) throw new ApiError(404, LOOKUP_NOT_EXIST[list]);
  return id;
};

// The lookup paths principle search accepts in `url`: whole lists, and child lists with their parent.
const FLAT_PATHS: Readonly<Record<string, LookupList>> = {
  countries: 'countries',
  genders: 'genders',
  disabilities: 'disabilities',
  educations: 'educations',
  'position-levels': 'position-levels',
  ethnicities: 'ethnicities',
  appearances: 'appearances',
  'sexual-orientations': 'sexual-orientations',
  languages: 'languages',
  worldviews: 'worldviews',
  ages: 'ages',
  industries: 'industries',
};
const CHILD_PATHS: ReadonlyArray<{ pattern: RegExp; list: LookupList }> = [
  { pattern: /^country\/([^/]+)\/states$/, list: 'states' },
  { pattern: /^position-level\/([^/]+)\/position-types$/, list: 'position-types' },
  { pattern: /^worldview\/([^/]+)\/branches$/, list: 'branches' },
  { pattern: /^branch\/([^/]+)\/denominations$/, list: 'denominations' },
];

const invalid = (field: string): ApiError => new ApiError(422, ServerMessages.fieldInvalid(field), { [field]: [ServerMessages.fieldInvalid(field)] });

/**
 * The public lookup lists (SPEC section 7, lookups) and principle search. Public because the
 * survey participant and the registering administrator read them before signing in. Names
 * follow the request's X-Locale where the data has them (countries, languages, zones).
 */
export const lookupRoutes: FastifyPluginAsync<LookupRoutesOptions> = async (app, options) => {
  const localeOf = (request: FastifyRequest) => requestLocale(app.db, request.headers['x-locale']);

  // Each handler answers its endpoint's item codec; listItems gives every list's fields.
  const answer = <E extends AnyEndpoint>(_endpoint: E, items: AnyLookupItem[]) => items as DataOf<E>;

  const flat = <E extends AnyEndpoint>(endpoint: E, list: LookupList) =>
    registerEndpoint(app, endpoint, async ({ query, request }) => {
      const search = LOOKUP_LISTS[list].searchable ? checkedSearch((query as { search?: string }).search) : undefined;
      return answer(endpoint, await listItems(app.db, { list, locale: await localeOf(request), ...(search ? { search } : {}) }));
    });

  const child = <E extends AnyEndpoint>(endpoint: E, list: LookupList, param: string) =>
    registerEndpoint(app, endpoint, async ({ query, params, request }) => {
      const parentId = await parentOf(app, LOOKUP_LISTS[list].parent!, params[param]);
      const search = LOOKUP_LISTS[list].searchable ? checkedSearch((query as { search?: string }).search) : undefined;
      return answer(endpoint, await listItems(app.db, { list, parentId, locale: await localeOf(request), ...(search ? { search } : {}) }));
    });

  flat(getCountries, 'countries');
  child(getStates, 'states', 'countryId');
  flat(getGenders, 'genders');
  flat(getDisabilities, 'disabilities');
  flat(getEducations, 'educations');
  flat(getPositionLevels, 'position-levels');
  child(getPositionTypes, 'position-types', 'levelId');
  flat(getEthnicities, 'ethnicities');
  flat(getAppearances, 'appearances');
  flat(getSexualOrientations, 'sexual-orientations');
  flat(getLanguages, 'languages');
  flat(getWorldviews, 'worldviews');
  child(getBranches, 'branches', 'worldview');
  child(getDenominations, 'denominations', 'branch');
  flat(getAges, 'ages');
  flat(getIndustries, 'industries');
  registerEndpoint(app, getLookupNames, async ({ request }) => labelNames(app.db, await localeOf(request)));

  /** Which list (and parent) a principle search reads: `list`, else `url`, else `question_id`. */
  const searchTarget = async (query: { question_id?: number | string; url?: string; list?: string }): Promise<{ list: LookupList; parentId?: number }> => {
    if (query.list !== undefined) {
      if (!LookupList.is(query.list)) throw invalid('list');
      return { list: query.list };
    }
    if (query.url !== undefined) {
      const path = query.url.split('?')[0]!.replace(/^https?:\/\/[^/]+/, '').replace(/^\/+/, '').replace(/^api\//, '').replace(/\/+$/, '');
      const flatList = FLAT_PATHS[path];
      if (flatList !== undefined) return { list: flatList };
      for (const { pattern, list } of CHILD_PATHS) {
        const match = pattern.exec(path);
        if (match) return { list, parentId: await parentOf(app, LOOKUP_LISTS[list].parent!, match[1]) };
      }
      throw invalid('url');
    }
    if (query.question_id !== undefined) {
      const id = typeof query.question_id === 'number' ? query.question_id : idParam(query.question_id);
      const list = id === undefined ? undefined : options.listOfQuestion?.(id);
      if (list === undefined) throw new ApiError(422, LookupMessages.questionNotExist, { question_id: [LookupMessages.questionNotExist] });
      return { list };
    }
    throw new ApiError(422, LookupMessages.questionNotExist, { question_id: [LookupMessages.questionNotExist] });
  };

  registerEndpoint(app, getPrinciples, async ({ query, request }) => {
    const target = await searchTarget(query);
    if (!LOOKUP_LISTS[target.list].searchable) throw new ApiError(422, LookupMessages.listNotSearchable, { search: [LookupMessages.listNotSearchable] });
    const search = checkedSearch(query.search);
    if (search === undefined) throw new ApiError(422, LookupMessages.searchTooShort, { search: [LookupMessages.searchTooShort] });
    return listItems(app.db, { ...target, search, locale: await localeOf(request) });
  });
};
