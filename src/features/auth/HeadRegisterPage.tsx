import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ChoiceSelect } from '../../components/ChoiceSelect';
import { useTranslation } from '../../hooks/translation';
import { Button, CheckboxButton, CheckboxField, FieldError, Form, Input, Label, TextField } from 'react-aria-components';
import { Link, Navigate } from 'react-router-dom';
import { REGISTRATION_TAB_FIELDS, REGISTRATION_WIZARD } from '../../../domain/wizard/registration';
import type { AppState } from '../../../domain/app/state';
import type { MessageKey } from '../../../domain/i18n/en';
import { useDispatch, useSelector } from '../../hooks/runtime';
import { useAction } from '../../hooks/resources';
import {
  FormAlert, NewPasswordFields, confirmationProblem, emailProblem, passwordProblem, requiredProblem,
  useFormCheck, usePasswordRule,
} from '../forms/formParts';
import { FIRST_NAME_LIMIT, LAST_NAME_LIMIT, ORGANIZATION_NAME_LIMIT, type TextLimit } from '../../../domain/contracts/textLimits';
import { limitProblem } from '../forms/textLimits';

/** Three tabs, indices 0 to 2: the wizard keeps its index within 0 and its length. */
const LAST_TAB = 2;

const STEPS: readonly MessageKey[] = ['register_step_organisation', 'register_step_administrator', 'register_step_password'];

/** Which body fields each tab asks for, so a server error can take the person to its tab. */

// A short list until the lookups issue brings the full country list from the server.
const COUNTRIES: readonly { id: string; name: MessageKey }[] = [
  { id: 'AU', name: 'country_au' },
  { id: 'NZ', name: 'country_nz' },
  { id: 'GB', name: 'country_gb' },
  { id: 'CA', name: 'country_ca' },
  { id: 'US', name: 'country_us' },
  { id: 'XX', name: 'country_other' },
];

type Values = Record<string, string>;

const selectWizard = (s: AppState) => (s.wizard.name === REGISTRATION_WIZARD ? s.wizard : null);

/** The client-side checks of one tab; each problem is a message key. */
const tabProblems = (tab: number, values: Values, secrets: { password: string; confirmation: string; agree: boolean }, rule: string) => {
  const problems: (MessageKey | null)[] =
    tab === 0
      ? [
          requiredProblem(values.organization_name, 'organisation_name_required') ?? limitProblem(ORGANIZATION_NAME_LIMIT, values.organization_name ?? ''),
          requiredProblem(values.country, 'country_required'),
        ]
      : tab === 1
        ? [
            requiredProblem(values.first_name, 'first_name_required') ?? limitProblem(FIRST_NAME_LIMIT, values.first_name ?? ''),
            requiredProblem(values.last_name, 'last_name_required') ?? limitProblem(LAST_NAME_LIMIT, values.last_name ?? ''),
            emailProblem(values.email ?? ''),
          ]
        : [passwordProblem(secrets.password, rule), confirmationProblem(secrets.confirmation, secrets.password), secrets.agree ? null : 'must_agree'];
  return problems.filter((p): p is MessageKey => p !== null);
};

const tabData = (tab: number, values: Values): Values =>
  Object.fromEntries(REGISTRATION_TAB_FIELDS[tab].filter((field) => values[field] !== undefined).map((field) => [field, values[field]]));

/** Head-administrator registration (SPEC section 2): a wizard with numbered tabs. */
export const HeadRegisterPage = () => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const wizard = useSelector(selectWizard);
  const register = useAction('register');
  const status = register.state;
  const rule = usePasswordRule();
  const active = wizard?.active ?? 0;
  // Values saved by earlier visits to a tab come back; secrets never were saved.
  const [values, setValues] = useState<Values>(() => Object.assign({}, ...Object.values(wizard?.saved ?? {})));
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [agree, setAgree] = useState(false);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const check = useFormCheck(status);

  useEffect(() => {
    dispatch({ type: 'wizard/start', name: REGISTRATION_WIZARD, length: LAST_TAB });
  }, [dispatch]);

  // Moving between steps puts focus on the new step's heading for screen-reader users.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    stepHeading.current?.focus();
  }, [active]);


  const set = (field: string) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const save = () => dispatch({ type: 'wizard/saveTab', index: active, data: tabData(active, values) });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (tabProblems(active, values, { password, confirmation, agree }, rule).length > 0) {
      check.refuse();
      return;
    }
    check.reset();
    // Errors from an earlier answer are stale once the person moves on with corrected values.
    if (status.status === 'failed') register.clear();
    save();
    if (active < LAST_TAB) {
      dispatch({ type: 'wizard/next' });
      return;
    }
    for (let tab = 0; tab < LAST_TAB; tab++) {
      const problems = tabProblems(tab, values, { password, confirmation, agree }, rule);
      if (problems.length > 0) {
        dispatch({ type: 'wizard/goTo', index: tab });
        return;
      }
    }
    register.submit({
      organization_name: values.organization_name.trim(),
      country: values.country,
      industry: values.industry?.trim() ? values.industry.trim() : null,
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      email: values.email.trim(),
      password,
      password_confirmation: confirmation,
      agree: true,
    });
  };

  const previous = () => {
    save();
    dispatch({ type: 'wizard/previous' });
  };

  const text = (
    field: string,
    label: MessageKey,
    options: { required?: MessageKey; check?: (value: string) => MessageKey | null; type?: string; autoComplete?: string; limit?: TextLimit } = {},
  ) => {
    const { required, type, autoComplete, limit } = options;
    const problemOf = options.check ?? (required ? (value: string) => requiredProblem(value, required) : undefined);
    return (
      <TextField
        name={field}
        type={type}
        value={values[field] ?? ''}
        onChange={set(field)}
        isRequired={!!required}
        autoComplete={autoComplete}
        validate={(value) => {
          // Past a limit is said as the person types; other problems once the step was tried.
          const broken = limit ? limitProblem(limit, value) : null;
          if (broken) return t(broken);
          return problemOf ? check.shown(problemOf(value)) : null;
        }}
        className="field"
      >
        <Label>{t(label)}</Label>
        <Input maxLength={limit?.max} />
        <FieldError />
      </TextField>
    );
  };

  // The registration went through (its wizard is cleared by the reducer): the success page.
  if (status.status === 'done') return <Navigate to="/head-register/success" replace />;

  return (
    <section aria-labelledby="register-heading" className="stack">
      <h1 id="register-heading">{t('register_organisation')}</h1>
      <ol className="wizard-steps" aria-label={t('register_steps')}>
        {STEPS.map((step, index) => (
          <li key={step} className="wizard-step" aria-current={index === active ? 'step' : undefined} data-done={index < active || undefined}>
            <span className="wizard-step-number" aria-hidden="true">{index + 1}</span>
            <span className="wizard-step-label">
              <span className="visually-hidden">{t('register_step_of', { step: index + 1, count: STEPS.length })} </span>
              {t(step)}
            </span>
          </li>
        ))}
      </ol>
      <h2 ref={stepHeading} tabIndex={-1} className="wizard-step-heading">
        {t('register_step_of', { step: active + 1, count: STEPS.length })}: {t(STEPS[active])}
      </h2>
      <FormAlert status={status} />
      <Form
        key={active}
        {...check.formProps}
        onSubmit={submit}
        className="stack"
      >
        {active === 0 && (
          <>
            {text('organization_name', 'organisation_name', { required: 'organisation_name_required', autoComplete: 'organization', limit: ORGANIZATION_NAME_LIMIT })}
            <ChoiceSelect
              name="country"
              label={t('country')}
              value={values.country ?? null}
              items={COUNTRIES.map((c) => ({ id: c.id, name: t(c.name) }))}
              onChange={set('country')}
              isRequired
              placeholder={t('select_placeholder')}
              problem={check.attempted && !values.country ? t('country_required') : null}
            />
            {text('industry', 'industry_optional')}
          </>
        )}
        {active === 1 && (
          <>
            {text('first_name', 'first_name', { required: 'first_name_required', autoComplete: 'given-name', limit: FIRST_NAME_LIMIT })}
            {text('last_name', 'last_name', { required: 'last_name_required', autoComplete: 'family-name', limit: LAST_NAME_LIMIT })}
            {text('email', 'email', { type: 'email', autoComplete: 'email', required: 'email_invalid', check: emailProblem })}
          </>
        )}
        {active === 2 && (
          <>
            <NewPasswordFields shown={check.shown} password={password} confirmation={confirmation} onPassword={setPassword} onConfirmation={setConfirmation} />
            <CheckboxField
              name="agree"
              isSelected={agree}
              onChange={setAgree}
              isRequired
              validate={(selected) => check.shown(selected ? null : 'must_agree')}
              className="field"
            >
              <CheckboxButton className="react-aria-Checkbox">{t('register_agree')}</CheckboxButton>
              <FieldError />
            </CheckboxField>
          </>
        )}
        <div className="form-actions">
          {active > 0 && (
            <Button className="button ghost" onPress={previous}>
              {t('previous')}
            </Button>
          )}
          <Button type="submit" className="button primary" isDisabled={status.status === 'pending'}>
            {active < LAST_TAB ? t('next') : t('register_submit')}
          </Button>
        </div>
      </Form>
      <p>
        {t('register_have_account')} <Link to="/login">{t('login')}</Link>
      </p>
    </section>
  );
};
