import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
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

/** What each named field of a form holds, as the browser would send it (file inputs by their file names). */
export type FieldValues = ReadonlyMap<string, string>;

export const fieldValues = (form: HTMLFormElement): FieldValues => {
  const data = new FormData(form);
  return new Map(
    [...new Set(data.keys())].map((name) => [name, JSON.stringify(data.getAll(name).map((v) => (typeof v === 'string' ? v : v.name)))]),
  );
};

/** The fields among `names` whose value on screen is no longer the one the server refused. */
export const fieldsChangedSince = (sent: FieldValues | null, now: FieldValues, names: readonly string[]): readonly string[] =>
  sent === null ? NO_FIELDS : names.filter((name) => (sent.get(name) ?? '[]') !== (now.get(name) ?? '[]'));

/**
 * The values a refusal is about, completed with fields that were not on screen when the form was
 * sent (another step of a wizard): their value when they first appear.
 */
export const withFieldsSeen = (sent: FieldValues, now: FieldValues): FieldValues => {
  const appeared = [...now].filter(([name]) => !sent.has(name));
  return appeared.length === 0 ? sent : new Map([...sent, ...appeared]);
};

/**
 * The one form mechanism of the app (docs/architecture.md, "Forms"). Spread `formProps` on a
 * react-aria Form and it:
 * - shows client-side errors once the person has tried to send the form, and from then on
 *   follows each keystroke (errors that went only when a field lost focus moved the submit
 *   button away from under the pointer at the moment it was pressed: the click was lost);
 * - shows each server error at its field while that field still holds the value the server
 *   refused, and drops it on the keystroke that changes it (not on blur).
 * It learns what changed by comparing the form's values with those it had when the request left
 * (a submit the form declines must call refuse()), after React has drawn them. It never sets
 * state from a native listener on the form: such an update was drawn before React's own handler
 * saw the keystroke, put the old value back in the controlled input, and froze the field after
 * any refusal (issue 27).
 */
export const useFormCheck = (status?: FormStatus) => {
  const { t } = useTranslation();
  const [attempted, setAttempted] = useState(false);
  const [failures, setFailures] = useState(0);
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  const errors = status?.errors ?? NO_ERRORS;
  // The values of the request last sent: its server errors are about them. A submit the form
  // declines (refuse) sends nothing, so the values before it stay.
  const sent = useRef<FieldValues | null>(null);
  const beforeSubmit = useRef<FieldValues | null>(null);

  const [changed, setChanged] = useState<{ source: FormStatus['errors']; fields: readonly string[] }>({ source: errors, fields: NO_FIELDS });
  const changedFields = changed.source === errors ? changed.fields : NO_FIELDS;
  const serverErrors = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(errors)
          .filter(([field]) => !changedFields.includes(field))
          .map(([field, list]) => [field, [...list]]),
      ) as Record<string, string[]>,
    [errors, changedFields],
  );

  const notice = useCallback(() => {
    if (!form) return;
    const now = fieldValues(form);
    if (sent.current) sent.current = withFieldsSeen(sent.current, now);
    const fields = fieldsChangedSince(sent.current, now, Object.keys(errors));
    setChanged((prev) => (prev.source === errors && sameFields(prev.fields, fields) ? prev : { source: errors, fields }));
  }, [form, errors]);
  // After every drawing of the form: a controlled field's new value is on screen by now.
  useLayoutEffect(notice);

  useEffect(() => {
    if (failures > 0) form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failures, form]);

  const shown = useCallback((problem: MessageKey | null): string | null => (attempted && problem ? t(problem) : null), [attempted, t]);
  return {
    attempted,
    shown,
    /** Spread on react-aria's Form, before its own onSubmit and className. */
    formProps: {
      ref: setForm,
      validationBehavior: 'aria' as const,
      validationErrors: serverErrors,
      onSubmitCapture: (event: FormEvent<HTMLFormElement>) => {
        beforeSubmit.current = sent.current;
        sent.current = fieldValues(event.currentTarget);
      },
      // Inside React's own dispatch (batched with the field's update); covers a field kept by a child component.
      onInput: notice,
    },
    /** The form was refused on the client: show every problem and focus the first. */
    refuse: () => {
      sent.current = beforeSubmit.current;
      setAttempted(true);
      setFailures((n) => n + 1);
    },
    reset: () => setAttempted(false),
  };
};

const sameFields = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((field, i) => field === b[i]);

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
