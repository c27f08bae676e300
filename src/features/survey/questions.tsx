import { useMemo, useState } from 'react';
import { useTranslation } from '../../hooks/translation';
import type { AppState } from '../../../domain/app/state';
import type { SurveyGroupOption } from '../../../domain/contracts/survey';
import { useSection } from '../../hooks/resources';
import { useDispatch, useSelector } from '../../hooks/runtime';
import { normalise, useQuestionOptions } from './lookups';
import { PreferNotTick, useMessages, useQuestionText, type QuestionProps } from './parts';
import { RESPONSE_EMAIL_MAX } from '../../../domain/contracts/responses';
import { Combo, FieldNotes, Picker, TextInput, Tick } from './controls';

const selectToken = (s: AppState) => s.survey.token ?? '';
const selectEmail = (s: AppState) => s.survey.email;

/** A tick box question: question 33 (stay anonymous, 1 ticked, 0 not) and the consent (1 or nothing). */
export const ChoiceQuestion = ({ definition, answer, messages }: QuestionProps) => {
  const dispatch = useDispatch();
  const { label, help } = useQuestionText(definition);
  const error = useMessages(messages);
  const id = `q${definition.id}`;
  const unticked = definition.choices.includes(0) ? 0 : '';
  const ticked = definition.choices.includes(1) ? 1 : (definition.choices[0] ?? 1);
  const describedBy = [help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field choice-question" data-invalid={error ? true : undefined}>
      <Tick
        checked={answer?.answer === ticked}
        required={definition.required}
        invalid={error !== ''}
        describedBy={describedBy}
        onChange={(selected) => dispatch({ type: 'survey/setAnswer', questionId: definition.id, row: null, value: selected ? ticked : unticked })}
      >
        {label}
        {definition.required && (
          <span className="required-mark" aria-hidden="true">
            {' *'}
          </span>
        )}
      </Tick>
      <FieldNotes id={id} help={help} error={error} />
    </div>
  );
};

/**
 * The address for the links to change or erase the answers, asked beside the names of a
 * named answer without a personal invitation (whose address is used). Optional.
 */
export const EmailField = ({ messages }: { messages: readonly string[] }) => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const email = useSelector(selectEmail);
  const error = useMessages(messages);
  return (
    <TextInput
      label={t('survey_email')}
      help={t('survey_email_help')}
      error={error}
      required={false}
      value={email}
      type="email"
      maxLength={RESPONSE_EMAIL_MAX}
      autoComplete="email"
      onChange={(text) => dispatch({ type: 'survey/setEmail', email: text })}
    />
  );
};

/** First and last name. */
export const TextQuestion = ({ definition, answer, messages }: QuestionProps) => {
  const dispatch = useDispatch();
  const { label, help } = useQuestionText(definition);
  const error = useMessages(messages);
  const value = typeof answer?.answer === 'string' ? answer.answer : '';
  return (
    <TextInput
      label={label}
      help={help}
      error={error}
      required={definition.required}
      value={value}
      maxLength={definition.maxLength ?? undefined}
      autoComplete={definition.key === 'first-name' ? 'given-name' : definition.key === 'last-name' ? 'family-name' : 'off'}
      onChange={(text) => dispatch({ type: 'survey/setAnswer', questionId: definition.id, row: null, value: text })}
    />
  );
};

/** Placeholder text of a list while it loads or when it failed. */
const useListPlaceholder = (status: string): string => {
  const { t } = useTranslation();
  if (status === 'error') return t('survey_options_failed');
  if (status === 'loaded' || status === 'empty') return t('survey_choose');
  return t('survey_options_loading');
};

/**
 * One option of a lookup list loaded whole; a dependent list (states, branches,
 * denominations, position types) is read under the parent's answer.
 */
export const SelectQuestion = ({ definition, answer, messages, parentValue }: QuestionProps & { parentValue: number | null }) => {
  const dispatch = useDispatch();
  const { label, help } = useQuestionText(definition);
  const error = useMessages(messages);
  const { status, options, preferNot } = useQuestionOptions(definition, parentValue);
  const placeholder = useListPlaceholder(status);
  const items = useMemo(() => options.map((option) => ({ id: String(option.id), name: option.name, untranslated: option.untranslated })), [options]);
  const disabled = answer?.disabled ?? false;
  return (
    <div className="question-body">
      <Picker
        label={label}
        help={help}
        error={error}
        required={definition.required}
        options={items}
        selected={!disabled && typeof answer?.answer === 'number' ? String(answer.answer) : null}
        placeholder={placeholder}
        isDisabled={disabled}
        onChange={(key) => dispatch({ type: 'survey/setAnswer', questionId: definition.id, row: null, value: Number(key) })}
      />
      {definition.isCheck && definition.preferNotAllowed && <PreferNotTick definition={definition} answer={answer} option={preferNot} />}
    </div>
  );
};

/** Question 3 on a whole-organisation link: the group answered for; full ones cannot be chosen. */
export const GroupQuestion = ({ definition, answer, messages }: QuestionProps) => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const token = useSelector(selectToken);
  const { label, help } = useQuestionText(definition);
  const error = useMessages(messages);
  const section = useSection('surveyGroups', { token });
  const placeholder = useListPlaceholder(section.status);
  const options = useMemo(() => {
    const groups: readonly SurveyGroupOption[] = section.data ?? [];
    const names = new Map(groups.map((group) => [group.id, group.name]));
    return groups.map((group) => {
      const parent = group.parent_id === null ? undefined : names.get(group.parent_id);
      const name = parent === undefined ? group.name : `${parent} › ${group.name}`;
      return { id: group.id, name: group.full ? t('survey_group_full', { name }) : name, disabled: group.full };
    });
  }, [section.data, t]);
  return (
    <Picker
      label={label}
      help={help}
      error={error}
      required={definition.required}
      options={options}
      selected={typeof answer?.answer === 'string' && answer.answer !== '' ? answer.answer : null}
      placeholder={placeholder}
      onChange={(key) => dispatch({ type: 'survey/setAnswer', questionId: definition.id, row: null, value: key })}
    />
  );
};

/** A country: the list (about 250) is loaded whole and filtered as the person types. */
export const CountryQuestion = ({ definition, answer, messages }: QuestionProps) => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const { label, help } = useQuestionText(definition);
  const error = useMessages(messages);
  const { status, options, preferNot } = useQuestionOptions(definition);
  const disabled = answer?.disabled ?? false;
  const selected = !disabled && typeof answer?.answer === 'number' ? options.find((option) => option.id === answer.answer) : undefined;
  const [typed, setTyped] = useState<string | null>(null);
  // Until the person types, the field shows the answer's name (which arrives with the list).
  const text = typed ?? selected?.name ?? '';
  const shown = useMemo(() => {
    const needle = normalise(text);
    const matching = needle === '' || needle === normalise(selected?.name ?? '') ? options : options.filter((option) => normalise(option.name).includes(needle));
    return matching;
  }, [options, text, selected]);
  const emptyText = status === 'loaded' ? t('survey_no_match') : status === 'error' ? t('survey_options_failed') : t('survey_options_loading');
  return (
    <div className="question-body">
      <Combo
        label={label}
        help={help || t('survey_country_help')}
        error={error}
        required={definition.required}
        options={shown}
        selected={selected}
        text={text}
        onText={(value) => {
          setTyped(value);
          if (value === '' && selected) dispatch({ type: 'survey/setAnswer', questionId: definition.id, row: null, value: '' });
        }}
        onSelect={(option) => {
          setTyped(null);
          dispatch({ type: 'survey/setAnswer', questionId: definition.id, row: null, value: option.id });
        }}
        isDisabled={disabled}
        emptyText={emptyText}
      />
      {definition.isCheck && definition.preferNotAllowed && <PreferNotTick definition={definition} answer={answer} option={preferNot} />}
    </div>
  );
};
