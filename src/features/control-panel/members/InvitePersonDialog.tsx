import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../hooks/translation';
import { Button, Form } from 'react-aria-components';
import { useAction } from '../../../hooks/resources';
import { FormAlert, useFormCheck } from '../../forms/formParts';
import { EMPTY_PERSON, MemberDialog, PersonFields, personProblems, trimPerson, useDoneThenClose, type Person } from './parts';

/** Invites a sub-administrator (POST /invite-sub-admin) or a second administrator (POST /invite-another-admin). */
export const InvitePersonDialog = ({ kind, onClose, onDone }: { kind: 'sub_admin' | 'second_admin'; onClose: () => void; onDone: (notice: string) => void }) => {
  const { t } = useTranslation();
  const subAdmin = useAction('inviteSubAdmin');
  const secondAdmin = useAction('inviteAnotherAdmin');
  const action = kind === 'sub_admin' ? subAdmin : secondAdmin;
  const [person, setPerson] = useState<Person>(EMPTY_PERSON);
  const check = useFormCheck(action.state);

  useDoneThenClose(action.state, () => onDone(t('invitation_sent_to', { email: person.email.trim() })));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (personProblems(person).some((problem) => problem !== null)) return check.refuse();
    action.submit(trimPerson(person));
  };

  return (
    <MemberDialog title={kind === 'sub_admin' ? t('invite_sub_admin') : t('invite_second_admin')} onClose={onClose}>
      <p className="muted">{kind === 'sub_admin' ? t('invite_sub_admin_help') : t('invite_second_admin_help')}</p>
      <Form {...check.formProps} onSubmit={submit} className="stack">
        <FormAlert status={action.state} />
        <PersonFields person={person} onChange={setPerson} shown={check.shown} />
        <div className="dialog-actions">
          <Button className="button" onPress={onClose}>{t('cancel')}</Button>
          <Button type="submit" className="button primary" isDisabled={action.state.status === 'pending'}>{t('invitation_send')}</Button>
        </div>
      </Form>
    </MemberDialog>
  );
};
