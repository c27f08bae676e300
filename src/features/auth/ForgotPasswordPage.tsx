import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../hooks/translation';
import { Button, FieldError, Form, Input, Label, Text, TextField } from 'react-aria-components';
import { Link } from 'react-router-dom';
import { AuthMessages } from '../../../domain/contracts/auth';
import { FormAlert, emailProblem, useFormCheck } from '../forms/formParts';
import { useAction } from '../../hooks/resources';

/** Asks for a reset link. The server answers the same whether or not the address exists. */
export const ForgotPasswordPage = () => {
  const { t } = useTranslation();
  const resetRequest = useAction('requestPasswordReset');
  const status = resetRequest.state;
  const [email, setEmail] = useState('');
  const check = useFormCheck(status);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (emailProblem(email)) {
      check.refuse();
      return;
    }
    resetRequest.submit({ email: email.trim() });
  };

  return (
    <section aria-labelledby="forgot-heading" className="stack">
      <h1 id="forgot-heading">{t('forgot_password')}</h1>
      {status.status === 'done' ? (
        <p role="status" className="form-success">
          {t(status.message ?? AuthMessages.resetRequested)}
        </p>
      ) : (
        <>
          <p>{t('forgot_password_intro')}</p>
          <FormAlert status={status} />
          <Form {...check.formProps} onSubmit={submit} className="stack">
            <TextField
              name="email"
              type="email"
              value={email}
              onChange={setEmail}
              isRequired
              autoComplete="email"
              validate={(value) => check.shown(emailProblem(value))}
              className="field"
            >
              <Label>{t('email')}</Label>
              <Input />
              <Text slot="description">{t('forgot_password_help')}</Text>
              <FieldError />
            </TextField>
            <Button type="submit" className="button primary" isDisabled={status.status === 'pending'}>
              {t('send_reset_link')}
            </Button>
          </Form>
        </>
      )}
      <Link to="/login">{t('back_to_login')}</Link>
    </section>
  );
};
