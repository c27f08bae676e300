import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../hooks/translation';
import {
  Button, FieldError, Form, Input, Label, ListBox, Popover, Select, SelectValue, Text, TextField,
} from 'react-aria-components';
import type { AppState } from '../../../domain/app/state';
import type { User } from '../../../domain/contracts/auth';
import { languageItems } from '../../components/LanguageSelect';
import { useSelector } from '../../hooks/runtime';
import { useAction } from '../../hooks/resources';
import { FormAlert, FormDone, requiredProblem, useFormCheck, SaveActions } from './formParts';
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
      <Select name="locale_id" className="field" value={locale} onChange={(key) => key !== null && setLocale(String(key))}>
        <Label>{t('account_language')}</Label>
        <Button className="select-button">
          <SelectValue />
          <span aria-hidden="true" className="select-chevron" />
        </Button>
        <Text slot="description">
          {t('account_language_hint')}
        </Text>
        <FieldError />
        <Popover className="select-popover">
          <ListBox className="listbox">{languageItems()}</ListBox>
        </Popover>
      </Select>
      <SaveActions status={status} />
    </Form>
  );
};

export const ProfileTab = () => {
  const user = useSelector(selectUser);
  // The form starts from the user once the session check has brought them.
  return <ProfileForm key={user?.id ?? 'nobody'} user={user} />;
};
