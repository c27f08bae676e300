import { useTranslation } from '../../hooks/translation';
import { Tick } from './controls';
import type { QuestionDefinition, SurveyAnswer } from '../../../domain/contracts/survey';
import { useDispatch } from '../../hooks/runtime';
import type { Option } from './lookups';

/** What every question component receives from the form. */
export interface QuestionProps {
  readonly definition: QuestionDefinition;
  readonly answer: SurveyAnswer | undefined;
  /** Problems of the whole answer, to show at the question. */
  readonly messages: readonly string[];
  /** Problems per row of a list question, by row index. */
  readonly rowMessages: Readonly<Record<string, readonly string[]>>;
}

/** The question's label and help text, by its stable key. */
export const useQuestionText = (definition: QuestionDefinition): { label: string; help: string } => {
  const { t } = useTranslation();
  return {
    label: t(`survey_q_${definition.key}`, { defaultValue: definition.key }),
    help: t(`survey_q_${definition.key}_help`, { defaultValue: '' }),
  };
};

/** The messages of one field, translated where the catalogue knows them. */
export const useMessages = (messages: readonly string[]): string => {
  const { t } = useTranslation();
  return messages.map((message) => t(message)).join(' ');
};

export { RequiredMark } from './controls';

/**
 * The "Prefer not to answer" tick of a question that has one: ticking answers with the
 * list's item and disables the input; unticking deletes that answer (SPEC section 4).
 */
export const PreferNotTick = ({ definition, answer, option }: { definition: QuestionDefinition; answer: SurveyAnswer | undefined; option: Option | undefined }) => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const { label } = useQuestionText(definition);
  return (
    <Tick
      className="prefer-not"
      checked={answer?.disabled ?? false}
      isDisabled={option === undefined}
      ariaLabel={t('survey_prefer_not_for', { question: label })}
      onChange={(ticked) =>
        dispatch(
          ticked && option !== undefined
            ? { type: 'survey/disable', questionId: definition.id, value: option.id }
            : { type: 'survey/reEnable', questionId: definition.id },
        )
      }
    >
      {t('survey_prefer_not')}
    </Tick>
  );
};
