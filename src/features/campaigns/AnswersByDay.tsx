import { scaleBand, scaleLinear } from 'd3-scale';
import type { CampaignParticipation } from '../../../domain/contracts/campaigns';
import { productLanguage } from '../../../domain/i18n/languages';
import { useTranslation } from '../../hooks/translation';
import { ChartFrame } from '../charts/ChartFrame';
import { HATCH_ID } from '../charts/palette';
import { dayLabel } from './times';

const PLOT_HEIGHT = 160;
const LABEL_ROOM = 36;
const VALUE_ROOM = 16;
const TICK_ROOM = 34;
/** A hidden day is drawn as a short hatched column: it is there, its size is not told. */
const HIDDEN_HEIGHT = 12;
const MAX_BAR = 48;

type Day = CampaignParticipation['by_day'][number];

/**
 * Answers by day as columns (d3 scales, drawn at the card's width), with the same figures as a
 * table behind the chart's toggle. A hidden day is hatched and counted once under the chart.
 * Right to left, the days run from the right.
 */
export const AnswersByDay = ({ days, threshold }: { days: readonly Day[]; threshold: number }) => {
  const { t, language } = useTranslation();
  const { lang, dir } = productLanguage(language);
  const rtl = dir === 'rtl';
  const title = t('campaign_by_day_title');
  const shown = days.filter((day): day is Day & { answered: number } => day.answered !== null);
  const hidden = days.length - shown.length;
  const busiest = shown.reduce<(Day & { answered: number }) | null>((best, day) => (best === null || day.answered > best.answered ? day : best), null);
  const summary = busiest === null ? t('campaign_by_day_none') : t('campaign_by_day_summary', { day: dayLabel(busiest.day, lang), answered: busiest.answered });
  const number = new Intl.NumberFormat(lang);

  const draw = (width: number) => {
    const x = scaleBand<string>().domain(days.map((day) => day.day)).range(rtl ? [width - TICK_ROOM, 4] : [TICK_ROOM, width - 4]).padding(0.2);
    const top = Math.max(1, busiest?.answered ?? 1);
    const y = scaleLinear().domain([0, top]).nice().range([PLOT_HEIGHT + VALUE_ROOM, VALUE_ROOM]);
    const ticks = y.ticks(4);
    // Day labels every so often, so that they never overlap.
    const every = Math.max(1, Math.ceil(days.length / Math.max(1, Math.floor(width / 72))));
    const axisX = rtl ? width - TICK_ROOM + 4 : TICK_ROOM - 4;
    const body = (
      <>
        {ticks.map((tick) => (
          <g key={tick} className="axis-tick">
            <line x1={rtl ? 4 : TICK_ROOM} x2={rtl ? width - TICK_ROOM : width - 4} y1={y(tick)} y2={y(tick)} stroke="#d6d6de" />
            <text x={axisX} y={y(tick)} textAnchor={rtl ? 'start' : 'end'} dominantBaseline="middle" className="chart-value" direction="ltr">
              {number.format(tick)}
            </text>
          </g>
        ))}
        {days.map((day, index) => {
          // A column is at most MAX_BAR wide, in the middle of its day: a single day is not one wide slab.
          const bar = Math.min(x.bandwidth(), MAX_BAR);
          const left = (x(day.day) ?? 0) + (x.bandwidth() - bar) / 2;
          const label = dayLabel(day.day, lang);
          const base = y(0);
          const height = day.answered === null ? HIDDEN_HEIGHT : Math.max(day.answered > 0 ? 1 : 0, base - y(day.answered));
          return (
            <g key={day.day} className="bar" data-day={day.day}>
              <title>{`${label}: ${day.answered === null ? t('campaign_hidden') : number.format(day.answered)}`}</title>
              <rect
                x={left} y={base - height} width={bar} height={height}
                fill={day.answered === null ? `url(#${HATCH_ID})` : '#3d5a98'}
                stroke={day.answered === null ? '#6b6b6b' : 'none'}
              />
              {index % every === 0 && (
                <text x={left + bar / 2} y={base + 16} textAnchor="middle" className="chart-label">{label}</text>
              )}
            </g>
          );
        })}
      </>
    );
    return { height: PLOT_HEIGHT + VALUE_ROOM + LABEL_ROOM, body };
  };

  const table = (
    <table className="data-table">
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">{t('campaign_day')}</th>
          <th scope="col">{t('campaign_answered')}</th>
        </tr>
      </thead>
      <tbody>
        {days.map((day) => (
          <tr key={day.day}>
            <th scope="row">{dayLabel(day.day, lang)}</th>
            <td>{day.answered === null ? t('campaign_hidden') : number.format(day.answered)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );

  if (days.length === 0) return <p className="muted">{t('campaign_by_day_none')}</p>;
  return (
    <ChartFrame
      title={title}
      summary={summary}
      table={table}
      draw={draw}
      notes={[hidden > 0 ? t('campaign_by_day_hidden', { count: hidden, k: threshold }) : '']}
    />
  );
};
