import type { MessageKey } from '../i18n/en';

export type HeaderAction = 'refresh' | 'applyFilter';

/** A sidebar entry (SPEC section 3: id, name, icon, path, sub, extraHeaders). */
export interface MenuItem {
  readonly id: number;
  readonly name: MessageKey;
  readonly icon: string;
  /** Path segment below /dashboard; groups have none and only hold `sub`. */
  readonly path?: string;
  readonly sub?: readonly MenuItem[];
  readonly extraHeaders: readonly HeaderAction[];
  /** Only these roles see the entry (a page narrower than its section's permission); absent: every role the permission lets in. */
  readonly roles?: readonly string[];
}

const both: HeaderAction[] = ['refresh', 'applyFilter'];
const filterOnly: HeaderAction[] = ['applyFilter'];

/**
 * The dashboard sidebar of SPEC section 2 with its ids 3001 to 3016. A permission entry's
 * hash_id names one of these ids; sub-pages without an id of their own follow their parent.
 */
export const MENU: readonly MenuItem[] = [
  { id: 3001, name: 'home', icon: 'home', path: 'home', extraHeaders: both },
  {
    id: 3002, name: 'diversity', icon: 'diversity', extraHeaders: [],
    sub: [
      { id: 3003, name: 'overview', icon: 'overview', path: 'overview', extraHeaders: both },
      { id: 3004, name: 'demographics', icon: 'demographics', path: 'demographics', extraHeaders: both },
    ],
  },
  {
    id: 3005, name: 'diversity_analysis', icon: 'analysis', extraHeaders: [],
    sub: [
      { id: 3006, name: 'country-birth', icon: 'globe', path: 'country-birth', extraHeaders: both },
      { id: 3007, name: 'languages', icon: 'languages', path: 'languages', extraHeaders: both },
      { id: 3008, name: 'worldviews', icon: 'worldviews', path: 'worldviews', extraHeaders: both },
      { id: 3009, name: 'cultural-heritage', icon: 'heritage', path: 'cultural-heritage', extraHeaders: both },
    ],
  },
  {
    id: 3010, name: 'compare', icon: 'compare', path: 'compare', extraHeaders: [],
    sub: [
      { id: 3011, name: 'internal', icon: 'compare', path: 'internal', extraHeaders: [] },
      { id: 3012, name: 'external', icon: 'compare', path: 'external', extraHeaders: [] },
    ],
  },
  {
    id: 3013, name: 'benchmark', icon: 'benchmark', path: 'benchmark', extraHeaders: [],
    sub: [{ id: 3013, name: 'internal', icon: 'benchmark', path: 'internal', extraHeaders: [] }],
  },
  {
    id: 3014, name: 'coordinator', icon: 'coordinator', path: 'control-panel', extraHeaders: [],
    sub: [
      { id: 3014, name: 'members-management', icon: 'members', path: 'members-management', extraHeaders: [] },
      { id: 3014, name: 'surveys-management', icon: 'surveys', path: 'surveys-management', extraHeaders: [] },
      { id: 3014, name: 'people', icon: 'members', path: 'people', extraHeaders: [] },
      { id: 3014, name: 'campaigns', icon: 'surveys', path: 'campaigns', extraHeaders: [], roles: ['admin', 'second_admin'] },
    ],
  },
  { id: 3015, name: 'extra-survey', icon: 'survey', path: 'extra-survey', extraHeaders: filterOnly },
  { id: 3016, name: 'reports', icon: 'reports', path: 'reports', extraHeaders: filterOnly },
];

/** Panel names that carry a banner setting (SPEC section 2). */
export const BANNER_PANELS = [
  'compare', 'overview', 'languages', 'worldviews', 'control-panel', 'demographics',
  'extra-survey', 'country-birth', 'cultural-heritage', 'reports',
] as const;
