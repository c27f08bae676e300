import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form } from 'react-aria-components';
import type { AppState } from '../../../domain/app/state';
import { useDispatch, useSelector } from '../../hooks/runtime';
import {
  CodeField, FormAlert, FormDone, NewPasswordFields, PasswordField, codeProblem, confirmationProblem, passwordProblem,
  useClearFormOnLeave, useFormCheck, useFormStatus, usePasswordRule,
} from './formParts';

const selectTwoFactor = (s: AppState) => s.session.user?.two_factor ?? 'off';
const selectCodeExpiry = (s: AppState) => s.account.twoFactorCodeExpiresAt;

/**
 * Changing one's password with the current one (and a second factor when the account has
 * one). Used by the security tab and by the expired-password page.
 */
export const ChangePasswordForm = ({ onDone }: { onDone?: () => void }) => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const status = useFormStatus('changePassword');
  const twoFactor = useSelector(selectTwoFactor);
  const codeExpiresAt = useSelector(selectCodeExpiry);
  const rule = usePasswordRule();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [code, setCode] = useState('');
  const sent = useRef(false);
  const check = useFormCheck(status);
  useClearFormOnLeave('changePassword');

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
    dispatch({
      type: 'account/changePassword',
      current_password: current,
      password,
      password_confirmation: confirmation,
      code: needsCode ? code : null,
    });
  };

  return (
    <Form
      ref={check.formRef}
      onSubmit={submit}
      validationBehavior="aria"
      validationErrors={check.serverErrors}
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
                  ? t('two_factor_expires', { time: new Date(codeExpiresAt).toLocaleTimeString() })
                  : t('two_factor_send_first')
            }
          />
          {twoFactor === 'email' && (
            <Button className="button secondary" onPress={() => dispatch({ type: 'account/sendTwoFactorCode' })}>
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
