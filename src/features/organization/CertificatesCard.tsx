import { useTranslation } from '../../hooks/translation';
import { Button } from 'react-aria-components';
import { Link } from 'react-router-dom';
import { CERTIFICATE_MIN_PARTICIPATION, CERTIFICATE_MIN_RESPONDENTS } from '../../../domain/certificates/criteria';
import { useAction, useSection } from '../../hooks/resources';
import { useDispatch } from '../../hooks/runtime';
import { FormAlert, FormDone } from '../forms/formParts';
import { useNumbers } from '../charts/useNumbers';
import { useFormatDay } from '../../hooks/dates';


/**
 * The administrators' certificates: issue one when the criteria hold (the server checks them
 * against the released figures and says why not), open each one's public verification page,
 * revoke one (audited on the server).
 */
export const CertificatesCard = () => {
  const { t } = useTranslation();
  const numbers = useNumbers();
  const dayOf = useFormatDay();
  const list = useSection('certificates');
  const issue = useAction('issueCertificate');
  const revoke = useAction('revokeCertificate');
  const dispatch = useDispatch();
  return (
    <section className="card stack" aria-labelledby="certificates-heading" data-testid="certificates-card">
      <h2 id="certificates-heading">{t('certificates_title')}</h2>
      <p className="muted">{t('certificate_criteria', { min: CERTIFICATE_MIN_RESPONDENTS, share: CERTIFICATE_MIN_PARTICIPATION })}</p>
      <FormAlert status={issue.state} />
      <FormAlert status={revoke.state} />
      <FormDone status={issue.state} text={t('certificate_issued_done')} />
      <FormDone status={revoke.state} text={t('certificate_revoked_done')} />
      <div>
        <Button className="button primary" isDisabled={issue.state.status === 'pending'} onPress={() => { revoke.clear(); issue.submit({}); }}>
          {t('certificate_issue')}
        </Button>
      </div>
      {list.data && list.data.length === 0 && <p className="muted">{t('certificates_none')}</p>}
      {list.data && list.data.length > 0 && (
        <ul className="certificate-list">
          {list.data.map(({ code, certificate, revokedAt }) => (
            <li key={certificate.id}>
              <span>
                {t('certificate_issued')} {dayOf(certificate.issuedAt)} · {numbers.count(certificate.respondents)} · {numbers.percent(certificate.participation)} ·{' '}
                {revokedAt === null ? t('certificate_status_valid') : t('certificate_status_revoked', { date: dayOf(revokedAt) })}
              </span>
              <Link to={`/certificate?code=${encodeURIComponent(code)}`}>{t('certificate_open')}</Link>
              <Button
                className="button secondary small"
                aria-label={t('certificate_pdf_named', { date: dayOf(certificate.issuedAt) })}
                onPress={() => dispatch({ type: 'certificate/downloadPdf', id: certificate.id })}
              >
                {t('certificate_pdf')}
              </Button>
              {revokedAt === null && (
                <Button
                  className="button ghost small"
                  aria-label={t('certificate_revoke_named', { date: dayOf(certificate.issuedAt) })}
                  isDisabled={revoke.state.status === 'pending'}
                  onPress={() => { issue.clear(); revoke.submit({ id: certificate.id }); }}
                >
                  {t('certificate_revoke')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};
