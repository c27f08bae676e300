import { EXTRA_PREFER_NOT, type LinkQuestion } from '../../../domain/contracts/extraAnswers';
import { extraOptionKeys, inLanguage } from '../../../domain/survey/extra';
import { useDispatch } from '../../hooks/runtime';
import { useTranslation } from '../../hooks/translation';

const SCALE = ['survey_extra_scale_1', 'survey_extra_scale_2', 'survey_extra_scale_3', 'survey_extra_scale_4', 'survey_extra_scale_5'];

/**
 * The organisation's extra questions, the survey's last step: native radio buttons (one
 * answer, the agreement scale) or tick boxes (several), each with "Prefer not to answer", so
 * arrows, space and Tab work as everywhere. All are optional.
 */
export const ExtraQuestions = ({ questions, answers }: { questions: readonly LinkQuestion[]; answers: Readonly<Record<string, readonly string[]>> }) => {
  const { t, language } = useTranslation();
  const dispatch = useDispatch();
  return (
    <div className="stack">
      <p className="muted">{t('survey_extra_help')}</p>
      {questions.map((question) => {
        const chosen = answers[question.id] ?? [];
        const many = question.kind === 'multiple';
        const label = (key: string, index: number): string => {
          if (key === EXTRA_PREFER_NOT) return t('survey_prefer_not');
          if (question.kind === 'scale') return `${index + 1}: ${t(SCALE[index]!)}`;
          const option = question.options[index]!;
          return inLanguage(option, option.label, language);
        };
        const set = (key: string, on: boolean) => {
          const keys = !many ? [key] : on ? (key === EXTRA_PREFER_NOT ? [key] : [...chosen.filter((k) => k !== EXTRA_PREFER_NOT), key]) : chosen.filter((k) => k !== key);
          dispatch({ type: 'survey/setExtraAnswer', questionId: question.id, keys });
        };
        return (
          <fieldset key={question.id} className="field extra-question survey-question" data-extra={question.id}>
            <legend>{inLanguage(question, question.text, language)}</legend>
            {many && <p className="field-help">{t('survey_extra_choose_many')}</p>}
            {extraOptionKeys(question).map((key, index) => (
              <label key={key} className={key === EXTRA_PREFER_NOT ? 'tick prefer-not' : 'tick'}>
                <input
                  type={many ? 'checkbox' : 'radio'}
                  name={`extra-${question.id}`}
                  value={key}
                  checked={chosen.includes(key)}
                  onChange={(event) => set(key, event.target.checked)}
                />
                <span>{label(key, index)}</span>
              </label>
            ))}
          </fieldset>
        );
      })}
    </div>
  );
};
