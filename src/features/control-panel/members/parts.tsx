import { useEffect, useId } from 'react';
import { useTranslation } from '../../../hooks/translation';
import { Button, Dialog, FieldError, Heading, Input, Label, Modal, ModalOverlay, Text, TextField } from 'react-aria-components';
import type { ReactNode } from 'react';
import type { ActionState } from '../../../../domain/resources/state';
import type { Role } from '../../../../domain/contracts/auth';
import type { InvitationKind, InvitationStatus } from '../../../../domain/contracts/members';
import { MemberMessages } from '../../../../domain/contracts/members';
import { GroupMessages } from '../../../../domain/contracts/groups';
import { DEFAULT_TIER_NAMES, OrganizationMessages } from '../../../../domain/contracts/organization';
import type { MessageKey } from '../../../../domain/i18n/en';
import { emailProblem, requiredProblem, type Shown } from '../../forms/formParts';
import { type Choice, ChoiceSelect } from '../../../components/ChoiceSelect';
import { FIRST_NAME_LIMIT, LAST_NAME_LIMIT, type TextLimit } from '../../../../domain/contracts/textLimits';
import { limitProblem } from '../../forms/textLimits';
import { useSection } from '../../../hooks/resources';

export const ROLE_LABELS: Record<Role, MessageKey> = {
  admin: 'role_admin',
  second_admin: 'role_second_admin',
  sub_admin: 'role_sub_admin',
  group_assignee: 'role_group_assignee',
  subgroup_assignee: 'role_subgroup_assignee',
  staff: 'role_staff',
};

export const KIND_LABELS: Record<InvitationKind, MessageKey> = {
  second_admin: 'role_second_admin',
  sub_admin: 'role_sub_admin',
  group_assignee: 'role_group_assignee',
  subgroup_assignee: 'role_subgroup_assignee',
  staff: 'role_staff',
  survey: 'invitation_kind_survey',
};

export const STATUS_LABELS: Record<InvitationStatus, MessageKey> = {
  pending: 'invitation_status_pending',
  expired: 'invitation_status_expired',
  accepted: 'invitation_status_accepted',
  revoked: 'invitation_status_revoked',
};

/** The server's rule sentences that the page shows before the click, in the reader's language. */
const RULE_KEYS: Readonly<Record<string, MessageKey>> = {
  [MemberMessages.cannotRemoveYourself]: 'rule_cannot_remove_yourself',
  [MemberMessages.cannotRemoveAdministratorOrAssignees]: 'rule_cannot_remove_admin_or_assignees',
  [MemberMessages.groupAssigneeCannotBeMoved]: 'rule_group_assignee_cannot_be_moved',
  [MemberMessages.administratorCannotBeMoved]: 'rule_administrator_cannot_be_moved',
  [MemberMessages.outsideYourGroup]: 'rule_outside_your_group',
  [OrganizationMessages.onlyAdministrator]: 'rule_only_administrator',
  [GroupMessages.departmentHasSubGroups]: 'rule_department_has_sub_groups',
};

/** A rule sentence from the server: translated when it is one we know, else as the server wrote it. */
export const useRuleText = () => {
  const { t } = useTranslation();
  return (reason: string) => {
    const key = RULE_KEYS[reason];
    return key ? t(key) : t(reason);
  };
};

/** Day, month name and year (SPEC section 9) in the reader's language: the one helper of src/hooks/dates. */
export { useFormatDay } from '../../../hooks/dates';

/** The organisation's own names of tier 2 and tier 3 ("Faculties", "Departments"...). */
export const useTierNames = () => {
  const { t } = useTranslation();
  const tiers = useSection('tiers');
  const name = (level: 2 | 3, fallback: MessageKey) => {
    const stored = tiers.data?.find((tier) => tier.level === level)?.name;
    if (stored === undefined) return t(fallback);
    // A name never changed is the product's English default: it is said in the page's language.
    return stored === DEFAULT_TIER_NAMES[level] ? t(level === 2 ? 'tier_default_2' : 'tier_default_3') : stored;
  };
  return { groups: name(2, 'members_groups_fallback'), subGroups: name(3, 'members_sub_groups_fallback') };
};

export const fullName = (person: { first_name: string; last_name: string; email?: string }) =>
  `${person.first_name} ${person.last_name}`.trim() || person.email || '';

/**
 * An action button that may be refused by a rule: disabled, with the reason written beside it
 * (and tied to it with aria-describedby), before anyone clicks.
 */
export const RuleButton = ({ label, ariaLabel, reason, onPress, isPending }: {
  label: string; ariaLabel: string; reason: string | null; onPress: () => void; isPending?: boolean;
}) => {
  const id = useId();
  const ruleText = useRuleText();
  return (
    <span className="rule-action">
      <Button className="button small" isDisabled={reason !== null || isPending} onPress={onPress} aria-label={ariaLabel}
        aria-describedby={reason !== null ? id : undefined}>
        {label}
      </Button>
      {reason !== null && <span id={id} className="rule-note">{ruleText(reason)}</span>}
    </span>
  );
};

/** A modal dialog with a title; Escape and a click outside close it unless something is on its way. */
export const MemberDialog = ({ title, onClose, children, wide }: { title: string; onClose: () => void; children: ReactNode; wide?: boolean }) => (
  <ModalOverlay className="modal-overlay" isOpen onOpenChange={(isOpen) => !isOpen && onClose()} isDismissable>
    <Modal className={wide ? 'modal wide' : 'modal'}>
      <Dialog className="dialog">
        <div className="stack">
          <Heading slot="title">{title}</Heading>
          {children}
        </div>
      </Dialog>
    </Modal>
  </ModalOverlay>
);

/** Closes a dialog once its action went through, telling the page what to say. */
export const useDoneThenClose = (state: ActionState, done: () => void) => {
  useEffect(() => {
    if (state.status === 'done') done();
    // Only the change of status matters; `done` is a new closure on each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.status]);
};

export interface Person {
  email: string;
  first_name: string;
  last_name: string;
}

export const EMPTY_PERSON: Person = { email: '', first_name: '', last_name: '' };

export const personProblems = (person: Person): (MessageKey | null)[] => [
  emailProblem(person.email),
  requiredProblem(person.first_name, 'first_name_required') ?? limitProblem(FIRST_NAME_LIMIT, person.first_name),
  requiredProblem(person.last_name, 'last_name_required') ?? limitProblem(LAST_NAME_LIMIT, person.last_name),
];

export const trimPerson = (person: Person): Person => ({
  email: person.email.trim(),
  first_name: person.first_name.trim(),
  last_name: person.last_name.trim(),
});

/** Email and names of a person to invite; `prefix` matches the server's field names ('assignee.'). */
export const PersonFields = ({ person, onChange, shown, prefix = '', help }: {
  person: Person; onChange: (person: Person) => void; shown: Shown; prefix?: string; help?: string;
}) => {
  const { t } = useTranslation();
  // A name past its limit is said at once; a missing one once the form was tried.
  const nameShown = (limit: TextLimit, value: string, required: MessageKey): string | null => {
    const broken = limitProblem(limit, value);
    return broken ? t(broken) : shown(requiredProblem(value, required));
  };
  return (
    <>
      <TextField name={`${prefix}email`} type="email" value={person.email} onChange={(email) => onChange({ ...person, email })} isRequired
        autoComplete="off" className="field" validate={(v) => shown(emailProblem(v))}>
        <Label>{t('email')}</Label>
        <Input />
        {help && <Text slot="description">{help}</Text>}
        <FieldError />
      </TextField>
      <div className="field-pair">
        <TextField name={`${prefix}first_name`} value={person.first_name} onChange={(first_name) => onChange({ ...person, first_name })} isRequired
          autoComplete="off" className="field" validate={(v) => nameShown(FIRST_NAME_LIMIT, v, 'first_name_required')}>
          <Label>{t('first_name')}</Label>
          <Input maxLength={FIRST_NAME_LIMIT.max} />
          <FieldError />
        </TextField>
        <TextField name={`${prefix}last_name`} value={person.last_name} onChange={(last_name) => onChange({ ...person, last_name })} isRequired
          autoComplete="off" className="field" validate={(v) => nameShown(LAST_NAME_LIMIT, v, 'last_name_required')}>
          <Label>{t('last_name')}</Label>
          <Input maxLength={LAST_NAME_LIMIT.max} />
          <FieldError />
        </TextField>
      </div>
    </>
  );
};

/** A required choice in a list (a group, a member), with the problem shown once the form was tried. */
export const RequiredChoiceSelect = ({ name, label, choices, selected, onSelect, problem, shown, description, isDisabled }: {
  name: string; label: string; choices: readonly Choice[]; selected: string | null; onSelect: (id: string) => void;
  problem: MessageKey; shown: Shown; description?: string; isDisabled?: boolean;
}) => {
  const { t } = useTranslation();
  // react-aria validates a Select only once it has a value, so "nothing chosen" is said here.
  return (
    <ChoiceSelect name={name} label={label} value={selected} items={choices} onChange={onSelect} isRequired isDisabled={isDisabled}
      placeholder={t('select_placeholder')} description={description} problem={shown(selected ? null : problem)} />
  );
};
