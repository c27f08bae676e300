import { removeDepartment } from '../../contracts/groups';
import {
  changeGroupAssignee,
  checkActivation,
  checkActivationAssignee,
  checkDepartmentInvitation,
  checkInvitation,
  departmentRegister,
  inviteAnotherAdmin,
  inviteSubAdmin,
  inviteSubGroup,
  moveStaff,
  removeStaff,
  updateInvitation,
} from '../../contracts/members';
import type { SectionName } from '../sections';
import type { ActionEntry } from './entry';

// Every change of the structure shows in the counts of the groups table and in the choices of groups.
const structure: SectionName[] = ['orgGroups', 'orgSubgroups', 'selectionGroups'];

/** Members management: changes of groups, sub-groups, members and their invitations. */
export const membersActions = {
  registerDepartment: { endpoint: departmentRegister, reloads: [...structure, 'invitations'], done: 'Group created.' },
  createSubGroup: { endpoint: inviteSubGroup, reloads: [...structure, 'invitations'], done: 'Sub-group created.' },
  inviteSubAdmin: { endpoint: inviteSubAdmin, reloads: ['invitations'], done: 'Invitation sent.' },
  inviteAnotherAdmin: { endpoint: inviteAnotherAdmin, reloads: ['invitations'], done: 'Invitation sent.' },
  changeGroupAssignee: { endpoint: changeGroupAssignee, reloads: [...structure, 'members', 'invitations'], done: 'Assignee changed.' },
  moveStaff: { endpoint: moveStaff, reloads: [...structure, 'members'], done: 'Member moved.' },
  removeStaff: { endpoint: removeStaff, reloads: [...structure, 'members'], done: 'Member removed.' },
  removeDepartment: { endpoint: removeDepartment, reloads: [...structure, 'members', 'invitations'], done: 'Department removed.' },
  resendInvitation: { endpoint: updateInvitation, reloads: ['invitations'], done: 'Invitation sent again.' },
  revokeInvitation: { endpoint: updateInvitation, reloads: ['invitations'], done: 'Invitation revoked.' },
  /**
   * The invitation pages' checks are actions, not sections: an action's args ride on the
   * command only, so the emailed token never enters an event or an exported log.
   */
  checkDepartmentInvitation: { endpoint: checkDepartmentInvitation, reloads: [] },
  checkActivationAssignee: { endpoint: checkActivationAssignee, reloads: [] },
  checkInvitation: { endpoint: checkInvitation, reloads: [] },
  checkActivation: { endpoint: checkActivation, reloads: [] },
} satisfies Record<string, ActionEntry>;
