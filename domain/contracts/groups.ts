import * as t from 'io-ts';
import { endpoint } from './endpoint';
import { OrganizationInformation } from './organization';
import { OrganizationName } from './textLimits';

/**
 * The organisation's structure (tier 2 groups and tier 3 sub-groups), its details and logo,
 * and viewing as a group (SPEC sections 3, 4, 6 and 7).
 *
 * Decisions where SPEC is silent:
 *
 * Who sees which departments (the same rule for every read here; the server writes it once,
 * server/services/organization/scope.ts):
 * - administrator, second administrator and sub-administrator: every group and sub-group;
 * - group assignee: the groups they run (their own department, or a group naming them as its
 *   assignee) and the sub-groups of those groups;
 * - sub-group assignee: the sub-groups they run;
 * - staff: nothing (every list is empty);
 * - a view-as session: the viewed group and its sub-groups, whatever the role.
 * selection-groups answers the same tree as groups-sub-groups: the departments a caller may
 * pick are those they see. They are two calls because SPEC names two.
 *
 * Counts: member_count of a group counts the active members of the group and of its
 * sub-groups; of a sub-group, its own. Lists are sorted by name (case-insensitive).
 *
 * Removing a department (administrator or second administrator): refused while it has
 * sub-groups; its members are left without a department; view-as sessions on it end. Pending
 * invitations and survey links of the department go with it (the schema cascades them).
 *
 * Details and logo (POST /organization/update, administrator or second administrator) are
 * sent as multipart/form-data, not JSON: see `updateOrganization`.
 *
 * View as (POST /organization/view-as): allowed when the organisation has given its consent
 * (organizations.view_as_consent), for one of the caller's primary departments. It answers
 * a new secondary token for the same person; that session sees the group only, ends when the
 * session that opened it ends (sign-out, password change, idle), and a new view-as ends the
 * previous one. Every start is audited ('organization.view_as_started').
 *
 * Primary departments (sent with POST /check-access-token as primary_departments): the groups
 * a person may view as, the first being their own view (SPEC section 4: choosing it is back to
 * 'default'). Administrator, second administrator, sub-administrator: the organisation itself
 * (its id and name), then every tier 2 group; an assignee: their own group first, then any
 * other group or sub-group they run; staff: none.
 */

export const Assignee = t.strict({ id: t.string, first_name: t.string, last_name: t.string, email: t.string });
export type Assignee = t.TypeOf<typeof Assignee>;

/** A tier 2 group. capacity null: no limit. */
export const Group = t.strict({
  id: t.string,
  name: t.string,
  capacity: t.union([t.number, t.null]),
  assignee: t.union([Assignee, t.null]),
  sub_group_count: t.number,
  /** Active members of the group and of its sub-groups. */
  member_count: t.number,
  /**
   * Answers the group still takes: its capacity less the answers counted in it (its
   * sub-groups' included), never below 0; null without a capacity. Like a link's seats, an
   * operational figure for the administrator, shown beside the capacity.
   */
  places_left: t.union([t.number, t.null]),
});
export type Group = t.TypeOf<typeof Group>;

/** A tier 3 sub-group with its group. */
export const SubGroup = t.strict({
  id: t.string,
  name: t.string,
  capacity: t.union([t.number, t.null]),
  assignee: t.union([Assignee, t.null]),
  member_count: t.number,
  parent_id: t.string,
  parent_name: t.string,
});
export type SubGroup = t.TypeOf<typeof SubGroup>;

export const DepartmentLevel = t.union([t.literal(2), t.literal(3)]);
export type DepartmentLevel = t.TypeOf<typeof DepartmentLevel>;

/** Groups and sub-groups in one list: each group followed by its sub-groups. */
export const DepartmentEntry = t.strict({
  id: t.string,
  name: t.string,
  parent_id: t.union([t.string, t.null]),
  level: DepartmentLevel,
  capacity: t.union([t.number, t.null]),
});
export type DepartmentEntry = t.TypeOf<typeof DepartmentEntry>;

/** SPEC section 3, option trees: id, name, children, optional cohort and parent (the parent's id). */
export interface OptionNode {
  readonly id: string;
  readonly name: string;
  readonly children: readonly OptionNode[];
  readonly parent?: string;
  readonly cohort?: string;
}

export const OptionNode: t.Type<OptionNode> = t.recursion('OptionNode', () =>
  t.intersection([
    t.strict({ id: t.string, name: t.string, children: t.readonlyArray(OptionNode) }),
    t.partial({ parent: t.string, cohort: t.string }),
  ]),
);

/** A group one may view as; the shape of `Department` in the client's session state. */
export const PrimaryDepartment = t.strict({ id: t.string, name: t.string });
export type PrimaryDepartment = t.TypeOf<typeof PrimaryDepartment>;

export const getGroups = endpoint({ method: 'GET', path: '/organization/groups', data: t.array(Group) });

/** group_id: only the sub-groups of that group (an unknown or hidden group gives an empty list). */
export const getSubGroups = endpoint({
  method: 'GET',
  path: '/organization/sub-groups',
  query: t.partial({ group_id: t.string }),
  data: t.array(SubGroup),
});

export const getDepartments = endpoint({ method: 'GET', path: '/organization/departments', data: t.array(DepartmentEntry) });

/** Groups with their sub-groups as children; a sub-group whose group is hidden is a root with `parent`. */
export const getGroupsSubGroups = endpoint({ method: 'GET', path: '/organization/groups-sub-groups', data: t.array(OptionNode) });

/** Path spelled as in SPEC section 7 (no leading slash). */
export const getSelectionGroups = endpoint({ method: 'GET', path: 'organization/selection-groups', data: t.array(OptionNode) });

/** Administrator or second administrator. */
export const removeDepartment = endpoint({
  method: 'DELETE',
  path: '/organization/remove-department',
  body: t.strict({ department_id: t.string }),
  data: t.strict({ id: t.string, unassigned_members: t.number }),
});

export const DETAILS_MAX = 2000;
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_FIELD = 'logo';
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const;
/** Where the logo is served (authenticated: fetch it with the bearer token, e.g. as a blob). */
export const LOGO_PATH = '/organization/logo';

/**
 * Administrator or second administrator. Sent as multipart/form-data (FormData), not JSON:
 * - `name` (text, required, 1 to 255 characters once trimmed);
 * - `details` (text, optional, at most DETAILS_MAX characters; empty clears it; absent keeps it);
 * - `logo` (a file, optional, at most 1 MB: PNG, JPEG, WebP or SVG, told by its content, not
 *   its name; an SVG is sanitised before it is stored; absent keeps the current logo).
 * The body codec below describes the text fields only; a JSON body with them is accepted too.
 * Answers the organisation information (with its new logo_url).
 */
export const updateOrganization = endpoint({
  method: 'POST',
  path: '/organization/update',
  body: t.partial({ name: OrganizationName, details: t.string }),
  data: OrganizationInformation,
});

/** Answers `data.access_token`, a secondary token (SPEC section 7). */
export const viewAs = endpoint({
  method: 'POST',
  path: '/organization/view-as',
  body: t.strict({ group_id: t.string }),
  data: t.strict({ access_token: t.string }),
  primary: true,
});

/** Server wording for the structure, logo and view-as (SPEC section 8 names; our sentences). */
export const GroupMessages = {
  /** SPEC 8 'department or user does not belong to your organisation' (unknown ids alike). */
  notBelongToOrganization: 'This department or user does not belong to your organisation.',
  /** SPEC 8 'department has sub-groups'. */
  departmentHasSubGroups: 'This department has sub-groups; remove them first.',
  departmentInUse: 'This department is still in use and cannot be removed.',
  viewAsNeedsConsent: 'Viewing as a group needs your organisation’s consent. The administrator can allow it in the organisation settings.',
  viewAsNotAllowed: 'You can only view as a group you are responsible for.',
  detailsTooLong: `The details may not be longer than ${DETAILS_MAX} characters.`,
} as const;

/** SPEC 5 and 8: 'logo format not supported' and 'logo problems'. */
export const LogoMessages = {
  formatNotSupported: 'The logo format is not supported. Use PNG, JPEG, SVG or WebP.',
  tooLarge: 'The logo is too large: it may be at most 1 MB.',
  empty: 'The logo file is empty.',
  svgNotWellFormed: 'The SVG logo cannot be read: it is not a well-formed SVG document.',
  oneFile: 'Send at most one file, in the logo field.',
  tooManyFields: 'The form has too many fields.',
  noLogo: 'Your organisation has no logo.',
} as const;
