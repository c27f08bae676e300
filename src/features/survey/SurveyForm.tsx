import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../hooks/translation';
import type { AppState } from '../../../domain/app/state';
import {
  ANONYMITY_QUESTION, FIRST_NAME_QUESTION, LAST_NAME_QUESTION, type QuestionDefinition,
} from '../../../domain/contracts/survey';
import type { RegisterTokenCheck } from '../../../domain/contracts/tokens';
import { isAsked } from '../../../domain/survey/answers';
import { EMAIL_FIELD, surveyContext } from '../../../domain/survey/state';
import { emailProblems } from '../../../domain/survey/decide';
import { validateSurvey, type SurveyValidation } from '../../../domain/survey/validation';
import { productLanguage } from '../../../domain/i18n/languages';
import { useSection } from '../../hooks/resources';
import { useDispatch, useSelector } from '../../hooks/runtime';
import { ExtraQuestions } from './ExtraQuestions';
import { ListQuestion } from './ListQuestion';
import { Progress } from './controls';
import { useQueryParams } from './location';
import type { QuestionProps } from './parts';
import { ChoiceQuestion, CountryQuestion, EmailField, GroupQuestion, SelectQuestion, TextQuestion } from './questions';
import { stepsOf, WELCOME, type Step } from './steps';

const selectSurvey = (s: AppState) => s.survey;

const EXTRA_STEP = 'extra';

const NO_MESSAGES: readonly string[] = [];
const NO_ROWS: Readonly<Record<string, readonly string[]>> = {};

// Everything the browser can focus in a question, except what is kept out of the tab order.
const FOCUSABLE = 'input:not([type="hidden"]):not([tabindex="-1"]):not([disabled]), select:not([disabled]), button:not([tabindex="-1"]):not([disabled])';

/** The question's component by the way it is asked. */
const QuestionField = (props: QuestionProps & { parentValue: number | null }) => {
  const { definition } = props;
  if (definition.lookup === 'groups') return <GroupQuestion {...props} />;
  switch (definition.kind) {
    case 'choice':
      return <ChoiceQuestion {...props} />;
    case 'text':
      return <TextQuestion {...props} />;
    case 'list':
      return <ListQuestion {...props} />;
    case 'search-select':
      return <CountryQuestion {...props} />;
    case 'select':
      return <SelectQuestion {...props} />;
  }
};

const merged = (a: readonly string[] | undefined, b: readonly string[] | undefined): readonly string[] => {
  if (!a?.length) return b ?? NO_MESSAGES;
  if (!b?.length) return a;
  return [...a, ...b.filter((message) => !a.includes(message))];
};

/** The questions with a problem; the email's counts as the last name's, beside which it is asked. */
const invalidIds = (validation: SurveyValidation): Set<number> =>
  new Set(Object.keys(validation).map((key) => (key === EMAIL_FIELD ? LAST_NAME_QUESTION : Number(key))));

/**
 * The survey, one topic per step: a progress bar, the step's questions, Back and Next, and
 * on the last step the submit. Next checks the step with the domain's rules and stays (focus
 * on the first problem) while it has any; the submit is checked by the survey slice, whose
 * problems bring the person to the first step concerned.
 */
export const SurveyForm = ({ link }: { link: RegisterTokenCheck }) => {
  const { t, language } = useTranslation();
  const dispatch = useDispatch();
  const survey = useSelector(selectSurvey);
  const [params, setParams] = useQueryParams();
  const definitions = useSection('surveyDefinitions', { survey_id: link.survey_id });
  // The organisation's own questions on this link: a last step when there are any.
  useSection('surveyExtraQuestions', { token: link.token });
  const [attempted, setAttempted] = useState<readonly string[]>([]);
  const [focusRequest, setFocusRequest] = useState<{ questionId: number | typeof EMAIL_FIELD | null; n: number } | null>(null);
  const [sent, setSent] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);

  const context = useMemo(() => surveyContext(survey), [survey]);
  const asked = useCallback(
    (definition: QuestionDefinition) => isAsked(survey.definitions, definition, survey.answers, context),
    [survey.definitions, survey.answers, context],
  );
  const steps = useMemo(() => {
    const core = stepsOf(survey.definitions, asked);
    return survey.extraQuestions.length > 0 ? [...core, { id: EXTRA_STEP, title: 'survey_extra_title', questions: [] }] : core;
  }, [survey.definitions, asked, survey.extraQuestions.length]);
  const found = steps.findIndex((step) => step.id === params.get('step'));
  const index = found < 0 ? 0 : found;
  const step: Step | undefined = steps[index];
  const live = useMemo(() => validateSurvey(survey.definitions, survey.answers, context), [survey.definitions, survey.answers, context]);
  const emailLive = useMemo(() => emailProblems(survey), [survey]);

  const goTo = useCallback(
    (next: number, questionId: number | typeof EMAIL_FIELD | null = null) => {
      const target = steps[next];
      if (!target) return;
      setParams((current) => {
        const copy = new URLSearchParams(current);
        copy.set('step', target.id);
        return copy;
      });
      setFocusRequest((previous) => ({ questionId, n: (previous?.n ?? 0) + 1 }));
    },
    [steps, setParams],
  );

  // Focus follows the person: the new step's heading, or the first question with a problem.
  useEffect(() => {
    if (focusRequest === null) return;
    const form = formRef.current;
    const question = focusRequest.questionId === null ? null : form?.querySelector<HTMLElement>(`[data-question="${focusRequest.questionId}"]`);
    const target = question?.querySelector<HTMLElement>(FOCUSABLE) ?? headingRef.current;
    target?.focus();
    question?.scrollIntoView?.({ block: 'center' });
  }, [focusRequest, index]);

  // A submit the slice refused: to the first step with a problem; a refusal by the server: its message.
  useEffect(() => {
    if (!sent || survey.status === 'submitting') return;
    setSent(false);
    const invalid = invalidIds(survey.validations);
    const target = steps.findIndex((candidate) => candidate.questions.some((question) => invalid.has(question.id)));
    if (target >= 0) {
      const first = steps[target]!.questions.find((question) => invalid.has(question.id));
      // Only the address is wrong: to the address, not to the name beside it.
      const onlyEmail = first?.id === LAST_NAME_QUESTION && survey.validations[String(LAST_NAME_QUESTION)] === undefined;
      goTo(target, onlyEmail ? EMAIL_FIELD : (first?.id ?? null));
    } else if (survey.status === 'failed') {
      alertRef.current?.focus();
    }
  }, [sent, survey.status, survey.validations, steps, goTo]);

  // Someone invited by name who chooses to be named finds the names of their invitation filled in.
  const anonymityAnswer = survey.answers[String(ANONYMITY_QUESTION)]?.answer;
  useEffect(() => {
    if (anonymityAnswer !== 0) return;
    if (link.first_name && survey.answers[String(FIRST_NAME_QUESTION)] === undefined) {
      dispatch({ type: 'survey/setAnswer', questionId: FIRST_NAME_QUESTION, row: null, value: link.first_name });
    }
    if (link.last_name && survey.answers[String(LAST_NAME_QUESTION)] === undefined) {
      dispatch({ type: 'survey/setAnswer', questionId: LAST_NAME_QUESTION, row: null, value: link.last_name });
    }
    // Only when the choice changes: a name cleared afterwards stays cleared.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [anonymityAnswer]);

  if (survey.definitions.length === 0 || step === undefined) {
    return definitions.status === 'error' ? (
      <p role="alert" className="form-error">
        {t(definitions.message ?? 'unknown_error')}
      </p>
    ) : (
      <p aria-busy="true">{t('survey_loading')}</p>
    );
  }

  const last = index === steps.length - 1;
  const stepAttempted = attempted.includes(step.id);
  const messagesOf = (id: number) => merged(survey.validations[String(id)]?.messages, stepAttempted ? live[String(id)]?.messages : undefined);
  const rowsOf = (id: number) => {
    const own = survey.validations[String(id)]?.rows;
    const mine = stepAttempted ? live[String(id)]?.rows : undefined;
    if (!own && !mine) return NO_ROWS;
    const rows: Record<string, readonly string[]> = { ...(mine ?? {}) };
    for (const [row, messages] of Object.entries(own ?? {})) rows[row] = merged(messages, rows[row]);
    return rows;
  };
  const problems = step.questions.filter((question) => messagesOf(question.id).length > 0 || Object.keys(rowsOf(question.id)).length > 0);
  // The address is asked beside the names, when the answer is named and no invitation gives one.
  const asksEmail = !link.organization_invited && step.questions.some((question) => question.id === LAST_NAME_QUESTION);
  const emailMessages = asksEmail ? merged(survey.validations[EMAIL_FIELD]?.messages, stepAttempted ? emailLive[EMAIL_FIELD]?.messages : undefined) : NO_MESSAGES;

  const next = (event: FormEvent) => {
    event.preventDefault();
    if (last) {
      setSent(true);
      dispatch({ type: 'survey/submit' });
      return;
    }
    const firstProblem = step.questions.find((question) => live[String(question.id)] !== undefined);
    const emailProblem = asksEmail && emailLive[EMAIL_FIELD] !== undefined;
    if (firstProblem || emailProblem) {
      setAttempted((list) => (list.includes(step.id) ? list : [...list, step.id]));
      setFocusRequest((previous) => ({ questionId: firstProblem?.id ?? EMAIL_FIELD, n: (previous?.n ?? 0) + 1 }));
      return;
    }
    goTo(index + 1);
  };

  const parentValueOf = (definition: QuestionDefinition): number | null => {
    if (definition.parent === null) return null;
    const parent = survey.answers[String(definition.parent)]?.answer;
    return typeof parent === 'number' ? parent : null;
  };

  return (
    <form ref={formRef} className="survey-form stack" onSubmit={next} noValidate aria-labelledby="survey-step-heading">
      <Progress label={t('survey_progress')} value={index + 1} max={steps.length} valueText={t('survey_step_of', { n: index + 1, total: steps.length })} />

      <h2 id="survey-step-heading" ref={headingRef} tabIndex={-1} className="survey-step-heading">
        {t(step.title)}
      </h2>

      {survey.status === 'failed' && (
        <p ref={alertRef} tabIndex={-1} role="alert" className="form-error">
          {t(survey.message || 'unknown_error')}
        </p>
      )}
      <div aria-live="polite" className="survey-problems">
        {problems.length > 0 && (
          <p className="form-error">
            {/* Name the questions: "2 answers below" leaves the person hunting for them. */}
            {t('survey_check_named', {
              questions: new Intl.ListFormat(productLanguage(language).lang, { type: 'conjunction' })
                .format(problems.map((question) => t(`survey_q_${question.key}`, { defaultValue: question.key }))),
            })}
          </p>
        )}
      </div>

      {step.id === WELCOME && <Welcome link={link} anonymous={survey.anonymityEnforced} />}
      {step.id === EXTRA_STEP && <ExtraQuestions questions={survey.extraQuestions} answers={survey.extraAnswers} />}

      {step.questions.map((definition) => (
        <div key={definition.id} className="survey-question" data-question={definition.id}>
          <QuestionField
            definition={definition}
            answer={survey.answers[String(definition.id)]}
            messages={messagesOf(definition.id)}
            rowMessages={rowsOf(definition.id)}
            parentValue={parentValueOf(definition)}
          />
        </div>
      ))}
      {asksEmail && (
        <div className="survey-question" data-question={EMAIL_FIELD}>
          <EmailField messages={emailMessages} />
        </div>
      )}

      <div className="survey-nav">
        {index > 0 && (
          <button type="button" className="button" onClick={() => goTo(index - 1)} disabled={survey.status === 'submitting'}>
            {t('survey_back')}
          </button>
        )}
        {/* A second press while sending is ignored by the slice. */}
        <button type="submit" className="button primary">
          {last ? t('survey_send') : index === 0 ? t('survey_start') : t('survey_next')}
        </button>
      </div>
      <p role="status" className="survey-sending">
        {survey.status === 'submitting' ? t('survey_sending') : ''}
      </p>
    </form>
  );
};

/** What the person is about to answer, for whom, and how their answers are kept. */
const Welcome = ({ link, anonymous }: { link: RegisterTokenCheck; anonymous: boolean }) => {
  const { t } = useTranslation();
  return (
    <div className="survey-welcome stack">
      <dl className="invitation-facts">
        <div>
          <dt>{t('invitation_organisation')}</dt>
          <dd>{link.organization_name}</dd>
        </div>
        {link.department && (
          <div>
            <dt>{t('invitation_group')}</dt>
            <dd>{link.department.name}</dd>
          </div>
        )}
      </dl>
      <p>{anonymous ? t('survey_anonymous_link') : t('survey_named_link')}</p>
      <p className="muted">{t('survey_required_note')}</p>
    </div>
  );
};
