import { useTranslation } from '../../../hooks/translation';
import { Button } from 'react-aria-components';
import type { ActionState } from '../../../../domain/resources/state';
import type { Member } from '../../../../domain/contracts/members';
import { useAction } from '../../../hooks/resources';
import { FormAlert } from '../../forms/formParts';
import { fullName, MemberDialog, useDoneThenClose } from './parts';

const ConfirmActions = ({ state, confirm, onConfirm, onClose }: { state: ActionState; confirm: string; onConfirm: () => void; onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <div className="dialog-actions">
      <Button className="button" onPress={onClose} autoFocus>{t('cancel')}</Button>
      <Button className="button danger" onPress={onConfirm} isDisabled={state.status === 'pending'}>{confirm}</Button>
    </div>
  );
};

/** DELETE /user/remove-staff after a confirmation; a refusal shows the server's sentence here. */
export const RemoveMemberDialog = ({ member, onClose, onDone }: { member: Member; onClose: () => void; onDone: (notice: string) => void }) => {
  const { t } = useTranslation();
  const remove = useAction('removeStaff');
  const name = fullName(member);
  useDoneThenClose(remove.state, () => onDone(t('member_removed', { name })));
  return (
    <MemberDialog title={t('member_remove_title', { name })} onClose={onClose}>
      <p>{t('member_remove_text', { name, email: member.email })}</p>
      <FormAlert status={remove.state} />
      <ConfirmActions state={remove.state} confirm={t('remove')} onConfirm={() => remove.submit({ user_id: member.id })} onClose={onClose} />
    </MemberDialog>
  );
};

/** DELETE /organization/remove-department: only a department without sub-groups; its members stay, without a department. */
export const RemoveDepartmentDialog = ({ department, onClose, onDone }: {
  department: { id: string; name: string; member_count: number }; onClose: () => void; onDone: (notice: string) => void;
}) => {
  const { t } = useTranslation();
  const remove = useAction('removeDepartment');
  useDoneThenClose(remove.state, () => onDone(t('department_removed', { name: department.name })));
  return (
    <MemberDialog title={t('department_remove_title', { name: department.name })} onClose={onClose}>
      <p>{t('department_remove_text', { count: department.member_count })}</p>
      <FormAlert status={remove.state} />
      <ConfirmActions state={remove.state} confirm={t('remove')} onConfirm={() => remove.submit({ department_id: department.id })} onClose={onClose} />
    </MemberDialog>
  );
};
