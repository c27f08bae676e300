import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../hooks/translation';
import { Button, Form } from 'react-aria-components';
import type { Member } from '../../../../domain/contracts/members';
import { useAction, useSection } from '../../../hooks/resources';
import { FormAlert, useFormCheck } from '../../forms/formParts';
import { choicesOfTree } from '../../../components/ChoiceSelect';
import { fullName, MemberDialog, RequiredChoiceSelect, useDoneThenClose } from './parts';

/** POST /user/move-staff to a group or sub-group chosen from organization/selection-groups. */
export const MoveMemberDialog = ({ member, onClose, onDone }: { member: Member; onClose: () => void; onDone: (notice: string) => void }) => {
  const { t } = useTranslation();
  const move = useAction('moveStaff');
  const groups = useSection('selectionGroups');
  const [destination, setDestination] = useState<string | null>(null);
  const check = useFormCheck(move.state);
  const choices = choicesOfTree(groups.data ?? []);

  useDoneThenClose(move.state, () =>
    onDone(t('member_moved', { name: fullName(member), department: choices.find((choice) => choice.id === destination)?.name ?? '' })),
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!destination) return check.refuse();
    move.submit({ user_id: member.id, department_id: destination });
  };

  return (
    <MemberDialog title={t('member_move_title', { name: fullName(member) })} onClose={onClose}>
      <p className="muted">
        {member.department ? t('member_move_from', { department: member.department.name }) : t('member_move_from_none')}
      </p>
      <Form {...check.formProps} onSubmit={submit} className="stack">
        <FormAlert status={move.state} />
        {groups.status === 'error' && <p role="alert" className="form-error">{t(groups.message ?? 'unknown_error')}</p>}
        <RequiredChoiceSelect name="department_id" label={t('member_move_to')} selected={destination} onSelect={setDestination} shown={check.shown}
          problem="select_existing_group" choices={choices} isDisabled={groups.data === null} />
        <div className="dialog-actions">
          <Button className="button" onPress={onClose}>{t('cancel')}</Button>
          <Button type="submit" className="button primary" isDisabled={move.state.status === 'pending'}>{t('member_move_submit')}</Button>
        </div>
      </Form>
    </MemberDialog>
  );
};
