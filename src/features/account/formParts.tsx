import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../hooks/translation';
import { Button, FieldError, Input, Label, Text, TextField } from 'react-aria-components';
import { FALLBACK_PASSWORD_RULE, passwordMeetsRule } from '../../../domain/config/state';
import { isValidEmail } from '../../../domain/session/email';
import type { AppState } from '../../../domain/app/state';
import type { MessageKey } from '../../../domain/i18n/en';
import type { ActionState } from '../../../domain/resources/state';
import { useSelector } from '../../hooks/runtime';

/** What a form shows of its action's outcome (useAction in src/hooks/resources.ts clears it when the form goes away). */
export type FormStatus = Pick<ActionState, 'status' | 'message' | 'errors'>;

/**
 * Client-side errors show once the person has tried to send the form, and from then on follow
 * each keystroke; a server error at a field goes as soon as that field is typed in. (Errors
 * that go only when a field loses focus would move the submit button away from under the
 * pointer at the very moment it is pressed.) Forms using it set validationBehavior="aria".
 */
export const useFormCheck = (status?: FormStatus) => {
  const { t } = useTranslation();
  const [attempted, setAttempted] = useState(false);
  const [failures, setFailures] = useState(0);
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  const errors = status?.errors ?? NO_ERRORS;
  const [edited, setEdited] = useState<{ source: FormStatus['errors']; fields: readonly string[] }>({ source: errors, fields: [] });
  const editedFields = edited.source === errors ? edited.fields : NO_FIELDS;
  const serverErrors = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(errors)
          .filter(([field]) => !editedFields.includes(field))
          .map(([field, list]) => [field, [...list]]),
      ) as Record<string, string[]>,
    [errors, editedFields],
  );

  useEffect(() => {
    if (failures > 0) form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failures, form]);

  useEffect(() => {
    if (!form) return;
    const onInput = (event: Event) => {
      const name = (event.target as HTMLInputElement | null)?.name;
      if (!name || !(name in errors)) return;
      setEdited((prev) => ({ source: errors, fields: prev.source === errors ? [...prev.fields, name] : [name] }));
    };
    form.addEventListener('input', onInput);
    return () => form.removeEventListener('input', onInput);
  }, [form, errors]);

  const shown = useCallback((problem: MessageKey | null): string | null => (attempted && problem ? t(problem) : null), [attempted, t]);
  return {
    formRef: setForm,
    attempted,
    shown,
    /** Server field errors not yet typed over, for react-aria's Form to show beside each field. */
    serverErrors,
    /** The form was refused on the client: show every problem and focus the first. */
    refuse: () => {
      setAttempted(true);
      setFailures((n) => n + 1);
    },
    reset: () => setAttempted(false),
  };
};

const NO_ERRORS: FormStatus['errors'] = {};
const NO_FIELDS: readonly string[] = [];

export type Shown = (problem: MessageKey | null) => string | null;

export const usePasswordRule = (): string => useSelector((s: AppState) => s.config.passwordRegex);

// Client-side checks of SPEC section 5; each answers with a message key or null.
export const emailProblem = (value: string): MessageKey | null => (isValidEmail(value.trim()) ? null : 'email_invalid');
export const passwordProblem = (value: string, rule: string): MessageKey | null => (passwordMeetsRule(value, rule) ? null : 'password_invalid');
export const confirmationProblem = (value: string, password: string): MessageKey | null =>
  value.length === 0 ? 'password_confirmation_required' : value === password ? null : 'password_mismatch';
export const requiredProblem = (value: string | null | undefined, key: MessageKey): MessageKey | null => (value && value.trim() ? null : key);
export const codeProblem = (value: string): MessageKey | null => (/^\d{6}$/.test(value) ? null : 'two_factor_code_invalid');

/** The server's message (an English sentence or a catalogue key) in the alert area. */
export const FormAlert = ({ status }: { status: FormStatus }) => {
  const { t } = useTranslation();
  if (status.status !== 'failed') return null;
  return (
    <p role="alert" className="form-error">
      {t(status.message ?? 'unknown_error')}
    </p>
  );
};

/** A polite confirmation once the form went through. */
export const FormDone = ({ status, text }: { status: FormStatus; text: string }) =>
  status.status === 'done' ? (
    <p role="status" className="form-success">
      {text}
    </p>
  ) : null;

interface SecretFieldProps {
  readonly name: string;
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly autoComplete: string;
  readonly validate: (value: string) => string | null;
  readonly description?: string;
}

/** A password typed into component state only; it leaves in the command and nowhere else. */
export const PasswordField = ({ name, label, value, onChange, autoComplete, validate, description }: SecretFieldProps) => (
  <TextField name={name} type="password" value={value} onChange={onChange} isRequired autoComplete={autoComplete} validate={validate} className="field">
    <Label>{label}</Label>
    <Input />
    {description && <Text slot="description">{description}</Text>}
    <FieldError />
  </TextField>
);

/** The rule in words: the fallback is known; a rule set on the server is only named. */
const useRuleDescription = (rule: string): string => {
  const { t } = useTranslation();
  return rule === FALLBACK_PASSWORD_RULE ? t('password_rule_default') : t('password_rule_custom');
};

interface NewPasswordProps {
  readonly shown: Shown;
  readonly password: string;
  readonly confirmation: string;
  readonly onPassword: (value: string) => void;
  readonly onConfirmation: (value: string) => void;
  readonly passwordLabel?: string;
}

/** A new password and its confirmation, checked against the server's rule before sending. */
export const NewPasswordFields = ({ shown, password, confirmation, onPassword, onConfirmation, passwordLabel }: NewPasswordProps) => {
  const { t } = useTranslation();
  const rule = usePasswordRule();
  const description = useRuleDescription(rule);
  return (
    <>
      <PasswordField
        name="password"
        label={passwordLabel ?? t('password')}
        value={password}
        onChange={onPassword}
        autoComplete="new-password"
        description={description}
        validate={(v) => shown(passwordProblem(v, rule))}
      />
      <PasswordField
        name="password_confirmation"
        label={t('password_confirmation')}
        value={confirmation}
        onChange={onConfirmation}
        autoComplete="new-password"
        validate={(v) => shown(confirmationProblem(v, password))}
      />
    </>
  );
};

/** A 6-digit code from an email or an authenticator app. */
export const CodeField = ({ shown, value, onChange, description }: { shown: Shown; value: string; onChange: (v: string) => void; description?: string }) => {
  const { t } = useTranslation();
  return (
    <TextField
      name="code"
      value={value}
      onChange={(v) => onChange(v.replace(/\D/g, '').slice(0, 6))}
      isRequired
      autoComplete="one-time-code"
      inputMode="numeric"
      validate={(v) => shown(codeProblem(v))}
      className="field"
    >
      <Label>{t('two_factor_code')}</Label>
      <Input />
      {description && <Text slot="description">{description}</Text>}
      <FieldError />
    </TextField>
  );
};

/** The Save button at the foot of a settings form, disabled while the form is on its way. */
export const SaveActions = ({ status }: { status: FormStatus }) => {
  const { t } = useTranslation();
  return (
    <div className="form-actions">
      <Button type="submit" className="button primary" isDisabled={status.status === 'pending'}>
        {t('save')}
      </Button>
    </div>
  );
};
