import { useState } from 'react';
import { useTranslation } from '../../../hooks/translation';
import { Button, Cell } from 'react-aria-components';
import type { Invitation, Member } from '../../../../domain/contracts/members';
import type { Section } from '../../../hooks/resources';
import { useAction } from '../../../hooks/resources';
import { FormAlert } from '../../forms/formParts';
import { fullName, KIND_LABELS, ROLE_LABELS, RuleButton, STATUS_LABELS, useFormatDay } from './parts';
import { ListTable, TableCard } from '../TableCard';

export type PeopleOpen =
  | { kind: 'invite'; role: 'sub_admin' | 'second_admin' }
  | { kind: 'move'; member: Member }
  | { kind: 'removeMember'; member: Member };

interface MembersProps {
  readonly members: Section<Member[]>;
  /** Sub-group id → its group's name, to say where a member of a sub-group belongs. */
  readonly parentNames: ReadonlyMap<string, string>;
  readonly canInviteSubAdmin: boolean;
  readonly canInviteSecondAdmin: boolean;
  readonly open: (open: PeopleOpen) => void;
}

/**
 * Members and staff with what the caller may do to each: the server sends `removable` and
 * `movable` with the reason, so a refused action is shown disabled with its rule beside it.
 */
export const MembersTable = ({ members, parentNames, canInviteSubAdmin, canInviteSecondAdmin, open }: MembersProps) => {
  const { t } = useTranslation();
  return (
    <TableCard
      headingId="members-heading"
      title={t('members_heading')}
      action={
        <div className="row-actions">
          {canInviteSubAdmin && (
            <Button className="button" onPress={() => open({ kind: 'invite', role: 'sub_admin' })}>{t('invite_sub_admin')}</Button>
          )}
          {canInviteSecondAdmin && (
            <Button className="button" onPress={() => open({ kind: 'invite', role: 'second_admin' })}>{t('invite_second_admin')}</Button>
          )}
        </div>
      }
      section={members}
      empty={t('members_none')}
      columns={[t('member_name'), t('email'), t('member_role'), t('member_group'), t('actions')]}
      dependencies={[parentNames, t]}
      cells={(member) => {
        const name = fullName(member);
        const parent = member.department ? parentNames.get(member.department.id) : undefined;
        return (
          <>
            <Cell>
              <span className="strong">{name}</span>
              {!member.active && <span className="muted small">{t('member_inactive')}</span>}
            </Cell>
            <Cell><span className="email-cell">{member.email}</span></Cell>
            <Cell>{t(ROLE_LABELS[member.role])}</Cell>
            <Cell>
              {member.department ? (
                <>
                  <span>{member.department.name}</span>
                  {parent && <span className="muted small">{t('member_in_group', { name: parent })}</span>}
                </>
              ) : (
                <span className="muted">{t('member_no_department')}</span>
              )}
            </Cell>
            <Cell>
              <div className="rule-actions">
                <RuleButton label={t('member_move')} ariaLabel={t('member_move_named', { name })} reason={member.movable ? null : (member.move_reason ?? '')}
                  onPress={() => open({ kind: 'move', member })} />
                <RuleButton label={t('remove')} ariaLabel={t('remove_named', { name })} reason={member.removable ? null : (member.remove_reason ?? '')}
                  onPress={() => open({ kind: 'removeMember', member })} />
              </div>
            </Cell>
          </>
        );
      }}
    />
  );
};

/** Pending and expired invitations (survey invitations belong to the survey links page): resend or revoke. */
export const InvitationsTable = ({ invitations }: { invitations: Section<Invitation[]> }) => {
  const { t } = useTranslation();
  const formatDay = useFormatDay();
  const resend = useAction('resendInvitation');
  const revoke = useAction('revokeInvitation');
  const [last, setLast] = useState<{ kind: 'resent' | 'revoked'; email: string } | null>(null);
  const open = (invitations.data ?? []).filter((invitation) => invitation.kind !== 'survey' && (invitation.status === 'pending' || invitation.status === 'expired'));
  const busy = resend.state.status === 'pending' || revoke.state.status === 'pending';
  const done =
    last?.kind === 'resent' && resend.state.status === 'done'
      ? t('invitation_resent', { email: last.email })
      : last?.kind === 'revoked' && revoke.state.status === 'done'
        ? t('invitation_revoked', { email: last.email })
        : null;

  const act = (kind: 'resent' | 'revoked', invitation: Invitation) => {
    setLast({ kind, email: invitation.email });
    resend.clear();
    revoke.clear();
    if (kind === 'resent') resend.submit({ invitation_id: invitation.id, resend: true });
    else revoke.submit({ invitation_id: invitation.id, revoke: true });
  };

  return (
    <section className="card stack" aria-labelledby="invitations-heading">
      <h2 id="invitations-heading">{t('invitations_heading')}</h2>
      <p className="muted">{t('invitations_help')}</p>
      <p role="status" className={done ? 'form-success' : 'visually-hidden'}>{done}</p>
      <FormAlert status={resend.state} />
      <FormAlert status={revoke.state} />
      {/* Not a TableCard: this heading has no card-header row around it. */}
      <ListTable
        section={invitations}
        empty={t('invitations_none')}
        items={open}
        label={t('invitations_heading')}
        columns={[t('email'), t('invitation_kind'), t('invitation_department'), t('invitation_status'), t('invitation_expires'), t('actions')]}
        dependencies={[busy, t]}
        cells={(invitation) => (
          <>
            <Cell>
              <span className="strong email-cell">{invitation.email}</span>
              <span className="muted small">{fullName(invitation)}</span>
            </Cell>
            <Cell>{t(KIND_LABELS[invitation.kind])}</Cell>
            <Cell>{invitation.department?.name ?? <span className="muted">{t('invitation_no_department')}</span>}</Cell>
            <Cell><span className={`status-pill status-${invitation.status}`}>{t(STATUS_LABELS[invitation.status])}</span></Cell>
            <Cell>{formatDay(invitation.expires_at)}</Cell>
            <Cell>
              <div className="row-actions">
                <Button className="button small" isDisabled={busy} onPress={() => act('resent', invitation)}
                  aria-label={t('invitation_resend_named', { email: invitation.email })}>
                  {t('invitation_resend')}
                </Button>
                <Button className="button small" isDisabled={busy} onPress={() => act('revoked', invitation)}
                  aria-label={t('invitation_revoke_named', { email: invitation.email })}>
                  {t('invitation_revoke')}
                </Button>
              </div>
            </Cell>
          </>
        )}
      />
    </section>
  );
};
