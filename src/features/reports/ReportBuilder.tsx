import { useId, useState } from 'react';
import { useTranslation } from '../../hooks/translation';
import { Button, Checkbox, CheckboxGroup, Input, Label, TextField } from 'react-aria-components';
import { EXPORT_CARDS, EXPORT_PAGES, type ExportCard, type ExportPage } from '../../../domain/contracts/exports';
import { REPORT_NAME_MAX } from '../../../domain/contracts/reports';
import { REPORT_TITLE_MAX, type ReportPageChoice } from '../../../domain/contracts/reports';
import { reportChart } from '../../../domain/reports/charts';
import { type StatisticsSectionName, statisticsSections } from '../../../domain/resources/sections/statistics';
import type { AppState } from '../../../domain/app/state';
import type { ExportFilters } from '../../../domain/contracts/exports';
import { normaliseFilters } from '../../../domain/filters/model';
import { useDispatch, useSelector } from '../../hooks/runtime';
import { useAction, useSection } from '../../hooks/resources';
import { FormAlert, FormDone } from '../forms/formParts';
import { SavedReportsList } from './SavedReports';
import { ReportChartPreview } from './ReportChartPreview';
import { localiseLabels, useChartLabels } from '../charts/localNames';

const selectActiveFilters = (s: AppState) => s.filters.active;

/** The statistics section that loads a card on its dashboard page, found by its endpoint. */
const sectionOfCard = (card: ExportCard): StatisticsSectionName | undefined =>
  (Object.entries(statisticsSections) as [StatisticsSectionName, { endpoint: unknown }][]).find(([, entry]) => entry.endpoint === card.endpoint)?.[0];

/** A chosen card's released figures drawn as the PDF draws them: the same model (domain/reports/charts.ts). */
const PreviewFigures = ({ name, card, title }: { name: StatisticsSectionName; card: ExportCard; title: string }) => {
  const { t } = useTranslation();
  const section = useSection(name, {}, 'reports');
  const { names, facts, fixed } = useChartLabels();
  if (section.status === 'empty') return <ReportChartPreview chart={{ cardKey: card.key, title, model: null, withheld: section.message ?? t('section_empty') }} />;
  if (section.data === null) return <p className="muted">{t('loading')}</p>;
  const data = localiseLabels(section.data, names, facts, fixed);
  const chart = reportChart(card.key, title, { status: 200, data }, {
    other: (count) => t('chart_other', { count }),
    headline: (key) => t(`stat_headline.${key}`, { defaultValue: key }),
  });
  return <ReportChartPreview chart={chart} />;
};

const PreviewCard = ({ card }: { card: ExportCard }) => {
  const { t } = useTranslation();
  const name = sectionOfCard(card);
  const title = t(card.title);
  return (
    <li className="report-preview-card" data-card={card.key}>
      <h4>{title}</h4>
      {name === undefined ? null : <PreviewFigures name={name} card={card} title={title} />}
    </li>
  );
};

/**
 * The report builder (issue 16): a title, the pages and cards, the dashboard's current filters
 * and date range; a preview of the chosen cards' released figures; the PDF made on the server.
 */
export const ReportBuilder = () => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const headingId = useId();
  const [title, setTitle] = useState(() => t('report_title_default'));
  const [chosen, setChosen] = useState<Partial<Record<ExportPage, string[]>>>({});
  const pages: ReportPageChoice[] = EXPORT_PAGES.flatMap((page) => {
    const cards = chosen[page] ?? [];
    return cards.length === 0 ? [] : [{ page, cards }];
  });
  const ready = pages.length > 0 && title.trim() !== '';
  const active = useSelector(selectActiveFilters);
  const save = useAction('saveReport');
  return (
    <section className="card report-builder stack" aria-labelledby={headingId} data-testid="report-builder">
      <h2 id={headingId}>{t('report_builder_title')}</h2>
      <p>{t('report_builder_intro')}</p>
      <TextField className="field" name="report-title" value={title} onChange={setTitle} maxLength={REPORT_TITLE_MAX} isRequired>
        <Label>{t('report_title_label')}</Label>
        <Input />
      </TextField>
      <h3>{t('report_choose')}</h3>
      <div className="report-pages">
        {EXPORT_PAGES.map((page) => {
          const cards = EXPORT_CARDS[page];
          return (
            <CheckboxGroup
              key={page}
              className="field report-page"
              value={chosen[page] ?? []}
              onChange={(keys) => setChosen({ ...chosen, [page]: cards.map((card) => card.key).filter((key) => keys.includes(key)) })}
            >
              <Label>{t(page)}</Label>
              <div className="choice-grid">
                {cards.map((card) => (
                  <Checkbox key={card.key} value={card.key}>{t(card.title)}</Checkbox>
                ))}
              </div>
            </CheckboxGroup>
          );
        })}
      </div>
      <h3>{t('report_preview')}</h3>
      {pages.length === 0 ? (
        <p className="muted">{t('report_preview_empty')}</p>
      ) : (
        <ul className="report-preview" data-testid="report-preview">
          {pages.flatMap(({ page, cards }) =>
            EXPORT_CARDS[page].filter((card) => cards.includes(card.key)).map((card) => <PreviewCard key={card.key} card={card} />),
          )}
        </ul>
      )}
      <div className="dialog-actions">
        <Button className="button primary" isDisabled={!ready} onPress={() => dispatch({ type: 'report/download', title, pages })}>
          {t('report_download')}
        </Button>
        <Button
          className="button secondary"
          isDisabled={!ready}
          onPress={() => save.submit({ name: [...title.trim()].slice(0, REPORT_NAME_MAX).join(''), definition: { title, pages, filter: normaliseFilters(active) as ExportFilters } })}
        >
          {t('report_save')}
        </Button>
      </div>
      <FormAlert status={save.state} />
      <FormDone status={save.state} text={t('report_saved')} />
      <SavedReportsList />
    </section>
  );
};
