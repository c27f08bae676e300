import { getGroups, getSubGroups } from '../../contracts/groups';
import { getInvitations, getMembers } from '../../contracts/members';
import type { SectionEntry } from './entry';

/** Members management: groups, sub-groups, members and their invitations. */
export const membersSections = {
  orgGroups: { endpoint: getGroups },
  orgSubgroups: { endpoint: getSubGroups },
  members: { endpoint: getMembers },
  invitations: { endpoint: getInvitations },
} satisfies Record<string, SectionEntry>;
