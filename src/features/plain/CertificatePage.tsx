import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../hooks/translation';
import { Button, Form, Input, Label, TextField } from 'react-aria-components';
import { useSearchParams } from 'react-router-dom';
import { CERTIFICATE_MIN_PARTICIPATION, CERTIFICATE_MIN_RESPONDENTS } from '../../../domain/certificates/criteria';
import { dateFormats } from '../../../domain/i18n/dates';
import { useSection } from '../../hooks/resources';
import { useNumbers } from '../charts/useNumbers';
import { useFormCheck } from '../forms/formParts';

const day = (iso: string, language: string): string => dateFormats(language).day(iso);

/**
 * The public certificate check: anyone, signed in or not, pastes a verification code (or
 * opens the link with ?code=) and reads whether it is valid, revoked or unknown, with what it
 * certifies. The code goes into the address, so the answer can be shared.
 */
export const CertificatePage = () => {
  const { t, language } = useTranslation();
  const numbers = useNumbers();
  const [params, setParams] = useSearchParams();
  const code = params.get('code')?.trim() ?? '';
  const [draft, setDraft] = useState(code);
  const result = useSection('certificateVerification', { code }, undefined, code !== '');
  const check = useFormCheck();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() !== '') setParams({ code: draft.trim() });
  };

  const data = code === '' ? null : result.data;
  return (
    <section aria-labelledby="plain-heading" className="stack narrow certificate-page">
      <h1 id="plain-heading">{t('certificate')}</h1>
      <p>{t('certificate_intro')}</p>
      <Form {...check.formProps} className="stack" onSubmit={submit}>
        <TextField className="field" name="code" value={draft} onChange={setDraft} isRequired>
          <Label>{t('certificate_code')}</Label>
          <Input className="input" spellCheck={false} autoComplete="off" />
        </TextField>
        <Button type="submit" className="button primary">{t('certificate_verify')}</Button>
      </Form>
      <div role="status" aria-live="polite" data-testid="certificate-result">
        {code !== '' && (result.status === 'pending' || result.status === 'idle') && <p>{t('certificate_checking')}</p>}
        {code !== '' && result.status === 'error' && <p className="form-error">{t(result.message ?? 'unknown_error', { defaultValue: result.message ?? '' })}</p>}
        {data && (
          <div className={`certificate-result ${data.status}`}>
            <p className="certificate-verdict">
              {data.status === 'valid'
                ? t('certificate_valid')
                : data.status === 'revoked'
                  ? t('certificate_revoked', { date: day(data.revokedAt ?? '', language) })
                  : t('certificate_unknown')}
            </p>
            {data.certificate && (
              <dl className="certificate-facts">
                <dt>{t('certificate_organisation')}</dt>
                <dd>{data.certificate.organization}</dd>
                <dt>{t('certificate_respondents')}</dt>
                <dd>{numbers.count(data.certificate.respondents)}</dd>
                <dt>{t('certificate_participation')}</dt>
                <dd>{numbers.percent(data.certificate.participation)}</dd>
                <dt>{t('certificate_issued')}</dt>
                <dd>{day(data.certificate.issuedAt, language)}</dd>
              </dl>
            )}
          </div>
        )}
      </div>
      <p className="muted">{t('certificate_criteria', { min: CERTIFICATE_MIN_RESPONDENTS, share: CERTIFICATE_MIN_PARTICIPATION })}</p>
      <p>
        <a href="/.well-known/certificate-key.pem">{t('certificate_public_key')}</a>
      </p>
    </section>
  );
};
