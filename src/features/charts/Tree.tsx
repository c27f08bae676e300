import { useTranslation } from '../../hooks/translation';
import type { StatTree } from '../../../domain/contracts/stats';
import { along, atMostText, edgeColourFor, fitLabel, hiddenNote, lettersIn, treeChart } from '../../../domain/charts';
import { productLanguage } from '../../../domain/i18n/languages';
import { AXIS_HEIGHT, AxisMarks } from './Axis';
import { BAR_HEIGHT, LINE } from './Bar';
import { ChartFrame, NARROW_CHART } from './ChartFrame';
import { ChartTable } from './ChartTable';
import type { CutLabel } from './format';
import { useNumbers } from './useNumbers';
import { summarize } from './summary';

const INDENT = 14;
const GAP = 8;
const VALUE_W = 58;

/**
 * A hierarchy (continent → region → country, worldview → branch) from the shared chart
 * definition: its largest top levels, each followed by its largest children, indented and in
 * the parent's colour, on one value axis; a child is never drawn longer than its parent. Hidden
 * nodes are not drawn, only counted once; the table lists every node at every level.
 */
export const Tree = ({ title, data, top, children }: { title: string; data: StatTree; top?: number; children?: number }) => {
  const { t, language } = useTranslation();
  const n = useNumbers();
  const rtl = productLanguage(language).dir === 'rtl';
  const model = treeChart(data, { ...(top === undefined ? {} : { top }), ...(children === undefined ? {} : { children }) });
  const draw = (width: number) => {
    const across = (x: number, w = 0) => (rtl ? width - x - w : x);
    const narrow = width < NARROW_CHART;
    const labelW = narrow ? width : Math.min(240, Math.max(120, Math.round(width * 0.36)));
    const from = narrow ? INDENT + 2 : labelW;
    const plot = width - from - VALUE_W;
    const cut: CutLabel[] = [];
    let y = 4;
    const rows = model.items.map((item) => {
      const indent = item.depth * INDENT;
      const label = fitLabel(item.label, lettersIn(labelW - 8 - indent), 2);
      if (label.cut) cut.push({ shown: label.lines.join(' '), full: item.label });
      const labelHeight = label.lines.length * LINE;
      const rowTop = y;
      const barTop = narrow ? rowTop + labelHeight + 2 : rowTop + Math.max(0, (labelHeight - BAR_HEIGHT) / 2);
      const rowHeight = narrow ? labelHeight + 2 + BAR_HEIGHT : Math.max(labelHeight, BAR_HEIGHT);
      y += rowHeight + GAP;
      return { item, label, indent, rowTop, barTop, rowHeight };
    });
    const bottom = Math.max(y - GAP + 4, 8);
    const body = (
      <>
        <AxisMarks axis={model.axis} from={from} plot={plot} top={0} bottom={bottom} rtl={rtl} width={width} />
        {rows.map(({ item, label, indent, rowTop, barTop, rowHeight }) => {
          const w = Math.max(1, along(model.axis, item.bar) * plot);
          const labelX = narrow ? across(indent) : across(indent + 2);
          const labelY = narrow ? rowTop + LINE / 2 : rowTop + (rowHeight - label.lines.length * LINE) / 2 + LINE / 2;
          return (
            <g key={`${item.parent ?? ''}/${item.key}`} className="tree-node" data-key={item.key} data-depth={item.depth}>
              <title>{`${item.label}: ${n.count(item.count)} (${atMostText(n.percent(item.percent), item.atMost)})`}</title>
              <text x={labelX} y={labelY} textAnchor={rtl ? 'end' : 'start'} className="chart-label" fontWeight={item.depth === 0 ? 600 : 400}>
                {label.lines.map((line, i) => (
                  <tspan key={i} x={labelX} dy={i === 0 ? 0 : LINE} dominantBaseline="middle">{line}</tspan>
                ))}
              </text>
              <rect x={across(from, w)} y={barTop} width={w} height={BAR_HEIGHT} fill={item.colour} fillOpacity={item.depth === 0 ? 1 : 0.6} stroke={edgeColourFor(item.colour) ?? item.colour} />
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
      summary={summarize(data.nodes, t, n)}
      table={<ChartTable caption={title} tree={data.nodes} total={data.total} />}
      draw={draw}
      notes={[hiddenNote(model.hidden, t), model.more > 0 ? t('chart_more_in_table', { count: model.more }) : '']}
    />
  );
};
