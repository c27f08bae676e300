import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../hooks/translation';
import { Button, FieldError, Form, Label, Text, TextArea, TextField } from 'react-aria-components';
import type { OrganizationInformation } from '../../../domain/contracts/organization';
import { LOGO_MAX_BYTES } from '../../../domain/contracts/groups';
import { useAction } from '../../hooks/resources';
import { FormAlert, FormDone, useFormCheck } from '../forms/formParts';

const ACCEPTED = 'image/png,image/jpeg,image/webp,image/svg+xml';

/** The organisation's details and logo, with a preview of the chosen file before it is sent. */
export const LogoForm = ({ info, disabled }: { info: OrganizationInformation; disabled: boolean }) => {
  const { t } = useTranslation();
  const save = useAction('updateDetails');
  const [details, setDetails] = useState(info.details ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const check = useFormCheck(save.state);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  useEffect(() => {
    if (save.state.status !== 'done') return;
    setFile(null);
    if (input.current) input.current.value = '';
  }, [save.state.status]);

  const tooLarge = file !== null && file.size > LOGO_MAX_BYTES;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (tooLarge) return check.refuse();
    // The file rides on the command to the effect, which sends the fields as multipart.
    save.submit({ name: info.name, details: details.trim(), ...(file ? { logo: file } : {}) });
  };
  const logoError = save.state.errors.logo?.[0] ?? (check.attempted && tooLarge ? t('logo_too_large') : null);
  const shown = preview ?? info.logo_url;
  return (
    <Form {...check.formProps} onSubmit={submit} className="card stack" aria-labelledby="logo-heading">
      <h2 id="logo-heading">{t('organization_details_logo')}</h2>
      <FormAlert status={save.state} />
      <FormDone status={save.state} text={t('saved')} />
      <TextField name="details" value={details} onChange={setDetails} isDisabled={disabled} className="field">
        <Label>{t('organization_details')}</Label>
        <TextArea rows={3} maxLength={2000} />
        <FieldError />
      </TextField>
      <div className="logo-row">
        <div className="logo-frame">
          {shown ? <img src={shown} alt={preview ? t('logo_preview_alt') : t('logo_current_alt')} /> : <span className="muted small">{t('logo_none')}</span>}
        </div>
        <div className="field">
          <label htmlFor="logo-file">{t('logo_choose')}</label>
          <input
            id="logo-file"
            ref={input}
            name="logo"
            type="file"
            accept={ACCEPTED}
            disabled={disabled}
            aria-describedby="logo-help logo-error"
            aria-invalid={logoError ? true : undefined}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
          <Text id="logo-help" slot="description" className="muted small">{t('logo_help')}</Text>
          <span id="logo-error" className="form-error-inline" role={logoError ? 'alert' : undefined}>{logoError}</span>
        </div>
      </div>
      {!disabled && (
        <div className="form-actions">
          <Button type="submit" className="button primary" isPending={save.state.status === 'pending'}>{t('save')}</Button>
        </div>
      )}
    </Form>
  );
};
