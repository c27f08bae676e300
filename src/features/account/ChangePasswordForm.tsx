import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../hooks/translation';
import { Button, Form } from 'react-aria-components';
import type { AppState } from '../../../domain/app/state';
import { useSelector } from '../../hooks/runtime';
import { useAction } from '../../hooks/resources';
import {
  CodeField, FormAlert, FormDone, NewPasswordFields, PasswordField, codeProblem, confirmationProblem, passwordProblem,
  useFormCheck, usePasswordRule,
} from '../forms/formParts';
import { useDates } from '../../hooks/dates';

const selectTwoFactor = (s: AppState) => s.session.user?.two_factor ?? 'off';
const selectCodeExpiry = (s: AppState) => s.account.twoFactorCodeExpiresAt;

/**
 * Changing one's password with the current one (and a second factor when the account has
 * one). Used by the security tab and by the expired-password page.
 */
export const ChangePasswordForm = ({ onDone, paused = false }: { onDone?: () => void; paused?: boolean }) => {
  const { t } = useTranslation();
  const { localTime } = useDates();
  const twoFactor = useSelector(selectTwoFactor);
  const change = useAction('changePassword');
  const changeWithCode = useAction('changePassword2fa');
  const sendCode = useAction('sendTwoFactorCode');
  // With a second factor on, the change goes to the endpoint that also takes its code.
  const status = twoFactor === 'off' ? change.state : changeWithCode.state;
  const codeExpiresAt = useSelector(selectCodeExpiry);
  const rule = usePasswordRule();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [code, setCode] = useState('');
  const sent = useRef(false);
  const check = useFormCheck(status);

  useEffect(() => {
    if (!sent.current || status.status !== 'done') return;
    sent.current = false;
    setCurrent('');
    setPassword('');
    setConfirmation('');
    setCode('');
    check.reset();
    onDone?.();
  }, [status.status, onDone]);

  const needsCode = twoFactor !== 'off';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = [
      current.length === 0 ? 'password_invalid' : null,
      passwordProblem(password, rule),
      confirmationProblem(confirmation, password),
      needsCode ? codeProblem(code) : null,
    ];
    if (problems.some((p) => p !== null)) {
      check.refuse();
      return;
    }
    sent.current = true;
    const passwords = { current_password: current, password, password_confirmation: confirmation };
    if (needsCode) changeWithCode.submit({ ...passwords, code });
    else change.submit(passwords);
  };

  if (paused) return <p className="muted" role="status">{t('password_change_paused')}</p>;

  return (
    <Form
      {...check.formProps}
      onSubmit={submit}
      className="stack"
      aria-label={t('change_password')}
    >
      <FormAlert status={status} />
      <FormDone status={status} text={t('password_changed')} />
      <PasswordField
        name="current_password"
        label={t('current_password')}
        value={current}
        onChange={setCurrent}
        autoComplete="current-password"
        validate={(v) => check.shown(v.length > 0 ? null : 'password_invalid')}
      />
      <NewPasswordFields
        shown={check.shown}
        password={password}
        confirmation={confirmation}
        onPassword={setPassword}
        onConfirmation={setConfirmation}
        passwordLabel={t('new_password')}
      />
      {needsCode && (
        <>
          <CodeField
            shown={check.shown}
            value={code}
            onChange={setCode}
            description={
              twoFactor === 'totp'
                ? t('two_factor_app')
                : codeExpiresAt
                  ? t('two_factor_expires', { time: localTime(codeExpiresAt) })
                  : t('two_factor_send_first')
            }
          />
          {twoFactor === 'email' && (
            <Button className="button secondary" onPress={() => sendCode.submit({})}>
              {codeExpiresAt ? t('two_factor_send_again') : t('two_factor_send')}
            </Button>
          )}
        </>
      )}
      <Button type="submit" className="button primary" isDisabled={status.status === 'pending'}>
        {t('change_password')}
      </Button>
    </Form>
  );
};
