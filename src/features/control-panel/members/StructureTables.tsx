import { useTranslation } from '../../../hooks/translation';
import { Button, Cell } from 'react-aria-components';
import type { Assignee, Group, SubGroup } from '../../../../domain/contracts/groups';
import { GroupMessages } from '../../../../domain/contracts/groups';
import type { Invitation } from '../../../../domain/contracts/members';
import type { Section } from '../../../hooks/resources';
import { useNumbers } from '../../charts/useNumbers';
import { fullName, RuleButton } from './parts';
import { TableCard } from '../TableCard';

export type StructureOpen =
  | { kind: 'createGroup' }
  | { kind: 'createSubGroup'; groupId?: string }
  | { kind: 'assignee'; department: Group | SubGroup }
  | { kind: 'removeDepartment'; department: Group | SubGroup };

/** Who runs a department: the assignee, else the person invited to, else nobody yet. */
const AssigneeCell = ({ assignee, invited }: { assignee: Assignee | null; invited: Invitation | undefined }) => {
  const { t } = useTranslation();
  if (assignee) {
    return (
      <>
        <span className="strong">{fullName(assignee)}</span>
        <span className="muted small">{assignee.email}</span>
      </>
    );
  }
  if (invited) {
    return (
      <>
        <span className="strong">{invited.email}</span>
        <span className="muted small">{t('assignee_invitation_pending')}</span>
      </>
    );
  }
  return <span className="muted">{t('assignee_none')}</span>;
};


interface GroupsProps {
  readonly groups: Section<Group[]>;
  readonly pendingAssignees: ReadonlyMap<string, Invitation>;
  readonly tiers: { readonly groups: string; readonly subGroups: string };
  readonly canManage: boolean;
  readonly userId: string | null;
  readonly open: (open: StructureOpen) => void;
}

/** Tier 2: name, assignee, number of sub-groups and members, capacity. */
export const GroupsTable = ({ groups, pendingAssignees, tiers, canManage, userId, open }: GroupsProps) => {
  const { t } = useTranslation();
  const n = useNumbers();
  return (
    <TableCard
      headingId="groups-heading"
      title={tiers.groups}
      action={canManage && (
        <Button className="button primary" onPress={() => open({ kind: 'createGroup' })}>{t('group_create')}</Button>
      )}
      section={groups}
      empty={t('groups_none')}
      columns={[t('department_name'), t('assignee'), tiers.subGroups, t('members_count'), t('department_capacity_column'), t('actions')]}
      dependencies={[canManage, userId, pendingAssignees, tiers.subGroups, t, n]}
      cells={(group) => (
        <>
          <Cell><span className="strong long-name">{group.name}</span></Cell>
          <Cell><AssigneeCell assignee={group.assignee} invited={pendingAssignees.get(group.id)} /></Cell>
          <Cell>{n.count(group.sub_group_count)}</Cell>
          <Cell>{n.count(group.member_count)}</Cell>
          <Cell>
            {group.capacity === null
              ? t('capacity_unlimited')
              : t('capacity_places_left', { capacity: n.count(group.capacity), left: n.count(group.places_left ?? group.capacity) })}
          </Cell>
          <Cell>
            <div className="row-actions">
              {(canManage || group.assignee?.id === userId) && (
                <Button className="button small" onPress={() => open({ kind: 'createSubGroup', groupId: group.id })}
                  aria-label={t('sub_group_add_named', { name: group.name })}>
                  {t('sub_group_add')}
                </Button>
              )}
              {canManage && (
                <Button className="button small" onPress={() => open({ kind: 'assignee', department: group })}
                  aria-label={t('assignee_change_named', { name: group.name })}>
                  {t('assignee_change')}
                </Button>
              )}
              {canManage && (
                <RuleButton label={t('remove')} ariaLabel={t('remove_named', { name: group.name })}
                  reason={group.sub_group_count > 0 ? GroupMessages.departmentHasSubGroups : null}
                  onPress={() => open({ kind: 'removeDepartment', department: group })} />
              )}
            </div>
          </Cell>
        </>
      )}
    />
  );
};

interface SubGroupsProps {
  readonly subGroups: Section<SubGroup[]>;
  readonly pendingAssignees: ReadonlyMap<string, Invitation>;
  readonly tiers: { readonly groups: string; readonly subGroups: string };
  readonly canManage: boolean;
  readonly canCreate: boolean;
  readonly open: (open: StructureOpen) => void;
}

/** Tier 3: name, parent group, assignee. */
export const SubGroupsTable = ({ subGroups, pendingAssignees, tiers, canManage, canCreate, open }: SubGroupsProps) => {
  const { t } = useTranslation();
  const n = useNumbers();
  return (
    <TableCard
      headingId="sub-groups-heading"
      title={tiers.subGroups}
      action={canCreate && (
        <Button className="button" onPress={() => open({ kind: 'createSubGroup' })}>{t('sub_group_create')}</Button>
      )}
      section={subGroups}
      empty={t('sub_groups_none')}
      columns={[t('department_name'), tiers.groups, t('assignee'), t('members_count'), t('actions')]}
      dependencies={[canManage, pendingAssignees, t, n]}
      cells={(subGroup) => (
        <>
          <Cell><span className="strong long-name">{subGroup.name}</span></Cell>
          <Cell><span className="long-name">{subGroup.parent_name}</span></Cell>
          <Cell><AssigneeCell assignee={subGroup.assignee} invited={pendingAssignees.get(subGroup.id)} /></Cell>
          <Cell>{n.count(subGroup.member_count)}</Cell>
          <Cell>
            {canManage ? (
              <div className="row-actions">
                <Button className="button small" onPress={() => open({ kind: 'assignee', department: subGroup })}
                  aria-label={t('assignee_change_named', { name: subGroup.name })}>
                  {t('assignee_change')}
                </Button>
                <Button className="button small" onPress={() => open({ kind: 'removeDepartment', department: subGroup })}
                  aria-label={t('remove_named', { name: subGroup.name })}>
                  {t('remove')}
                </Button>
              </div>
            ) : (
              <span className="muted small">{t('rule_only_administrator')}</span>
            )}
          </Cell>
        </>
      )}
    />
  );
};
