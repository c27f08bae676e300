import { useEffect, useRef } from 'react';
import { useTranslation } from '../../hooks/translation';
import type { AppState } from '../../../domain/app/state';
import type { ResourceArgs } from '../../../domain/resources/commands';
import { useAction } from '../../hooks/resources';
import { useDispatch, useSelector } from '../../hooks/runtime';
import { SurveyForm } from './SurveyForm';
import { WELCOME } from './steps';
import { useQueryParams } from './location';
import { nameBeforeFullStop } from '../../../domain/i18n/sentences';

const selectStatus = (s: AppState) => s.survey.status;
const selectToken = (s: AppState) => s.survey.token;
const selectAnsweredHere = (s: AppState) => s.survey.answeredHere;
const selectEditLinkSent = (s: AppState) => s.survey.editLinkSent;

/**
 * The participant's survey (SPEC sections 2 to 5), opened from a survey link
 * (`/?token=&alias=`, with `invitation=` from a personal invitation). The link is checked
 * first: a link that cannot be answered says why in the server's words.
 */
const SurveyPage = () => {
  const { t } = useTranslation();
  const [params] = useQueryParams();
  const token = params.get('token') ?? '';
  const alias = params.get('alias') ?? '';
  const invitation = params.get('invitation') ?? '';
  const check = useAction('surveyCheckLink');
  const { submit } = check;
  const status = useSelector(selectStatus);
  const surveyToken = useSelector(selectToken);
  const answeredHere = useSelector(selectAnsweredHere);
  const step = params.get('step');
  const onWelcome = step === null || step === WELCOME;

  const sentRef = useRef(false);
  sentRef.current = status === 'submitted' && surveyToken === token;
  useEffect(() => {
    if (sentRef.current) return;
    const args: ResourceArgs = { token, ...(alias ? { alias } : {}), ...(invitation ? { invitation } : {}) };
    // An action rather than a section: its args (the personal invitation) stay out of every event.
    submit({}, args);
  }, [submit, token, alias, invitation]);

  const link = check.state.status === 'done' ? check.state.data : null;

  if (status === 'submitted' && surveyToken === (link?.token ?? token)) return <Thanks organization={link?.organization_name ?? null} />;

  return (
    <section aria-labelledby="survey-heading" className="survey-page stack">
      <h1 id="survey-heading">{t('survey_registration')}</h1>
      {/* Shown at once, before any answer from the server: the page's first meaningful paint. */}
      {onWelcome && <p className="survey-intro">{t('survey_intro')}</p>}
      {(check.state.status === 'idle' || check.state.status === 'pending') && <p aria-busy="true">{t('survey_checking_link')}</p>}
      {check.state.status === 'failed' && (
        <div className="stack">
          <p role="alert" className="form-error">
            {t(check.state.message ?? 'unknown_error')}
          </p>
          <p>{t('survey_link_refused_help')}</p>
        </div>
      )}
      {check.state.status === 'done' && !link && (
        <p role="alert" className="form-error">
          {t('unknown_error')}
        </p>
      )}
      {link && (surveyToken === link.token ? answeredHere ? <AnsweredHere /> : <SurveyForm link={link} /> : <p aria-busy="true">{t('survey_loading')}</p>)}
    </section>
  );
};

/**
 * This browser sent answers through the link before (a reload after the thanks, a second
 * try): said first, so one person does not answer twice by accident; someone else on a
 * shared device goes on to a new survey.
 */
const AnsweredHere = () => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="stack survey-answered-here">
      <h2 ref={heading} tabIndex={-1}>
        {t('survey_answered_here_title')}
      </h2>
      <p>{t('survey_answered_here_text')}</p>
      <div>
        <button type="button" className="button" onClick={() => dispatch({ type: 'survey/startAnew' })}>
          {t('survey_start_anew')}
        </button>
      </div>
    </div>
  );
};

/** After a 200: the answers are sent, nothing of them stays here, and the invitation is spent. */
const Thanks = ({ organization }: { organization: string | null }) => {
  const { t } = useTranslation();
  const [, setParams] = useQueryParams();
  const editLinkSent = useSelector(selectEditLinkSent);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    // The personal invitation was used up; a reload must not offer it again.
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.delete('invitation');
        copy.delete('step');
        return copy;
      },
      { replace: true },
    );
  }, [setParams]);
  return (
    <section aria-labelledby="survey-thanks" className="survey-page stack survey-thanks">
      <h1 id="survey-thanks" ref={heading} tabIndex={-1}>
        {t('survey_thanks_title')}
      </h1>
      <p role="status">{organization ? t('survey_thanks_text', { organization: nameBeforeFullStop(organization) }) : t('survey_thanks_text_plain')}</p>
      {editLinkSent && <p>{t('survey_thanks_edit_link')}</p>}
      <p className="muted">{t('survey_thanks_privacy')}</p>
    </section>
  );
};

export default SurveyPage;
