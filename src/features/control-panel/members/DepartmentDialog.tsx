import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../hooks/translation';
import { Button, Checkbox, FieldError, Form, Input, Label, Text, TextField } from 'react-aria-components';
import type { Group } from '../../../../domain/contracts/groups';
import { DEPARTMENT_CAPACITY_MAX } from '../../../../domain/contracts/members';
import { GROUP_NAME_LIMIT } from '../../../../domain/contracts/textLimits';
import { limitProblem } from '../../forms/textLimits';
import type { MessageKey } from '../../../../domain/i18n/en';
import { useAction } from '../../../hooks/resources';
import { FormAlert, requiredProblem, useFormCheck } from '../../forms/formParts';
import { EMPTY_PERSON, MemberDialog, PersonFields, personProblems, RequiredChoiceSelect, trimPerson, useDoneThenClose, type Person } from './parts';

const capacityProblem = (value: string): MessageKey | null => {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) && Number(trimmed) <= DEPARTMENT_CAPACITY_MAX ? null : 'department_capacity_invalid';
};

interface Props {
  /** null: a tier 2 group; otherwise a sub-group of one of these groups. */
  readonly groups: readonly Group[] | null;
  readonly groupId?: string;
  readonly tierName: string;
  readonly onClose: () => void;
  readonly onDone: (notice: string) => void;
}

/** Creates a group (POST /department-register) or a sub-group (POST /invite-sub-group), each with an optional assignee. */
export const DepartmentDialog = ({ groups, groupId, tierName, onClose, onDone }: Props) => {
  const { t } = useTranslation();
  const subGroup = groups !== null;
  const createGroup = useAction('registerDepartment');
  const createSubGroup = useAction('createSubGroup');
  const action = subGroup ? createSubGroup : createGroup;
  const [parent, setParent] = useState<string | null>(groupId ?? null);
  const [name, setName] = useState('');
  const [capacity, setCapacity] = useState('');
  const [withAssignee, setWithAssignee] = useState(false);
  const [assignee, setAssignee] = useState<Person>(EMPTY_PERSON);
  const check = useFormCheck(action.state);

  useDoneThenClose(action.state, () => {
    const notice = withAssignee
      ? t('department_created_invited', { name: name.trim(), email: assignee.email.trim() })
      : t('department_created', { name: name.trim() });
    onDone(notice);
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = [
      requiredProblem(name, 'department_name_required') ?? limitProblem(GROUP_NAME_LIMIT, name),
      capacityProblem(capacity),
      subGroup && !parent ? 'select_existing_group' : null,
      ...(withAssignee ? personProblems(assignee) : []),
    ];
    if (problems.some((problem) => problem !== null)) return check.refuse();
    const fields = {
      name: name.trim(),
      capacity: capacity.trim() === '' ? null : Number(capacity.trim()),
      assignee: withAssignee ? trimPerson(assignee) : null,
    };
    if (subGroup) createSubGroup.submit({ group_id: parent ?? '', ...fields });
    else createGroup.submit(fields);
  };

  return (
    <MemberDialog title={subGroup ? t('sub_group_create') : t('group_create')} onClose={onClose} wide>
      <p className="muted">{t('department_listed_under', { tier: tierName })}</p>
      <Form {...check.formProps} onSubmit={submit} className="stack">
        <FormAlert status={action.state} />
        {subGroup && (
          <RequiredChoiceSelect name="group_id" label={t('sub_group_parent')} selected={parent} onSelect={setParent} shown={check.shown}
            problem="select_existing_group" choices={groups.map((group) => ({ id: group.id, name: group.name, depth: 0 }))} />
        )}
        <TextField name="name" value={name} onChange={setName} isRequired className="field" autoFocus
          validate={(v) => {
            const broken = limitProblem(GROUP_NAME_LIMIT, v);
            return broken ? t(broken) : check.shown(requiredProblem(v, 'department_name_required'));
          }}>
          <Label>{t('department_name')}</Label>
          <Input maxLength={GROUP_NAME_LIMIT.max} />
          <FieldError />
        </TextField>
        <TextField name="capacity" value={capacity} onChange={setCapacity} inputMode="numeric" className="field"
          validate={(v) => check.shown(capacityProblem(v))}>
          <Label>{t('department_capacity')}</Label>
          <Input />
          <Text slot="description">{t('department_capacity_help')}</Text>
          <FieldError />
        </TextField>
        <Checkbox isSelected={withAssignee} onChange={setWithAssignee}>{t('department_with_assignee')}</Checkbox>
        {withAssignee && (
          <fieldset className="assignee-fields">
            <legend>{t('assignee')}</legend>
            <PersonFields person={assignee} onChange={setAssignee} shown={check.shown} prefix="assignee." help={t('assignee_invitation_help')} />
          </fieldset>
        )}
        <div className="dialog-actions">
          <Button className="button" onPress={onClose}>{t('cancel')}</Button>
          <Button type="submit" className="button primary" isDisabled={action.state.status === 'pending'}>
            {subGroup ? t('sub_group_create') : t('group_create')}
          </Button>
        </div>
      </Form>
    </MemberDialog>
  );
};
