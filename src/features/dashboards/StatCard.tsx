import { SectionFallback } from './SectionFallback';
import { useId, useMemo, type ReactNode } from 'react';
import { useTranslation } from '../../hooks/translation';
import { Button } from 'react-aria-components';
import { isSuppressed, type Distribution } from '../../../domain/contracts/stats';
import type { Count, Headline } from '../../../domain/contracts/statistics';
import { type StatisticsSectionName, statisticsSections } from '../../../domain/resources/sections/statistics';
import type { SectionData } from '../../../domain/resources/sections';
import { useDispatch } from '../../hooks/runtime';
import { useSection } from '../../hooks/resources';
import { Bar } from '../charts/Bar';
import { Donut } from '../charts/Donut';
import { useNumbers } from '../charts/useNumbers';
import { localiseLabels, useChartLabels } from '../charts/localNames';

/**
 * One dashboard card: its own data section, so it shows its own state (SPEC section 4):
 * loading, the chart, the withheld message on status 204, or the error. Refresh, view-as and
 * the active filters reload it (useSection).
 */
export const StatCard = <K extends StatisticsSectionName>({
  name, title, page, wide = false, shared = false, exportable = true, children,
}: {
  name: K;
  title: string;
  page: string;
  wide?: boolean;
  /** Another card of the page loads the same section: this one shows it without asking again. */
  shared?: boolean;
  /** The card has a CSV of its own (a figure table); false for cards that are not tables. */
  exportable?: boolean;
  children: (data: SectionData<K>, title: string) => ReactNode;
}) => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const section = useSection(name, {}, page, !shared);
  const { names, facts, fixed } = useChartLabels();
  const data = useMemo(() => (section.data === null ? null : localiseLabels(section.data, names, facts, fixed)), [section.data, names, facts, fixed]);
  const headingId = useId();
  const busy = section.status === 'pending' || section.status === 'idle';
  const cardKey = statisticsSections[name].endpoint.path.replace(/^\/+/, '');
  return (
    <section className={`card stat-card${wide ? ' wide' : ''}`} aria-labelledby={headingId} aria-busy={busy} data-section={name} data-status={section.status}>
      <h2 id={headingId}>{title}</h2>
      {section.status === 'loaded' && data !== null ? (
        <>
          {children(data, title)}
          {!shared && exportable && (
            <Button
              className="button ghost small card-export"
              aria-label={t('export_card_csv_label', { title })}
              onPress={() => dispatch({ type: 'dashboard/export', page, format: 'csv', card: cardKey })}
            >
              {t('export_card_csv')}
            </Button>
          )}
        </>
      ) : (
        <SectionFallback section={section} retry={() => dispatch({ type: 'resource/load', name, args: {} })} />
      )}
    </section>
  );
};

/** A single released number. */
export const CountFigure = ({ data }: { data: Count }) => <p className="stat-figure">{useNumbers().count(data.count)}</p>;

/** Named figures in one row (overview rows). */
export const HeadlineFigures = ({ data }: { data: Headline }) => {
  const { t } = useTranslation();
  const n = useNumbers();
  return (
    <dl className="stat-headline">
      {data.items.map((item) => (
        <div key={item.key}>
          <dt>{t(`stat_headline.${item.key}`, { defaultValue: item.key })}</dt>
          <dd className="stat-figure">{n.count(item.value)}</dd>
        </div>
      ))}
    </dl>
  );
};

/** A ring for one single-choice question; bars when people may pick several values. */
export const DistributionChart = ({ title, data, genders = false }: { title: string; data: Distribution; genders?: boolean }) => {
  // Only values with a shown count are drawn: never a 0.0% bar for a value nobody is shown in.
  const shown = { ...data, cells: data.cells.filter((cell) => isSuppressed(cell) || cell.count > 0) };
  return shown.multiple || shown.cells.length > 8 ? <Bar title={title} data={shown} genders={genders} /> : <Donut title={title} data={shown} genders={genders} />;
};
