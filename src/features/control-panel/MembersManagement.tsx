import { useMemo, useState } from 'react';
import { useTranslation } from '../../hooks/translation';
import type { AppState } from '../../../domain/app/state';
import type { Invitation } from '../../../domain/contracts/members';
import { useSection } from '../../hooks/resources';
import { useSelector } from '../../hooks/runtime';
import { AssigneeDialog } from './members/AssigneeDialog';
import { DepartmentDialog } from './members/DepartmentDialog';
import { InvitePersonDialog } from './members/InvitePersonDialog';
import { MoveMemberDialog } from './members/MoveMemberDialog';
import { InvitationsTable, MembersTable, type PeopleOpen } from './members/PeopleTables';
import { RemoveDepartmentDialog, RemoveMemberDialog } from './members/RemoveDialogs';
import { GroupsTable, SubGroupsTable, type StructureOpen } from './members/StructureTables';
import { useTierNames } from './members/parts';

const selectUser = (s: AppState) => s.session.user;

const ASSIGNEE_KINDS: readonly Invitation['kind'][] = ['group_assignee', 'subgroup_assignee'];

/**
 * Members management (control panel): groups and sub-groups with their assignees, members and
 * staff, and the invitations still open. What the caller may not do is shown, with its rule,
 * before any click; after every change the catalogue loads the affected sections again.
 */
export const MembersManagement = ({ page }: { page: string }) => {
  const { t } = useTranslation();
  const user = useSelector(selectUser);
  const role = user?.role ?? null;
  const canManage = role === 'admin' || role === 'second_admin';
  const tiers = useTierNames();
  const groups = useSection('orgGroups', undefined, page);
  const subGroups = useSection('orgSubgroups', undefined, page);
  const members = useSection('members', undefined, page);
  const invitations = useSection('invitations', undefined, page);
  const [open, setOpen] = useState<StructureOpen | PeopleOpen | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const runsAGroup = (groups.data ?? []).some((group) => group.assignee?.id === user?.id);
  const close = () => setOpen(null);
  const done = (text: string) => {
    setNotice(text);
    setOpen(null);
  };
  const openDialog = (next: StructureOpen | PeopleOpen) => {
    setNotice(null);
    setOpen(next);
  };

  const pendingAssignees = useMemo(() => {
    const map = new Map<string, Invitation>();
    for (const invitation of invitations.data ?? []) {
      if (invitation.status === 'pending' && invitation.department && ASSIGNEE_KINDS.includes(invitation.kind)) map.set(invitation.department.id, invitation);
    }
    return map;
  }, [invitations.data]);

  const parentNames = useMemo(() => new Map((subGroups.data ?? []).map((subGroup) => [subGroup.id, subGroup.parent_name])), [subGroups.data]);
  const staff = (members.data ?? []).filter((member) => member.role === 'staff');
  const creatableParents = (groups.data ?? []).filter((group) => canManage || group.assignee?.id === user?.id);

  return (
    <div className="members-page">
      <p className="muted members-intro">{t('members_intro', { groups: tiers.groups, subGroups: tiers.subGroups })}</p>
      <p className="muted members-intro">{t('members_accounts_note')}</p>
      <p role="status" className={notice ? 'form-success' : 'visually-hidden'}>{notice}</p>
      <GroupsTable groups={groups} pendingAssignees={pendingAssignees} tiers={tiers} canManage={canManage} userId={user?.id ?? null} open={openDialog} />
      <SubGroupsTable subGroups={subGroups} pendingAssignees={pendingAssignees} tiers={tiers} canManage={canManage}
        canCreate={(canManage || runsAGroup) && creatableParents.length > 0} open={openDialog} />
      <MembersTable members={members} parentNames={parentNames} canInviteSubAdmin={canManage}
        canInviteSecondAdmin={role === 'admin'} open={openDialog} />
      {(canManage || runsAGroup) && <InvitationsTable invitations={invitations} />}

      {open?.kind === 'createGroup' && <DepartmentDialog groups={null} tierName={tiers.groups} onClose={close} onDone={done} />}
      {open?.kind === 'createSubGroup' && (
        <DepartmentDialog groups={creatableParents} groupId={open.groupId} tierName={tiers.subGroups} onClose={close} onDone={done} />
      )}
      {open?.kind === 'assignee' && <AssigneeDialog department={open.department} staff={staff} onClose={close} onDone={done} />}
      {open?.kind === 'removeDepartment' && <RemoveDepartmentDialog department={open.department} onClose={close} onDone={done} />}
      {open?.kind === 'invite' && <InvitePersonDialog kind={open.role} onClose={close} onDone={done} />}
      {open?.kind === 'move' && <MoveMemberDialog member={open.member} onClose={close} onDone={done} />}
      {open?.kind === 'removeMember' && <RemoveMemberDialog member={open.member} onClose={close} onDone={done} />}
    </div>
  );
};
