import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../hooks/translation';
import { FieldError, Form, Input, Label, TextField } from 'react-aria-components';
import type { AppState } from '../../../domain/app/state';
import type { User } from '../../../domain/contracts/auth';
import { ChoiceSelect } from '../../components/ChoiceSelect';
import { LANGUAGE_CHOICES } from '../../components/LanguageSelect';
import { useSelector } from '../../hooks/runtime';
import { useAction } from '../../hooks/resources';
import { FormAlert, FormDone, requiredProblem, useFormCheck, SaveActions } from '../forms/formParts';
import { FIRST_NAME_LIMIT, LAST_NAME_LIMIT } from '../../../domain/contracts/textLimits';
import { limitProblem, useLimitShown } from '../forms/textLimits';

const selectUser = (s: AppState) => s.session.user;

const ProfileForm = ({ user }: { user: User | null }) => {
  const { t } = useTranslation();
  const update = useAction('updateProfile');
  const status = update.state;
  const [firstName, setFirstName] = useState(user?.first_name ?? '');
  const [lastName, setLastName] = useState(user?.last_name ?? '');
  const [locale, setLocale] = useState<string>(user?.locale_id ?? 'au');
  // The account's language changed elsewhere ("Use for my account" after the header switch): a
  // later save must not put the old one back.
  const [accountLocale, setAccountLocale] = useState(user?.locale_id);
  if (user?.locale_id !== accountLocale) {
    setAccountLocale(user?.locale_id);
    setLocale(user?.locale_id ?? 'au');
  }
  const check = useFormCheck(status);
  const limitShown = useLimitShown();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (
      requiredProblem(firstName, 'first_name_required') || requiredProblem(lastName, 'last_name_required') ||
      limitProblem(FIRST_NAME_LIMIT, firstName) || limitProblem(LAST_NAME_LIMIT, lastName)
    ) {
      check.refuse();
      return;
    }
    update.submit({ first_name: firstName.trim(), last_name: lastName.trim(), locale_id: locale });
  };

  return (
    <Form {...check.formProps} onSubmit={submit} className="stack narrow" aria-labelledby="profile-heading">
      <h2 id="profile-heading">{t('settings_profile')}</h2>
      <FormAlert status={status} />
      <FormDone status={status} text={t('saved')} />
      {user && <p className="muted">{t('profile_email', { email: user.email })}</p>}
      <TextField
        name="first_name"
        value={firstName}
        onChange={setFirstName}
        isRequired
        autoComplete="given-name"
        validate={(v) => limitShown(FIRST_NAME_LIMIT, v) ?? check.shown(requiredProblem(v, 'first_name_required'))}
        className="field"
      >
        <Label>{t('first_name')}</Label>
        <Input maxLength={FIRST_NAME_LIMIT.max} />
        <FieldError />
      </TextField>
      <TextField
        name="last_name"
        value={lastName}
        onChange={setLastName}
        isRequired
        autoComplete="family-name"
        validate={(v) => limitShown(LAST_NAME_LIMIT, v) ?? check.shown(requiredProblem(v, 'last_name_required'))}
        className="field"
      >
        <Label>{t('last_name')}</Label>
        <Input maxLength={LAST_NAME_LIMIT.max} />
        <FieldError />
      </TextField>
      <ChoiceSelect name="locale_id" label={t('account_language')} value={locale} items={LANGUAGE_CHOICES} onChange={setLocale} description={t('account_language_hint')} />
      <SaveActions status={status} />
    </Form>
  );
};

export const ProfileTab = () => {
  const user = useSelector(selectUser);
  // The form starts from the user once the session check has brought them.
  return <ProfileForm key={user?.id ?? 'nobody'} user={user} />;
};
