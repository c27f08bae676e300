import { useTranslation } from '../../hooks/translation';
import type { Distribution } from '../../../domain/contracts/stats';
import { along, atMostText, distributionChart, edgeColourFor, fitLabel, hiddenNote, lettersIn } from '../../../domain/charts';
import { productLanguage } from '../../../domain/i18n/languages';
import { AXIS_HEIGHT, AxisMarks } from './Axis';
import { ChartFrame, NARROW_CHART } from './ChartFrame';
import { ChartTable } from './ChartTable';
import { fallbackLang } from './localNames';
import { useNumbers } from './useNumbers';
import { summarize } from './summary';
import type { CutLabel } from './format';

/** Line height of a label, and a bar's thickness, in pixels (12 px type). */
export const LINE = 15;
export const BAR_HEIGHT = 14;
const VALUE_W = 58;
const GAP = 10;

/**
 * Horizontal bars drawn from the shared chart definition (domain/charts): one per released
 * value, largest first (or in the answers' order), against a value axis. A hidden value has no
 * bar: the chart says once how many are hidden. Wide, names stand left of the bars and wrap onto
 * two lines before they are cut; narrow (a phone), each name stands above its bar on the full
 * width. A cut name is whole on hover, on focus and in the table.
 */
export const Bar = ({ title, data, genders = false, max, order = 'size' }: {
  title: string; data: Distribution; genders?: boolean; max?: number; order?: 'size' | 'given';
}) => {
  const { t, language } = useTranslation();
  const n = useNumbers();
  // Right to left, the picture mirrors: names on the right, bars growing to the left.
  const rtl = productLanguage(language).dir === 'rtl';
  const model = distributionChart(data, { genders, order, ...(max === undefined ? {} : { top: max }), otherLabel: (count) => t('chart_other', { count }) });
  const draw = (width: number) => {
    const cut: CutLabel[] = [];
    const across = (x: number, w = 0) => (rtl ? width - x - w : x);
    const narrow = width < NARROW_CHART;
    const labelW = narrow ? width : Math.min(220, Math.max(110, Math.round(width * 0.34)));
    const from = narrow ? 2 : labelW;
    const plot = width - from - VALUE_W;
    const room = lettersIn(labelW - 8);
    let y = 4;
    const rows = model.items.map((item) => {
      const label = fitLabel(item.label, room, 2);
      if (label.cut && !cut.some((c) => c.full === item.label)) cut.push({ shown: label.lines.join(' '), full: item.label });
      const labelHeight = label.lines.length * LINE;
      const top = y;
      const barTop = narrow ? top + labelHeight + 2 : top + Math.max(0, (labelHeight - BAR_HEIGHT) / 2);
      const rowHeight = narrow ? labelHeight + 2 + BAR_HEIGHT : Math.max(labelHeight, BAR_HEIGHT);
      y += rowHeight + GAP;
      return { item, label, top, barTop, rowHeight };
    });
    const bottom = Math.max(y - GAP + 4, 8);
    const body = (
      <>
        <AxisMarks axis={model.axis} from={from} plot={plot} top={0} bottom={bottom} rtl={rtl} width={width} />
        {rows.map(({ item, label, top, barTop, rowHeight }) => {
          const w = Math.max(1, along(model.axis, item.bar) * plot);
          const labelY = narrow ? top + LINE / 2 : top + (rowHeight - label.lines.length * LINE) / 2 + LINE / 2;
          return (
            <g key={item.key} className="bar" data-key={item.key}>
              <title>{`${item.label}: ${n.count(item.count)} (${atMostText(n.percent(item.percent), item.atMost)})`}</title>
              <text
                x={narrow ? across(from) : across(labelW - 8)} y={labelY}
                textAnchor={narrow ? (rtl ? 'end' : 'start') : rtl ? 'start' : 'end'}
                className="chart-label" lang={fallbackLang(item)}
              >
                {label.lines.map((line, i) => (
                  <tspan key={i} x={narrow ? across(from) : across(labelW - 8)} dy={i === 0 ? 0 : LINE} dominantBaseline="middle">{line}</tspan>
                ))}
              </text>
              <rect x={across(from, w)} y={barTop} width={w} height={BAR_HEIGHT} fill={item.colour} stroke={edgeColourFor(item.colour)} />
              <text x={across(from + w + 4)} y={barTop + BAR_HEIGHT / 2} textAnchor={rtl ? 'end' : 'start'} dominantBaseline="middle" className="chart-value">
                {atMostText(n.percent(item.percent), item.atMost)}
              </text>
            </g>
          );
        })}
      </>
    );
    return { height: bottom + AXIS_HEIGHT, body, cut };
  };
  return (
    <ChartFrame
      title={title}
      summary={summarize(data.cells, t, n)}
      table={<ChartTable caption={title} cells={data.cells} total={data.total} />}
      draw={draw}
      notes={[hiddenNote(model.hidden, t), model.more > 0 ? t('chart_more_in_table', { count: model.more }) : '']}
    />
  );
};
