import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, FieldError, Form, Input, Label, TextField } from 'react-aria-components';
import { Link } from 'react-router-dom';
import { isValidEmail } from '../../../domain/session/email';

export const LoginPage = () => {
  const { t } = useTranslation();
  const [submitted, setSubmitted] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
  };

  return (
    <section aria-labelledby="login-heading" className="stack">
      <h1 id="login-heading">{t('login')}</h1>
      <Form onSubmit={onSubmit} className="stack" validationBehavior="native">
        <TextField
          name="email"
          type="email"
          isRequired
          autoComplete="username"
          validate={(value) => (isValidEmail(value) ? null : t('email_invalid'))}
          className="field"
        >
          <Label>{t('email')}</Label>
          <Input />
          <FieldError />
        </TextField>
        <TextField
          name="password"
          type="password"
          isRequired
          autoComplete="current-password"
          validate={(value) => (value.length > 0 ? null : t('password_invalid'))}
          className="field"
        >
          <Label>{t('password')}</Label>
          <Input />
          <FieldError />
        </TextField>
        <Button type="submit" className="button primary">
          {t('login')}
        </Button>
      </Form>
      <p role="status">{submitted ? t('login_unavailable') : ''}</p>
      <nav aria-label={t('login')} className="inline-links">
        <Link to="/password-reset">{t('forgot_password')}</Link>
        <Link to="/head-register">{t('register_organisation')}</Link>
      </nav>
    </section>
  );
};
