import { useEffect, useMemo, useRef } from 'react';
import type { AppState } from '../../../domain/app/state';
import type { RegisterTokenCheck } from '../../../domain/contracts/tokens';
import { dateFormats } from '../../../domain/i18n/dates';
import { useAction } from '../../hooks/resources';
import { useSelector } from '../../hooks/runtime';
import { SurveyForm } from './SurveyForm';
import { navigate } from './location';
import { useTranslation } from '../../hooks/translation';
import { nameBeforeFullStop } from '../../../domain/i18n/sentences';

/**
 * The pages of the emailed links (SPEC section 2): /check-edit-survey checks a link and says
 * what it allows, /update-survey opens the form on the stored answers and sends the change,
 * /delete-survey erases the answers after a confirmation, showing its progress. The token
 * is the only credential: it travels in actions, never in a logged event.
 */

const selectSurvey = (s: AppState) => s.survey;

const formatDate = (iso: string, language: string): string => dateFormats(language).utcTime(iso);

const Refused = ({ message }: { message: string | null }) => {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <p role="alert" className="form-error">
        {t(message ?? 'unknown_error')}
      </p>
      <p>{t('survey_edit_refused_help')}</p>
    </div>
  );
};

/** Checks an emailed link once and hands back what it allows. */
const useLinkCheck = (token: string) => {
  const check = useAction('surveyCheckEditLink');
  const { submit } = check;
  useEffect(() => submit({ token }), [submit, token]);
  const link = check.state.status === 'done' ? check.state.data : null;
  return { state: check.state, link };
};

export const CheckEditSurveyPage = ({ token }: { token: string }) => {
  const { t, language } = useTranslation();
  const { state, link } = useLinkCheck(token);
  return (
    <section aria-labelledby="edit-check-heading" className="survey-page stack">
      <h1 id="edit-check-heading">{t('survey_edit_check_title')}</h1>
      {(state.status === 'idle' || state.status === 'pending') && <p aria-busy="true">{t('survey_checking_link')}</p>}
      {state.status === 'failed' && <Refused message={state.message} />}
      {link && (
        <div className="stack">
          <p>{t(link.purpose === 'edit' ? 'survey_edit_check_edit' : 'survey_edit_check_delete', { organization: nameBeforeFullStop(link.organization_name) })}</p>
          <p className="muted">{t('survey_edit_expires', { date: formatDate(link.expires_at, language) })}</p>
          <div className="survey-nav">
            <button
              type="button"
              className={link.purpose === 'edit' ? 'button primary' : 'button danger'}
              onClick={() => navigate(`/${link.purpose === 'edit' ? 'update-survey' : 'delete-survey'}?token=${encodeURIComponent(token)}`)}
            >
              {t(link.purpose === 'edit' ? 'survey_edit_open' : 'survey_delete_open')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
};

/** The form on the stored answers; Send replaces them (no new seat is taken). */
export const UpdateSurveyPage = ({ token }: { token: string }) => {
  const { t } = useTranslation();
  const read = useAction('surveyEditable', { clearOnLeave: false });
  const { submit } = read;
  const survey = useSelector(selectSurvey);
  const heading = useRef<HTMLHeadingElement>(null);
  const sent = survey.status === 'submitted' && survey.editToken === token;
  useEffect(() => {
    if (!sent) submit({}, { token });
    // Read once per token; a sent form is not read again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submit, token]);
  const editable = read.state.status === 'done' ? read.state.data : null;
  // The form reads the link's facts as a survey link's check gives them.
  const link = useMemo<RegisterTokenCheck | null>(
    () =>
      editable && {
        anonymity: editable.anonymity,
        organization_name: editable.organization_name,
        token: editable.token,
        survey_id: editable.survey_id,
        email: null,
        first_name: null,
        last_name: null,
        organization_assignee: false,
        organization_invited: false,
        department: editable.department,
        expires_at: editable.expires_at,
        // The page's language was settled when it opened; the link's default plays no part here.
        organization_locale: null,
      },
    [editable],
  );
  useEffect(() => {
    if (sent) heading.current?.focus();
  }, [sent]);

  if (sent) {
    return (
      <section aria-labelledby="edit-done" className="survey-page stack survey-thanks">
        <h1 id="edit-done" ref={heading} tabIndex={-1}>
          {t('survey_edit_done_title')}
        </h1>
        <p role="status">{t('survey_edit_done_text')}</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="edit-heading" className="survey-page stack">
      <h1 id="edit-heading">{t('survey_edit_title')}</h1>
      {(read.state.status === 'idle' || read.state.status === 'pending') && <p aria-busy="true">{t('survey_checking_link')}</p>}
      {read.state.status === 'failed' && <Refused message={read.state.message} />}
      {link && (survey.editToken === token ? <SurveyForm link={link} /> : <p aria-busy="true">{t('survey_loading')}</p>)}
    </section>
  );
};

/** Erases the answers of a delete link once the person confirms; the progress is announced. */
export const DeleteSurveyPage = ({ token }: { token: string }) => {
  const { t } = useTranslation();
  const { state, link } = useLinkCheck(token);
  const erase = useAction('surveyDelete', { clearOnLeave: false });
  const result = useRef<HTMLHeadingElement>(null);
  const done = erase.state.status === 'done';
  useEffect(() => {
    if (done) result.current?.focus();
  }, [done]);

  if (done) {
    return (
      <section aria-labelledby="delete-done" className="survey-page stack survey-thanks">
        <h1 id="delete-done" ref={result} tabIndex={-1}>
          {t('survey_delete_done_title')}
        </h1>
        <p role="status">{t('survey_delete_done_text')}</p>
      </section>
    );
  }
  const erasing = erase.state.status === 'pending';
  return (
    <section aria-labelledby="delete-heading" className="survey-page stack">
      <h1 id="delete-heading">{t('survey_delete_title')}</h1>
      {(state.status === 'idle' || state.status === 'pending') && <p aria-busy="true">{t('survey_checking_link')}</p>}
      {state.status === 'failed' && <Refused message={state.message} />}
      {link && link.purpose !== 'delete' && <Refused message="survey_delete_wrong_link" />}
      {link && link.purpose === 'delete' && (
        <div className="stack">
          <p>{t('survey_delete_explain', { organization: link.organization_name })}</p>
          {erase.state.status === 'failed' && (
            <p role="alert" className="form-error">
              {t(erase.state.message ?? 'unknown_error')}
            </p>
          )}
          <div className="survey-nav">
            <button type="button" className="button danger" disabled={erasing} onClick={() => erase.submit({ token })}>
              {t('survey_delete_confirm')}
            </button>
          </div>
          <div role="status" className="survey-sending">
            {erasing && (
              <>
                <span>{t('survey_delete_progress')}</span>
                <progress aria-label={t('survey_delete_progress')} />
              </>
            )}
          </div>
        </div>
      )}
    </section>
  );
};
