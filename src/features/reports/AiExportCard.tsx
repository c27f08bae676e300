import { ChoiceSelect, choicesOfTree } from '../../components/ChoiceSelect';
import { useId, useState } from 'react';
import { useTranslation } from '../../hooks/translation';
import { Button, Checkbox, CheckboxGroup, Form, Label, Radio, RadioGroup, Text, TextArea, TextField } from 'react-aria-components';
import { AI_FILES_MAX, AI_GROUPS_MAX, AI_PROMPT_MAX, type AiQuestion, type ExportDescription, filesOf } from '../../../domain/contracts/aiExport';
import { EXPORT_CARDS, EXPORT_PAGES, type ExportFilters } from '../../../domain/contracts/exports';
import { GENERATIONS } from '../../../domain/filters/model';
import { productLanguage } from '../../../domain/i18n/languages';
import type { AppState } from '../../../domain/app/state';
import { useDispatch, useSelector } from '../../hooks/runtime';
import { useSection } from '../../hooks/resources';
import { DateRangeField } from '../dashboards/DateRangeField';
import { useFormCheck } from '../forms/formParts';
import { LookupChoices, YesNoAny } from '../shell/FilterPanel';

const selectAiExport = (s: AppState) => s.aiExport;

/** The person's corrections: each one is the whole corrected description, sent as a command. */
const useCorrect = (description: ExportDescription) => {
  const dispatch = useDispatch();
  return (change: Partial<ExportDescription>) => dispatch({ type: 'aiExport/correct', description: { ...description, ...change } });
};

const PageChoice = ({ description, index }: { description: ExportDescription; index: number }) => {
  const { t } = useTranslation();
  const correct = useCorrect(description);
  const entry = description.pages[index]!;
  const replace = (cards: string[]) => correct({ pages: description.pages.map((page, at) => (at === index ? { ...page, cards } : page)) });
  const cards = EXPORT_CARDS[entry.page];
  // Cards in the page's order, whatever order they were ticked in.
  const ordered = (keys: readonly string[]) => cards.map((card) => card.key).filter((key) => keys.includes(key));
  return (
    <fieldset className="ai-export-page">
      <legend>{t(entry.page)}</legend>
      <CheckboxGroup className="field" value={entry.cards} onChange={(keys) => replace(ordered(keys))}>
        <Label>{t('ai_export_cards')}</Label>
        <Text slot="description">{entry.cards.length === 0 ? t('ai_export_all_cards') : t('ai_export_some_cards')}</Text>
        <div className="choice-grid">
          {cards.map((card) => (
            <Checkbox key={card.key} value={card.key}>{t(card.title)}</Checkbox>
          ))}
        </div>
      </CheckboxGroup>
      {(description.pages.length > 1 || (description.groups ?? []).length > 0 || description.census !== undefined) && (
        <Button className="button ghost small" onPress={() => correct({ pages: description.pages.filter((_, at) => at !== index) })}>
          {t('ai_export_remove_page', { page: t(entry.page) })}
        </Button>
      )}
    </fieldset>
  );
};

const AddPage = ({ description }: { description: ExportDescription }) => {
  const { t } = useTranslation();
  const correct = useCorrect(description);
  const others = EXPORT_PAGES.filter((page) => !description.pages.some((entry) => entry.page === page));
  if (others.length === 0) return null;
  return (
    <ChoiceSelect
      look="toolbar"
      label={t('ai_export_add_page')}
      placeholder={t('ai_export_add_page_placeholder')}
      value={null}
      items={others.map((page) => ({ id: page, name: t(page) }))}
      onChange={(page) => {
        const pages = [...description.pages, { page, cards: [] }];
        // Pages in the menu's order, as the files come.
        correct({ pages: EXPORT_PAGES.flatMap((name) => pages.filter((entry) => entry.page === name)) });
      }}
    />
  );
};

const FilterChoices = ({ description }: { description: ExportDescription }) => {
  const { t } = useTranslation();
  const correct = useCorrect(description);
  const ranges = useSection('dateRanges');
  const filter = description.filter;
  const set = <K extends keyof ExportFilters>(key: K, value: ExportFilters[K] | undefined) => {
    const next: Record<string, unknown> = { ...filter };
    if (value === undefined || (Array.isArray(value) && value.length === 0) || value === '') delete next[key];
    else next[key] = value;
    correct({ filter: next as ExportFilters });
  };
  return (
    <div className="stack">
      <LookupChoices filter="gender" section="filterGenders" value={filter.gender ?? []} onChange={(v) => set('gender', v)} />
      <LookupChoices filter="position-level" section="filterPositionLevels" value={filter['position-level'] ?? []} onChange={(v) => set('position-level', v)} />
      <CheckboxGroup className="field" value={filter.generation ?? []} onChange={(v) => set('generation', v as ExportFilters['generation'])}>
        <Label>{t('filter.generation')}</Label>
        <div className="choice-row">
          {GENERATIONS.map((g) => (
            <Checkbox key={g} value={g}>{g}</Checkbox>
          ))}
        </div>
      </CheckboxGroup>
      <YesNoAny label={t('filter.disability')} value={filter.disability ?? ''} onChange={(v) => set('disability', v === '' ? undefined : (v as 'yes' | 'no'))} />
      <YesNoAny label={t('filter.lgbtiq')} value={filter.lgbtiq ?? ''} onChange={(v) => set('lgbtiq', v === '' ? undefined : (v as 'yes' | 'no'))} />
      {filter['age-range'] !== undefined && (
        <p className="ai-export-chip">
          {t('filter.age-range')}: {filter['age-range']}{' '}
          <Button className="button ghost small" aria-label={t('ai_export_remove_filter', { filter: t('filter.age-range') })} onPress={() => set('age-range', undefined)}>
            {t('ai_export_remove')}
          </Button>
        </p>
      )}
      {ranges.status === 'loaded' && ranges.data !== null && (
        <DateRangeField
          name="ai-date-range"
          ranges={ranges.data}
          tag={filter['date-tag'] ?? null}
          onChange={(tag) => set('date-tag', tag ?? undefined)}
        />
      )}
    </div>
  );
};

/** The groups set side by side with the whole organisation: the organisation's own, ticked or not. */
const GroupChoices = ({ description }: { description: ExportDescription }) => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const groups = useSection('selectionGroups');
  const chosen = description.groups ?? [];
  const all = choicesOfTree(groups.data ?? []);
  if (all.length === 0) return null;
  return (
    <CheckboxGroup
      className="field"
      value={chosen}
      onChange={(ids) => {
        // In the organisation's order, whatever order they were ticked in.
        const ordered = all.map((group) => group.id).filter((id) => ids.includes(id));
        const { groups: _before, ...rest } = description;
        dispatch({ type: 'aiExport/correct', description: ordered.length === 0 ? rest : { ...rest, groups: ordered } });
      }}
    >
      <Label>{t('ai_export_groups')}</Label>
      <Text slot="description">{t('ai_export_groups_help', { max: AI_GROUPS_MAX })}</Text>
      <div className="choice-grid">
        {all.map((group) => (
          <Checkbox key={group.id} value={group.id} isDisabled={!chosen.includes(group.id) && chosen.length >= AI_GROUPS_MAX} style={{ paddingInlineStart: `${group.depth}rem` }}>
            {group.name}
          </Checkbox>
        ))}
      </div>
    </CheckboxGroup>
  );
};

/** The census to compare with: off, or one of the countries with a census. */
const CensusChoice = ({ description }: { description: ExportDescription }) => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const countries = useSection('mutualityCountries');
  const list = countries.data ?? [];
  if (list.length === 0) return null;
  const choose = (census: string | undefined) => {
    const { census: _before, ...rest } = description;
    dispatch({ type: 'aiExport/correct', description: census === undefined ? rest : { ...rest, census } });
  };
  const fallback = String(list.find((country) => country.code === 'AU')?.id ?? list[0]!.id);
  return (
    <div className="stack">
      <Checkbox isSelected={description.census !== undefined} onChange={(on) => choose(on ? fallback : undefined)}>
        {t('ai_export_census')}
      </Checkbox>
      {description.census !== undefined && (
        <ChoiceSelect
          look="toolbar"
          label={t('mutuality_country')}
          value={description.census}
          items={list.map((country) => ({ id: String(country.id), name: country.name }))}
          onChange={choose}
        />
      )}
    </div>
  );
};

/** A question asked back: the period asked for in the reader's language and the saved range taken instead. */
const QuestionText = ({ question }: { question: AiQuestion }) => {
  const { t, language } = useTranslation();
  const ranges = useSection('dateRanges');
  const day = (value: string) => new Intl.DateTimeFormat(productLanguage(language).lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`));
  const period =
    question.from === undefined
      ? ''
      : question.to === undefined
        ? t('ai_period_since', { from: day(question.from) })
        : t('ai_period_between', { from: day(question.from), to: day(question.to) });
  const closest = ranges.data?.find((range) => range.id === question.closest)?.label ?? '';
  return <>{t(`ai_question.${question.key}`, { period, closest })}</>;
};

const Understanding = () => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const { understanding, downloading, download } = useSelector(selectAiExport);
  const headingId = useId();
  if (understanding === undefined) return null;
  const { description } = understanding;
  const correct = (change: Partial<ExportDescription>) => dispatch({ type: 'aiExport/correct', description: { ...description, ...change } });
  const csvFiles = filesOf({ ...description, format: 'csv' });
  return (
    <section className="ai-export-understood stack" aria-labelledby={headingId} data-testid="ai-understanding">
      <h3 id={headingId}>{t('ai_export_understood')}</h3>
      <p className="muted">{t(understanding.source === 'model' ? 'ai_export_source_model' : 'ai_export_source_builtin')}</p>
      {understanding.questions.length > 0 && (
        <div className="ai-export-questions notice" data-testid="ai-questions">
          <h4>{t('ai_export_questions')}</h4>
          <ul>
            {understanding.questions.map((question) => (
              <li key={question.key}>
                <QuestionText question={question} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {understanding.notes.length > 0 && (
        <ul className="ai-export-notes">
          {understanding.notes.map((note) => (
            <li key={note}>{t(`ai_note.${note}`, { max: AI_GROUPS_MAX })}</li>
          ))}
        </ul>
      )}
      <div className="ai-export-columns">
        <div className="stack">
          <h4>{t('ai_export_pages')}</h4>
          {description.pages.map((entry, index) => (
            <PageChoice key={entry.page} description={description} index={index} />
          ))}
          <AddPage description={description} />
          <h4>{t('ai_export_comparisons')}</h4>
          <GroupChoices description={description} />
          <CensusChoice description={description} />
        </div>
        <div className="stack">
          <h4>{t('filters')}</h4>
          <FilterChoices description={description} />
          <RadioGroup className="field" value={description.format} onChange={(format) => correct({ format: format === 'csv' ? 'csv' : 'xlsx' })}>
            <Label>{t('ai_export_format')}</Label>
            <Radio value="xlsx">{t('ai_export_format_xlsx')}</Radio>
            <Radio value="csv" isDisabled={csvFiles > AI_FILES_MAX}>{t('ai_export_format_csv')}</Radio>
            {csvFiles > AI_FILES_MAX && <Text slot="description">{t('ai_export_csv_too_many', { max: AI_FILES_MAX })}</Text>}
          </RadioGroup>
        </div>
      </div>
      <div className="export-controls">
        <Button className="button primary" isDisabled={downloading} onPress={() => dispatch({ type: 'aiExport/download' })}>
          {t('ai_export_download')}
        </Button>
        <p className="export-status" role="status">
          {downloading
            ? t('export_working')
            : download?.kind === 'done'
              ? t('ai_export_done', { files: download.fileNames.join(', ') })
              : download?.kind === 'failed'
                ? t('export_failed', { reason: t(download.message, { defaultValue: download.message }) })
                : ''}
        </p>
      </div>
    </section>
  );
};

/**
 * The AI export (issue 17): a request in plain words, what was understood (pages, cards,
 * filters, date range, format) to check and correct, then the files from the dashboard export.
 */
export const AiExportCard = () => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const state = useSelector(selectAiExport);
  const [prompt, setPrompt] = useState(state.prompt);
  const headingId = useId();
  const check = useFormCheck();
  return (
    <section className="card ai-export stack" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('ai_export_title')}</h2>
      <p>{t('ai_export_intro')}</p>
      <Form
        {...check.formProps}
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          dispatch({ type: 'aiExport/ask', prompt });
        }}
      >
        <TextField className="field" name="prompt" value={prompt} onChange={setPrompt}>
          <Label>{t('ai_export_prompt')}</Label>
          <TextArea rows={3} maxLength={AI_PROMPT_MAX * 4} />
          <Text slot="description">{t('ai_export_example')}</Text>
        </TextField>
        <div className="dialog-actions">
          <Button type="submit" className="button primary" isDisabled={state.status === 'asking'}>{t('ai_export_ask')}</Button>
        </div>
      </Form>
      <div role="status" className="ai-export-status">
        {state.status === 'asking' ? t('ai_export_asking') : state.status === 'refused' && state.refusal ? (
          <p className="form-error" data-testid="ai-refusal">{t(`ai_refused.${state.refusal.reason}`, { max: AI_PROMPT_MAX })}</p>
        ) : state.status === 'failed' ? (
          <p className="form-error">{t('ai_export_failed', { reason: t(state.failure ?? 'unknown_error', { defaultValue: state.failure ?? '' }) })}</p>
        ) : null}
      </div>
      {state.status === 'understood' && <Understanding />}
    </section>
  );
};
