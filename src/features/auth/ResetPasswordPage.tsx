import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../hooks/translation';
import { Button, Form } from 'react-aria-components';
import { Link, useSearchParams } from 'react-router-dom';
import { useAction } from '../../hooks/resources';
import {
  FormAlert, NewPasswordFields, confirmationProblem, passwordProblem, useFormCheck, usePasswordRule,
} from '../forms/formParts';

/** Sets a new password from the emailed link (/password/reset?token=...). */
export const ResetPasswordPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const reset = useAction('resetPassword');
  const linkCheck = useAction('checkResetLink');
  const status = reset.state;
  const { submit: checkLink } = linkCheck;
  useEffect(() => {
    if (token) checkLink({ token });
  }, [token, checkLink]);
  const rule = usePasswordRule();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const check = useFormCheck(status);

  if (!token) {
    return (
      <section aria-labelledby="reset-heading" className="stack">
        <h1 id="reset-heading">{t('reset_password_title')}</h1>
        <p>{t('reset_link_invalid')}</p>
        <Link to="/password-reset">{t('reset_link_request_new')}</Link>
      </section>
    );
  }

  if (linkCheck.state.status === 'failed' && status.status !== 'done') {
    return (
      <section aria-labelledby="reset-heading" className="stack">
        <h1 id="reset-heading">{t('reset_password_title')}</h1>
        <p role="alert">{t(linkCheck.state.message ?? 'reset_link_invalid')}</p>
        <div className="inline-links">
          <Link to="/password-reset" className="button primary">{t('reset_link_request_new')}</Link>
          <Link to="/login">{t('back_to_login')}</Link>
        </div>
      </section>
    );
  }

  if (status.status === 'done') {
    return (
      <section aria-labelledby="reset-heading" className="stack">
        <h1 id="reset-heading">{t('reset_password_title')}</h1>
        <p role="status" className="form-success">
          {t('reset_password_done')}
        </p>
        <Link to="/login" className="button primary">
          {t('login')}
        </Link>
      </section>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (passwordProblem(password, rule) || confirmationProblem(confirmation, password)) {
      check.refuse();
      return;
    }
    reset.submit({ token, password, password_confirmation: confirmation });
  };

  return (
    <section aria-labelledby="reset-heading" className="stack">
      <h1 id="reset-heading">{t('reset_password_title')}</h1>
      <FormAlert status={status} />
      <Form {...check.formProps} onSubmit={submit} className="stack">
        <NewPasswordFields
          shown={check.shown}
          password={password}
          confirmation={confirmation}
          onPassword={setPassword}
          onConfirmation={setConfirmation}
          passwordLabel={t('new_password')}
        />
        <Button type="submit" className="button primary" isDisabled={status.status === 'pending'}>
          {t('reset_password_submit')}
        </Button>
      </Form>
      <div className="inline-links">
        <Link to="/password-reset">{t('reset_link_request_new')}</Link>
        <Link to="/login">{t('back_to_login')}</Link>
      </div>
    </section>
  );
};
