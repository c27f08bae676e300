import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../hooks/translation';
import type { AppState } from '../../../domain/app/state';
import { LANGUAGE_LEVELS, SurveyMessages, type LanguageLevel, type LanguageRowDraft, type QuestionDefinition } from '../../../domain/contracts/survey';
import { rowsOf, type RowValue } from '../../../domain/survey/answers';
import { useDispatch, useSelector } from '../../hooks/runtime';
import { useHeritagePreferNot, useLookupSearch, type Option } from './lookups';
import { PreferNotTick, RequiredMark, useMessages, useQuestionText, type QuestionProps } from './parts';
import { Combo, FieldNotes, Picker } from './controls';

const selectNames = (s: AppState) => s.surveyOptionNames;

interface RowProps {
  readonly definition: QuestionDefinition;
  /** The row's index; null for the blank row that appends when filled. */
  readonly row: number | null;
  /** 1-based number shown to the person. */
  readonly number: number;
  readonly value: RowValue | null;
  readonly messages: readonly string[];
  readonly names: Readonly<Record<string, string>>;
  readonly required: boolean;
  readonly isDisabled: boolean;
  readonly inputRef?: React.Ref<HTMLInputElement>;
  readonly onAppended: () => void;
  readonly onRemoved: () => void;
}

const principleOf = (value: RowValue | null): number | null => (value === null ? null : typeof value === 'number' ? value : value.principleId);

/**
 * One row of a list question: an option searched in a long list, with its level for a
 * language, and a button that removes the row.
 */
const ListRow = ({ definition, row, number, value, messages, names, required, isDisabled, inputRef, onAppended, onRemoved }: RowProps) => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const languages = definition.shape === 'language-list';
  const principleId = principleOf(value);
  const level = value !== null && typeof value === 'object' ? value.level : null;
  // What the person typed belongs to the option the row had then; another option resets it.
  const [typed, setTyped] = useState<{ for: number | null; text: string } | null>(null);
  const ownTyped = typed !== null && typed.for === principleId ? typed.text : null;
  const selected: Option | undefined =
    principleId === null ? undefined : { id: principleId, name: names[String(principleId)] ?? t('survey_option_unnamed', { id: principleId }), preferNot: false };
  const text = ownTyped ?? selected?.name ?? '';
  const search = useLookupSearch(definition.lookup ?? 'languages', text, ownTyped !== null && ownTyped !== selected?.name);
  const levelMessages = messages.filter((message) => message === SurveyMessages.languageLevelRequired);
  const optionMessages = messages.filter((message) => message !== SurveyMessages.languageLevelRequired);
  const optionError = useMessages(optionMessages);
  const levelError = useMessages(levelMessages);

  const set = (next: RowValue) => {
    dispatch({ type: 'survey/setAnswer', questionId: definition.id, row, value: next });
    if (row === null) onAppended();
  };
  const emptyText = search.tooShort
    ? t(SurveyMessages.searchTooShort)
    : search.status === 'loaded' || search.status === 'empty'
      ? t('survey_no_match')
      : search.status === 'error'
        ? t('survey_options_failed')
        : t('survey_searching');
  // A row is named after its list: 'Language 2', 'Cultural heritage 1', 'Culture 1'.
  const label = t(`survey_row_${definition.key}`, { n: number, defaultValue: t(languages ? 'survey_language_n' : 'survey_heritage_n', { n: number }) });
  const announce = ownTyped !== null && ownTyped.trim() !== '' && search.tooShort ? t(SurveyMessages.searchTooShort) : '';

  return (
    <li className="list-row">
      <div className="list-row-fields">
        <Combo
          label={label}
          help={t(SurveyMessages.searchTooShort)}
          error={optionError}
          required={required}
          options={search.options}
          selected={selected}
          text={text}
          onText={(next) => setTyped({ for: principleId, text: next })}
          onSelect={(option) => {
            setTyped(null);
            set(languages ? { principleId: option.id, level } : option.id);
          }}
          isDisabled={isDisabled}
          emptyText={emptyText}
          inputRef={inputRef}
        />
        {languages && (
          <LevelPicker
            label={
              <>
                {t('survey_level')}
                <span className="visually-hidden"> {t('survey_level_of_n', { n: number })}</span>
              </>
            }
            level={level}
            error={levelError}
            isDisabled={isDisabled}
            onChange={(next: LanguageLevel) => set({ principleId, level: next } satisfies LanguageRowDraft)}
          />
        )}
        {row !== null && (
          <button
            type="button"
            className="button ghost small remove-row"
            disabled={isDisabled}
            onClick={() => {
              dispatch({ type: 'survey/removeRow', questionId: definition.id, row });
              onRemoved();
            }}
          >
            {t('survey_remove_row', { what: selected?.name ?? label })}
          </button>
        )}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {announce}
      </p>
    </li>
  );
};

/**
 * A list question (languages with their level, cultural heritages): expandable rows, each
 * added, changed or removed on its own. An empty list shows one blank row; "Add" opens
 * another blank row, which becomes a row of the answer once something is chosen in it.
 */
export const ListQuestion = ({ definition, answer, messages, rowMessages }: QuestionProps) => {
  const { t } = useTranslation();
  const { label, help } = useQuestionText(definition);
  const names = useSelector(selectNames);
  const error = useMessages(messages);
  const disabled = answer?.disabled ?? false;
  const rows = disabled ? [] : rowsOf(answer);
  const [adding, setAdding] = useState(false);
  const blankRef = useRef<HTMLInputElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const [focusBlank, setFocusBlank] = useState(0);
  const max = definition.maxRows ?? Number.POSITIVE_INFINITY;
  // Ticking "Prefer not to answer" leaves the blank row in place, disabled, so the person sees what it replaced.
  const showBlank = (rows.length === 0 || adding) && rows.length < max;
  const languages = definition.shape === 'language-list';
  const id = `q${definition.id}`;

  useEffect(() => {
    if (focusBlank > 0) blankRef.current?.focus();
  }, [focusBlank]);

  const describedBy = [help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const items = useMemo(() => rows.map((value, index) => ({ value, index })), [rows]);

  return (
    <fieldset className="list-question" aria-describedby={describedBy} data-invalid={error ? true : undefined}>
      <legend>
        {label}
        <RequiredMark required={definition.required} />
      </legend>
      <FieldNotes id={id} help={help} error={error} />
      <ol className="list-rows">
        {[
          ...items.map(({ value, index }) => (
            <ListRow
              key={index}
              definition={definition}
              row={index}
              number={index + 1}
              value={value}
              messages={rowMessages[String(index)] ?? []}
              names={names}
              required={definition.required && index === 0}
              isDisabled={disabled}
              onAppended={() => undefined}
              onRemoved={() => addRef.current?.focus()}
            />
          )),
          ...(showBlank
            ? [
                <ListRow
                  // In the same list as the rows, under the key the row will have once filled: React
                  // keeps the same field when the choice turns it into a row, and it keeps the focus.
                  key={rows.length}
                  definition={definition}
                  row={null}
                  number={rows.length + 1}
                  value={null}
                  messages={[]}
                  names={names}
                  required={definition.required && rows.length === 0}
                  isDisabled={disabled}
                  inputRef={blankRef}
                  onAppended={() => setAdding(false)}
                  onRemoved={() => undefined}
                />,
              ]
            : []),
        ]}
      </ol>
      <div className="list-actions">
        <button
          type="button"
          ref={addRef}
          className="button secondary small"
          disabled={disabled || showBlank || rows.length >= max}
          onClick={() => {
            setAdding(true);
            setFocusBlank((n) => n + 1);
          }}
        >
          {t(`survey_add_${definition.key}`, { defaultValue: t(languages ? 'survey_add_language' : 'survey_add_heritage') })}
        </button>
        {definition.isCheck && definition.preferNotAllowed && definition.lookup === 'ethnicities' && <HeritagePreferNotTick definition={definition} answer={answer} />}
      </div>
    </fieldset>
  );
};

/** The tick of the heritages: its item is found by a search, the list being too long to load. */
const HeritagePreferNotTick = ({ definition, answer }: Pick<QuestionProps, 'definition' | 'answer'>) => {
  const option = useHeritagePreferNot();
  return <PreferNotTick definition={definition} answer={answer} option={option} />;
};

interface LevelPickerProps {
  readonly label: React.ReactNode;
  readonly level: LanguageLevel | null;
  readonly error: string;
  readonly isDisabled: boolean;
  readonly onChange: (level: LanguageLevel) => void;
}

/** How well the person knows a row's language. */
const LevelPicker = ({ label, level, error, isDisabled, onChange }: LevelPickerProps) => {
  const { t } = useTranslation();
  const options = useMemo(() => LANGUAGE_LEVELS.map((id) => ({ id, name: t(`survey_level_${id}`) })), [t]);
  return (
    <Picker
      label={label}
      help=""
      error={error}
      required={false}
      options={options}
      selected={level}
      placeholder={t('survey_choose')}
      isDisabled={isDisabled}
      onChange={(key) => onChange(key as LanguageLevel)}
    />
  );
};
