import type { Role } from '../../../domain/contracts/auth';
import type { Permission } from '../../../domain/navigation/permissions';

/** Every menu id of the dashboard sidebar (domain/navigation/menu.ts), in order. */
export const MENU_IDS = [3001, 3002, 3003, 3004, 3005, 3006, 3007, 3008, 3009, 3010, 3011, 3012, 3013, 3014, 3015, 3016] as const;
export type MenuId = (typeof MENU_IDS)[number];

const all: readonly MenuId[] = MENU_IDS;
/** Home, diversity (overview, demographics), diversity analysis (4 pages), extra survey, reports. */
const dashboards: readonly MenuId[] = [3001, 3002, 3003, 3004, 3005, 3006, 3007, 3008, 3009, 3015, 3016];

/**
 * Which sidebar sections each role sees (SPEC section 6 leaves it open; this is our table):
 *
 * | role              | home 3001 | dashboards 3002-3009 | compare 3010-3012 | benchmark 3013 | control panel 3014 | extra survey 3015, reports 3016 |
 * |-------------------|-----------|----------------------|-------------------|----------------|--------------------|---------------------------------|
 * | admin             | yes       | yes                  | yes               | yes            | yes                | yes                             |
 * | second_admin      | yes       | yes                  | yes               | yes            | yes                | yes                             |
 * | sub_admin         | yes       | yes                  | yes               | yes            | no                 | yes                             |
 * | group_assignee    | yes       | yes                  | no                | no             | yes (own group)    | yes                             |
 * | subgroup_assignee | yes       | yes                  | no                | no             | no                 | yes                             |
 * | staff             | yes       | no                   | no                | no             | no                 | no                              |
 */
export const VISIBLE_SECTIONS: Readonly<Record<Role, readonly MenuId[]>> = {
  admin: all,
  second_admin: all,
  sub_admin: all.filter((id) => id !== 3014),
  // The control panel shows an assignee their own group: its sub-groups, staff and survey links.
  group_assignee: [...dashboards, 3014],
  subgroup_assignee: dashboards,
  staff: [3001],
};

/** One entry per menu id, each saying whether the role sees it. */
export const permissionsFor = (role: Role): Permission[] => {
  const visible = new Set<number>(VISIBLE_SECTIONS[role]);
  return MENU_IDS.map((id) => ({ hash_id: String(id), attributes: { isShow: visible.has(id) } }));
};
