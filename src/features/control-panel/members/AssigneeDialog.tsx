import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../hooks/translation';
import { Button, Form, Label, Radio, RadioGroup } from 'react-aria-components';
import type { Assignee } from '../../../../domain/contracts/groups';
import type { Member } from '../../../../domain/contracts/members';
import { useAction } from '../../../hooks/resources';
import { FormAlert, useFormCheck } from '../../forms/formParts';
import { EMPTY_PERSON, fullName, MemberDialog, PersonFields, personProblems, RequiredChoiceSelect, trimPerson, useDoneThenClose, type Person } from './parts';

interface Props {
  readonly department: { readonly id: string; readonly name: string; readonly assignee: Assignee | null };
  /** Members who may become the assignee (staff of the organisation). */
  readonly staff: readonly Member[];
  readonly onClose: () => void;
  readonly onDone: (notice: string) => void;
}

/** POST /organization/change-group-assignee: a staff member at once, or a new person by invitation. */
export const AssigneeDialog = ({ department, staff, onClose, onDone }: Props) => {
  const { t } = useTranslation();
  const change = useAction('changeGroupAssignee');
  const [source, setSource] = useState<'member' | 'invite'>(staff.length > 0 ? 'member' : 'invite');
  const [userId, setUserId] = useState<string | null>(null);
  const [person, setPerson] = useState<Person>(EMPTY_PERSON);
  const check = useFormCheck(change.state);

  useDoneThenClose(change.state, () => {
    const chosen = staff.find((member) => member.id === userId);
    onDone(
      source === 'member' && chosen
        ? t('assignee_changed', { department: department.name, name: fullName(chosen) })
        : t('assignee_invited', { department: department.name, email: person.email.trim() }),
    );
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (source === 'member') {
      if (!userId) return check.refuse();
      change.submit({ department_id: department.id, user_id: userId });
    } else {
      if (personProblems(person).some((problem) => problem !== null)) return check.refuse();
      change.submit({ department_id: department.id, assignee: trimPerson(person) });
    }
  };

  return (
    <MemberDialog title={t('assignee_change_title', { department: department.name })} onClose={onClose} wide>
      <p className="muted">
        {department.assignee ? t('assignee_current', { name: fullName(department.assignee) }) : t('assignee_none_yet')} {t('assignee_change_help')}
      </p>
      <Form {...check.formProps} onSubmit={submit} className="stack">
        <FormAlert status={change.state} />
        <RadioGroup value={source} onChange={(value) => setSource(value as 'member' | 'invite')} className="field" orientation="horizontal">
          <Label>{t('assignee_source')}</Label>
          <Radio value="member" isDisabled={staff.length === 0}>{t('assignee_source_member')}</Radio>
          <Radio value="invite">{t('assignee_source_invite')}</Radio>
        </RadioGroup>
        {source === 'member' ? (
          <RequiredChoiceSelect name="user_id" label={t('assignee_member')} selected={userId} onSelect={setUserId} shown={check.shown} problem="assignee_member_required"
            description={t('assignee_member_help')} choices={staff.map((member) => ({ id: member.id, name: `${fullName(member)} (${member.email})`, depth: 0 }))} />
        ) : (
          <PersonFields person={person} onChange={setPerson} shown={check.shown} prefix="assignee." help={t('assignee_invitation_help')} />
        )}
        <div className="dialog-actions">
          <Button className="button" onPress={onClose}>{t('cancel')}</Button>
          <Button type="submit" className="button primary" isDisabled={change.state.status === 'pending'}>{t('assignee_change_submit')}</Button>
        </div>
      </Form>
    </MemberDialog>
  );
};
