import { SectionResult } from './SectionFallback';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../hooks/translation';
import { Button, Form } from 'react-aria-components';
import { type Choice, ChoiceSelect, choicesOfTree } from '../../components/ChoiceSelect';
import { COMPARE_MAX, COMPARE_MIN, type CompareData, type CompareSelection, type ComparedSelection, WHOLE_ORGANIZATION, compareArgs } from '../../../domain/contracts/compare';
import { PILLARS, type ReleasedCell } from '../../../domain/contracts/stats';
import type { ResourceArgs } from '../../../domain/resources/commands';
import { MAX_ADJUSTMENT } from '../../../domain/stats/cellkey';
import { useSection } from '../../hooks/resources';
import { type LocalNames, fallbackLang, namesNeeded, useChartLabels, useLocalisedLabels } from '../charts/localNames';
import { useDispatch, useSelector } from '../../hooks/runtime';
import type { AppState } from '../../../domain/app/state';
import { GroupedBar, type Series } from '../charts/GroupedBar';
import { useNumbers } from '../charts/useNumbers';
import { ExportStatus, PageToolbar } from './PageToolbar';
import { DateRangeField } from './DateRangeField';
import { useFormCheck } from '../forms/formParts';
import { defaultCompareGroups } from '../../../domain/dashboard/defaults';

const ALL_DATES = '';

/** The groups and their sub-groups as one indented list of choices. */
type Released = Extract<ComparedSelection, { status: 200 }>;
const isReleased = (column: ComparedSelection): column is Released => column.status === 200;

/**
 * The page loads no heritage names (8,000 items; they fall back to English), so in another
 * language a heritage the names do not cover is the server's English one: marked to be said in English.
 */
export const markEnglishHeritages = (data: CompareData, names: LocalNames | null): CompareData => ({
  ...data,
  selections: data.selections.map((column) =>
    isReleased(column)
      ? { ...column, tops: { ...column.tops, heritage: column.tops.heritage.map((cell) => (names?.has(cell.key) ? cell : ({ ...cell, untranslated: true } as ReleasedCell))) } }
      : column,
  ),
});

const DEMOGRAPHICS = ['gender', 'ageBand', 'generation', 'positionLevel', 'disability'] as const;

/** One row of the form: a group (or the whole organisation) and a date range. */
const SelectionRow = ({
  index, selection, groups, ranges, canRemove, onChange, onRemove,
}: {
  index: number;
  selection: CompareSelection;
  groups: readonly Choice[];
  ranges: { id: string; label: string }[];
  canRemove: boolean;
  onChange: (next: CompareSelection) => void;
  onRemove: () => void;
}) => {
  const { t } = useTranslation();
  const tag = selection['date-tag'] ?? ALL_DATES;
  return (
    <fieldset className="compare-selection" data-index={index}>
      <legend>{t('compare_selection', { n: index + 1 })}</legend>
      <ChoiceSelect look="toolbar" label={t('compare_group')} name={`group-${index}`} value={selection.group} items={groups} onChange={(group) => onChange({ ...selection, group })} />
      {ranges.length > 0 && (
        <DateRangeField
          name={`date-range-${index}`}
          ranges={ranges}
          tag={tag === ALL_DATES ? null : tag}
          onChange={(next) => {
            const { 'date-tag': _old, ...rest } = selection;
            onChange(next === null ? rest : { ...rest, 'date-tag': next });
          }}
        />
      )}
      {canRemove && (
        <Button className="button ghost small" onPress={onRemove}>
          {t('compare_remove', { n: index + 1 })}
        </Button>
      )}
    </fieldset>
  );
};

const TopValues = ({ cells }: { cells: readonly ReleasedCell[] }) => {
  const { t } = useTranslation();
  if (cells.length === 0) return <span className="muted">{t('compare_not_listed')}</span>;
  return (
    <ol className="compare-top">
      {cells.map((cell) => (
        <li key={cell.key}>
          <span lang={fallbackLang(cell)}>{cell.label}</span> <span className="muted">({cell.count})</span>
        </li>
      ))}
    </ol>
  );
};

const index3 = (value: number) => value.toFixed(2);

/** The side-by-side table: respondents, the diversity index, its pillars and their top values. */
const CompareTable = ({ data }: { data: CompareData }) => {
  const { t } = useTranslation();
  const numbers = useNumbers();
  const columns = data.selections;
  const cell = (column: ComparedSelection, show: (released: Released) => React.ReactNode) => (isReleased(column) ? show(column) : <span className="muted">{t('compare_withheld_short')}</span>);
  const pillarOf = (column: Released, pillar: (typeof PILLARS)[number]) => column.index?.pillars.find((item) => item.pillar === pillar);
  return (
    <div className="compare-table-wrap">
      <table className="chart-table compare-table">
        <caption>{t('compare_table_caption')}</caption>
        <thead>
          <tr>
            <td />
            {columns.map((column, i) => (
              <th key={i} scope="col" data-status={column.status}>{column.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{t('compare_respondents')}</th>
            {columns.map((column, i) => (
              <td key={i} className={isReleased(column) ? 'num' : 'stat-withheld'}>
                {isReleased(column) ? numbers.count(column.respondents) : column.message}
              </td>
            ))}
          </tr>
          {(['longTermCondition', 'lgbtiq'] as const).map((key) => (
            <tr key={key}>
              <th scope="row">{t(`compare_count.${key}`)}</th>
              {columns.map((column, i) => (
                <td key={i} className="num">{cell(column, (c) => (c.demographics[key] === null ? t('compare_not_listed') : numbers.count(c.demographics[key])))}</td>
              ))}
            </tr>
          ))}
          <tr>
            <th scope="row">{t('compare_index')}</th>
            {columns.map((column, i) => (
              <td key={i} className="num">{cell(column, (c) => (c.index === null ? t('compare_not_listed') : index3(c.index.overall)))}</td>
            ))}
          </tr>
          {PILLARS.map((pillar) => (
            <tr key={pillar}>
              <th scope="row">{t(`compare_pillar.${pillar}`)}</th>
              {columns.map((column, i) => (
                <td key={i}>
                  {cell(column, (c) => {
                    const figure = pillarOf(c, pillar);
                    return (
                      <>
                        <p className="compare-pillar">
                          {figure === undefined ? t('compare_not_listed') : t('compare_pillar_figures', { index: index3(figure.giniSimpson), groups: figure.effectiveGroups.toFixed(1) })}
                        </p>
                        <TopValues cells={c.tops[pillar]} />
                      </>
                    );
                  })}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};

const selectDashboard = (state: AppState) => state.dashboard;

/** The comparison (or its key facts) as a spreadsheet made by the server from the same released figures. */
const CompareDownloads = ({ page, selections }: { page: string; selections: readonly CompareSelection[] }) => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const busy = useSelector(selectDashboard).exporting !== undefined;
  const download = (kind: 'excel' | 'key-facts') => dispatch({ type: 'dashboard/exportCompare', page, kind, selections: [...selections] });
  return (
    <div className="export-controls compare-downloads">
      <Button className="button secondary" isDisabled={busy} onPress={() => download('excel')}>
        {t('export_compare_download')}
      </Button>
      <Button className="button secondary" isDisabled={busy} onPress={() => download('key-facts')}>
        {t('export_compare_download_facts')}
      </Button>
      <ExportStatus />
    </div>
  );
};

const Results = ({ data, page, selections }: { data: CompareData; page: string; selections: readonly CompareSelection[] }) => {
  const { t } = useTranslation();
  const numbers = useNumbers();
  const seriesOf = (key: (typeof DEMOGRAPHICS)[number]): Series[] =>
    data.selections.map((column) => ({ label: column.label, cells: isReleased(column) ? (column.demographics[key]?.cells ?? []) : null }));
  return (
    <>
      <section className="card stat-card wide" aria-labelledby="compare-side-by-side">
        <h2 id="compare-side-by-side">{t('compare_side_by_side')}</h2>
        <CompareDownloads page={page} selections={selections} />
        <CompareTable data={data} />
        <p className="stat-note">{t('stat_adjusted', { d: MAX_ADJUSTMENT })}</p>
      </section>
      <section className="card stat-card wide" aria-labelledby="compare-facts">
        <h2 id="compare-facts">{t('compare_facts')}</h2>
        {data.facts.length === 0 ? (
          <p className="stat-withheld">{t('compare_no_facts')}</p>
        ) : (
          <ul className="compare-facts">
            {data.facts.map((fact) => (
              <li key={fact.key}>{t(`compare_fact.${fact.key}`, { label: fact.label, value: fact.key === 'highest_index' ? index3(fact.value) : numbers.count(fact.value) })}</li>
            ))}
          </ul>
        )}
      </section>
      <div className="chart-grid">
        {DEMOGRAPHICS.map((key) => {
          const title = t(`compare_demographic.${key}`);
          return (
            <section key={key} className="card stat-card" aria-label={title}>
              <h2>{title}</h2>
              <GroupedBar title={title} series={seriesOf(key)} />
            </section>
          );
        })}
      </div>
    </>
  );
};

/** Compare → Internal: 2 to 6 selections side by side (GET /compare/data). */
export const CompareInternalPage = ({ page }: { page: string }) => {
  const { t, language } = useTranslation();
  const groups = useSection('selectionGroups');
  const ranges = useSection('dateRanges');
  const sizes = useSection('orgGroups');
  // Until the administrator changes a row, the form shows the organisation against its largest groups.
  const [edited, setDraft] = useState<CompareSelection[] | null>(null);
  const draft = useMemo<CompareSelection[]>(() => {
    if (edited !== null) return edited;
    const choosable = new Set(choicesOfTree(groups.data ?? []).map((choice) => choice.id));
    return defaultCompareGroups(WHOLE_ORGANIZATION, sizes.data ?? [], choosable).map((group) => ({ group }));
  }, [edited, groups.data, sizes.data]);
  const [asked, setAsked] = useState<ResourceArgs | null>(null);
  const [askedSelections, setAskedSelections] = useState<CompareSelection[]>([]);
  const result = useSection('compareData', asked ?? {}, page, asked !== null);
  const { names } = useChartLabels();
  const labelled = useLocalisedLabels(result.data);
  const localised = useMemo(() => (labelled !== null && namesNeeded(language) ? markEnglishHeritages(labelled, names) : labelled), [labelled, names, language]);
  const resultId = useId();
  const choices = [{ id: WHOLE_ORGANIZATION, name: t('compare_whole_organisation'), depth: 0 }, ...choicesOfTree(groups.data ?? [])];
  const rangeChoices = ranges.data ?? [];
  const change = (index: number, next: CompareSelection) => setDraft(draft.map((row, i) => (i === index ? next : row)));
  const check = useFormCheck();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAsked(compareArgs(draft));
    setAskedSelections(draft);
  };
  return (
    <div className="dashboard-page">
      <PageToolbar panel="compare" />
      <Form {...check.formProps} className="card compare-form" onSubmit={submit} aria-label={t('compare_form')}>
        <p className="field-help">{t('compare_help', { min: COMPARE_MIN, max: COMPARE_MAX })}</p>
        <div className="compare-selections">
          {draft.map((selection, index) => (
            <SelectionRow
              key={index}
              index={index}
              selection={selection}
              groups={choices}
              ranges={rangeChoices}
              canRemove={draft.length > COMPARE_MIN}
              onChange={(next) => change(index, next)}
              onRemove={() => setDraft(draft.filter((_, i) => i !== index))}
            />
          ))}
        </div>
        <div className="compare-actions">
          {draft.length < COMPARE_MAX && (
            <Button className="button secondary" onPress={() => setDraft([...draft, { group: WHOLE_ORGANIZATION }])}>
              {t('compare_add')}
            </Button>
          )}
          <Button type="submit" className="button primary" aria-controls={resultId}>
            {t('compare_submit')}
          </Button>
        </div>
      </Form>
      <SectionResult id={resultId} section={result} data={localised} idle={asked === null}>
        {(data) => <Results data={data} page={page} selections={askedSelections} />}
      </SectionResult>
    </div>
  );
};
