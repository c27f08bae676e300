import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../hooks/translation';
import { Button, FieldError, Form, Input, Label, TextField } from 'react-aria-components';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { AppState } from '../../../domain/app/state';
import type { FormStatus } from '../forms/formParts';
import type { InvitationCheck } from '../../../domain/contracts/members';
import type { MessageKey } from '../../../domain/i18n/en';
import { DASHBOARD_HOME } from '../../../domain/navigation/routes';
import { useAction } from '../../hooks/resources';
import { useDispatch, useSelector } from '../../hooks/runtime';
import {
  confirmationProblem, FormAlert, NewPasswordFields, passwordProblem, requiredProblem, useFormCheck, usePasswordRule,
} from '../forms/formParts';
import { useFormatDay } from '../../hooks/dates';
import { OrganizationSignInButton } from '../auth/OrganizationSignInButton';
import { FIRST_NAME_LIMIT, LAST_NAME_LIMIT } from '../../../domain/contracts/textLimits';
import { limitProblem, useLimitShown } from '../forms/textLimits';

/** Which check each invitation page asks for (domain/contracts/members.ts says which kinds each accepts). */
export type InvitationCheckAction = 'checkDepartmentInvitation' | 'checkActivationAssignee' | 'checkInvitation' | 'checkActivation';

const KIND_TEXT: Record<InvitationCheck['kind'], MessageKey> = {
  second_admin: 'invitation_as_second_admin',
  sub_admin: 'invitation_as_sub_admin',
  group_assignee: 'invitation_as_group_assignee',
  subgroup_assignee: 'invitation_as_subgroup_assignee',
  staff: 'invitation_as_staff',
  survey: 'invitation_as_staff',
};

const FORM_FIELDS = ['first_name', 'last_name', 'password', 'password_confirmation'];

const selectSession = (s: AppState) => s.session;

/**
 * An emailed invitation link (?token=): the server checks the token and tells whose invitation
 * it is; the person then chooses their name and password, the account is created and signed
 * in, and they land on their dashboard. A refused token shows the server's sentence.
 */
export const InvitationPage = ({ check, titleKey }: { check: InvitationCheckAction; titleKey: MessageKey }) => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const action = useAction(check);
  const { submit } = action;

  useEffect(() => {
    // The token rides on the command only: actions keep their args out of every event.
    if (token) submit({}, { token });
  }, [submit, token]);

  const invitation = action.state.status === 'done' ? action.state.data : null;

  return (
    <section aria-labelledby="invitation-heading" className="stack invitation-page">
      <h1 id="invitation-heading">{t(titleKey)}</h1>
      {(action.state.status === 'idle' || action.state.status === 'pending') && <p aria-busy="true">{t('invitation_checking')}</p>}
      {action.state.status === 'failed' && (
        <>
          <p role="alert" className="form-error">{t(action.state.message ?? 'unknown_error')}</p>
          <p>{t('invalid_invitation_token_help')}</p>
          <Link to="/login">{t('login')}</Link>
        </>
      )}
      {action.state.status === 'done' && !invitation && <p role="alert" className="form-error">{t('unknown_error')}</p>}
      {invitation && (invitation.sso_required ? <AcceptThroughOrganization invitation={invitation} /> : <AcceptInvitation invitation={invitation} token={token} />)}
    </section>
  );
};

/** Whose invitation it is, for what, and until when. */
const InvitationFacts = ({ invitation }: { invitation: InvitationCheck }) => {
  const { t } = useTranslation();
  const formatDay = useFormatDay();
  const department = invitation.department;
  return (
    <>
      <dl className="invitation-facts">
        <div>
          <dt>{t('invitation_organisation')}</dt>
          <dd>{invitation.organization_name}</dd>
        </div>
        {department && (
          <div>
            <dt>{department.parent_id === null ? t('invitation_group') : t('invitation_sub_group')}</dt>
            <dd>{department.name}</dd>
          </div>
        )}
        <div className="wide">
          <dt>{t('email')}</dt>
          <dd>{invitation.email}</dd>
        </div>
        <div>
          <dt>{t('invitation_role')}</dt>
          <dd>{t(KIND_TEXT[invitation.kind])}</dd>
        </div>
      </dl>
      <p className="muted">{t('invitation_valid_until', { day: formatDay(invitation.expires_at) })}</p>
    </>
  );
};

/**
 * "SSO required": the organisation's provider accepts the invitation when the person signs in
 * through it (the server refuses a password here), so no password form is offered.
 */
const AcceptThroughOrganization = ({ invitation }: { invitation: InvitationCheck }) => {
  const { t } = useTranslation();
  return (
    <>
      <InvitationFacts invitation={invitation} />
      <h2 id="accept-heading">{t('invitation_accept_heading')}</h2>
      <p>{t('invitation_sso_required')}</p>
      <OrganizationSignInButton email={invitation.email} />
    </>
  );
};

const AcceptInvitation = ({ invitation, token }: { invitation: InvitationCheck; token: string }) => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const session = useSelector(selectSession);
  const rule = usePasswordRule();
  const [firstName, setFirstName] = useState(invitation.first_name);
  const [lastName, setLastName] = useState(invitation.last_name);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [sent, setSent] = useState(false);
  // The session's sign-in outcome is this form's outcome once it was sent from here.
  const status: FormStatus = useMemo(() => {
    if (!sent) return { status: 'idle', message: null, errors: {} };
    if (session.pending) return { status: 'pending', message: null, errors: {} };
    if (session.loginError) return { status: 'failed', ...session.loginError };
    return { status: 'done', message: null, errors: {} };
  }, [sent, session.pending, session.loginError]);
  const check = useFormCheck(status);
  const limitShown = useLimitShown();
  const [signedInBefore] = useState(session.signedIn);

  useEffect(() => {
    if (sent && session.signedIn && !session.pending && !session.passwordExpired) navigate(DASHBOARD_HOME, { replace: true });
  }, [sent, session.signedIn, session.pending, session.passwordExpired, navigate]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = [
      requiredProblem(firstName, 'first_name_required') ?? limitProblem(FIRST_NAME_LIMIT, firstName),
      requiredProblem(lastName, 'last_name_required'),
      passwordProblem(password, rule),
      confirmationProblem(confirmation, password),
    ];
    if (problems.some((problem) => problem !== null)) return check.refuse();
    setSent(true);
    dispatch({
      type: 'session/acceptInvitation',
      email: invitation.email,
      token,
      first_name: firstName.trim(),
      last_name: lastName.trim(),
      password,
      password_confirmation: confirmation,
    });
  };

  // Field errors show at their fields; the alert says what no field of this form can show.
  const otherErrors = Object.entries(status.errors).filter(([field]) => !FORM_FIELDS.includes(field)).flatMap(([, list]) => list);
  const fieldErrorsOnly = Object.keys(status.errors).length > 0 && otherErrors.length === 0;
  const alert: FormStatus = { ...status, message: fieldErrorsOnly ? 'invitation_fix_fields' : otherErrors.length > 0 ? otherErrors.join(' ') : status.message };

  return (
    <>
      <InvitationFacts invitation={invitation} />
      {signedInBefore && <p className="muted">{t('invitation_signed_in_note')}</p>}
      <Form {...check.formProps} onSubmit={submit} className="stack"
        aria-labelledby="accept-heading">
        <h2 id="accept-heading">{t('invitation_accept_heading')}</h2>
        <FormAlert status={alert} />
        <div className="field-pair">
          <TextField name="first_name" value={firstName} onChange={setFirstName} isRequired autoComplete="given-name" className="field"
            validate={(v) => limitShown(FIRST_NAME_LIMIT, v) ?? check.shown(requiredProblem(v, 'first_name_required'))}>
            <Label>{t('first_name')}</Label>
            <Input maxLength={FIRST_NAME_LIMIT.max} />
            <FieldError />
          </TextField>
          <TextField name="last_name" value={lastName} onChange={setLastName} isRequired autoComplete="family-name" className="field"
            validate={(v) => limitShown(LAST_NAME_LIMIT, v) ?? check.shown(requiredProblem(v, 'last_name_required'))}>
            <Label>{t('last_name')}</Label>
            <Input maxLength={LAST_NAME_LIMIT.max} />
            <FieldError />
          </TextField>
        </div>
        <NewPasswordFields shown={check.shown} password={password} confirmation={confirmation} onPassword={setPassword} onConfirmation={setConfirmation} />
        <div className="form-actions">
          <Button type="submit" className="button primary" isDisabled={status.status === 'pending'}>{t('invitation_accept')}</Button>
        </div>
      </Form>
    </>
  );
};
