import { useTranslation } from 'react-i18next';
import { Button, Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import type { Assignee, Group, SubGroup } from '../../../../domain/contracts/groups';
import { GroupMessages } from '../../../../domain/contracts/groups';
import type { Invitation } from '../../../../domain/contracts/members';
import type { Section } from '../../../app/resources';
import { fullName, RuleButton } from './parts';
import { ListState } from '../../../components/ListState';

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
  return (
    <section className="card stack" aria-labelledby="groups-heading">
      <div className="card-header">
        <h2 id="groups-heading">{tiers.groups}</h2>
        {canManage && (
          <Button className="button primary" onPress={() => open({ kind: 'createGroup' })}>{t('group_create')}</Button>
        )}
      </div>
      <ListState section={groups} empty={t('groups_none')} />
      {groups.data && groups.data.length > 0 && (
        <div className="table-scroll">
          <Table aria-label={tiers.groups} className="data-table">
            <TableHeader>
              <Column isRowHeader>{t('department_name')}</Column>
              <Column>{t('assignee')}</Column>
              <Column>{tiers.subGroups}</Column>
              <Column>{t('members_count')}</Column>
              <Column>{t('department_capacity_column')}</Column>
              <Column>{t('actions')}</Column>
            </TableHeader>
            <TableBody items={groups.data} dependencies={[canManage, userId, pendingAssignees, tiers.subGroups, t]}>
              {(group) => (
                <Row id={group.id}>
                  <Cell><span className="strong">{group.name}</span></Cell>
                  <Cell><AssigneeCell assignee={group.assignee} invited={pendingAssignees.get(group.id)} /></Cell>
                  <Cell>{group.sub_group_count}</Cell>
                  <Cell>{group.member_count}</Cell>
                  <Cell>{group.capacity === null ? t('capacity_unlimited') : group.capacity}</Cell>
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
                </Row>
              )}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
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
  return (
    <section className="card stack" aria-labelledby="sub-groups-heading">
      <div className="card-header">
        <h2 id="sub-groups-heading">{tiers.subGroups}</h2>
        {canCreate && (
          <Button className="button" onPress={() => open({ kind: 'createSubGroup' })}>{t('sub_group_create')}</Button>
        )}
      </div>
      <ListState section={subGroups} empty={t('sub_groups_none')} />
      {subGroups.data && subGroups.data.length > 0 && (
        <div className="table-scroll">
          <Table aria-label={tiers.subGroups} className="data-table">
            <TableHeader>
              <Column isRowHeader>{t('department_name')}</Column>
              <Column>{tiers.groups}</Column>
              <Column>{t('assignee')}</Column>
              <Column>{t('members_count')}</Column>
              <Column>{t('actions')}</Column>
            </TableHeader>
            <TableBody items={subGroups.data} dependencies={[canManage, pendingAssignees, t]}>
              {(subGroup) => (
                <Row id={subGroup.id}>
                  <Cell><span className="strong">{subGroup.name}</span></Cell>
                  <Cell>{subGroup.parent_name}</Cell>
                  <Cell><AssigneeCell assignee={subGroup.assignee} invited={pendingAssignees.get(subGroup.id)} /></Cell>
                  <Cell>{subGroup.member_count}</Cell>
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
                </Row>
              )}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
};
