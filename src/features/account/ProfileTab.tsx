import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../hooks/translation';
import {
  Button, FieldError, Form, Input, Label, ListBox, Popover, Select, SelectValue, TextField,
} from 'react-aria-components';
import type { AppState } from '../../../domain/app/state';
import type { User } from '../../../domain/contracts/auth';
import { languageItems } from '../../components/LanguageSelect';
import { useSelector } from '../../hooks/runtime';
import { useAction } from '../../hooks/resources';
import { FormAlert, FormDone, requiredProblem, useFormCheck, SaveActions } from './formParts';

const selectUser = (s: AppState) => s.session.user;

const ProfileForm = ({ user }: { user: User | null }) => {
  const { t } = useTranslation();
  const update = useAction('updateProfile');
  const status = update.state;
  const [firstName, setFirstName] = useState(user?.first_name ?? '');
  const [lastName, setLastName] = useState(user?.last_name ?? '');
  const [locale, setLocale] = useState<string>(user?.locale_id ?? 'au');
  const check = useFormCheck(status);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (requiredProblem(firstName, 'first_name_required') || requiredProblem(lastName, 'last_name_required')) {
      check.refuse();
      return;
    }
    update.submit({ first_name: firstName.trim(), last_name: lastName.trim(), locale_id: locale });
  };

  return (
    <Form ref={check.formRef} onSubmit={submit} validationBehavior="aria" validationErrors={check.serverErrors} className="stack narrow" aria-labelledby="profile-heading">
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
        validate={(v) => check.shown(requiredProblem(v, 'first_name_required'))}
        className="field"
      >
        <Label>{t('first_name')}</Label>
        <Input />
        <FieldError />
      </TextField>
      <TextField
        name="last_name"
        value={lastName}
        onChange={setLastName}
        isRequired
        autoComplete="family-name"
        validate={(v) => check.shown(requiredProblem(v, 'last_name_required'))}
        className="field"
      >
        <Label>{t('last_name')}</Label>
        <Input />
        <FieldError />
      </TextField>
      <Select name="locale_id" className="field" value={locale} onChange={(key) => key !== null && setLocale(String(key))}>
        <Label>{t('language')}</Label>
        <Button className="select-button">
          <SelectValue />
          <span aria-hidden="true" className="select-chevron" />
        </Button>
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
