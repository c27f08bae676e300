import { hierarchy, type HierarchyNode } from 'd3-hierarchy';
import { scaleLinear } from 'd3-scale';
import { useTranslation } from '../../hooks/translation';
import { isSuppressed, type StatTree, type TreeCell } from '../../../domain/contracts/stats';
import { productLanguage } from '../../../domain/i18n/languages';
import { ChartFrame } from './ChartFrame';
import { ChartTable } from './ChartTable';
import { cutLabels, distinctLabels, labelRoom } from './format';
import { useNumbers } from './useNumbers';
import { HATCH_ID, paletteColour } from './palette';
import { summarize } from './summary';

const ROW = 24;
const INDENT = 16;
const LABEL_W = 150;
const WIDTH = 500;
/** Past this many rows the picture stops helping; the table still lists every node. */
export const TREE_MAX_ROWS = 40;

export interface TreeRow {
  readonly node: TreeCell;
  readonly depth: number;
  /** The top-level branch the node belongs to, which gives its colour. */
  readonly branch: number;
  readonly parentRow: number | null;
}

const shareOf = (node: TreeCell) => (isSuppressed(node) ? -1 : node.percent);

/** The forest under one unnamed root, so d3-hierarchy sees a single tree. */
type Datum = TreeCell | { readonly root: true; readonly children: readonly TreeCell[] };

const toHierarchy = (nodes: readonly TreeCell[]): HierarchyNode<Datum> =>
  hierarchy<Datum>({ root: true, children: nodes }, (d) => d.children);

const cellOf = (d: Datum): TreeCell | null => ('root' in d ? null : d);

/**
 * Depth-first rows of a tree (country → region, worldview → branch → denomination): d3's
 * pre-order walk of the hierarchy, the root left out. Every hidden node keeps its row and no
 * node is sized by its count (an icicle or a treemap would have to size the hidden ones).
 */
export const treeRows = (nodes: readonly TreeCell[]): TreeRow[] => {
  const rows: TreeRow[] = [];
  const rowOf = new Map<HierarchyNode<Datum>, number>();
  const root = toHierarchy(nodes);
  const branches = root.children ?? [];
  root.eachBefore((h) => {
    const node = cellOf(h.data);
    if (!node || !h.parent) return;
    const top = h.ancestors().find((a) => a.depth === 1) ?? h;
    rowOf.set(h, rows.length);
    rows.push({ node, depth: h.depth - 1, branch: branches.indexOf(top), parentRow: rowOf.get(h.parent) ?? null });
  });
  return rows;
};

/** Largest first at every level, hidden nodes last, so the capped picture keeps the big branches. */
export const sortTree = (nodes: readonly TreeCell[]): TreeCell[] => {
  const share = (h: HierarchyNode<Datum>) => {
    const cell = cellOf(h.data);
    return cell ? shareOf(cell) : 0;
  };
  const root = toHierarchy(nodes).sort((a, b) => share(b) - share(a));
  const rebuild = (h: HierarchyNode<Datum>): TreeCell[] => {
    const cell = cellOf(h.data);
    return cell ? [{ ...cell, children: (h.children ?? []).flatMap(rebuild) }] : [];
  };
  return (root.children ?? []).flatMap(rebuild);
};

/**
 * An indented tree: each node a bar of its share of the selection under its parent, joined to
 * the parent by an elbow line. Every node of one top-level branch shares its colour.
 */
export const Tree = ({ title, data }: { title: string; data: StatTree }) => {
  const { t, language } = useTranslation();
  const n = useNumbers();
  // Right to left, the picture mirrors: indented from the right, bars growing to the left.
  const rtl = productLanguage(language).dir === 'rtl';
  const across = (x: number, w = 0) => (rtl ? WIDTH - x - w : x);
  const all = treeRows(sortTree(data.nodes));
  const rows = all.slice(0, TREE_MAX_ROWS);
  const short = distinctLabels(rows.map((r) => r.node.label), labelRoom(LABEL_W));
  const maxDepth = Math.max(0, ...rows.map((r) => r.depth));
  const barX = LABEL_W + maxDepth * INDENT + 8;
  const plot = WIDTH - barX - 60;
  const max = Math.max(1, ...rows.map((r) => (isSuppressed(r.node) ? 0 : r.node.percent)));
  const length = scaleLinear().domain([0, max]).range([0, plot]);
  const height = rows.length * ROW + 8 + (all.length > rows.length ? ROW : 0);
  return (
    <ChartFrame title={title} summary={summarize(data.nodes, t, n)} width={WIDTH} height={height} table={<ChartTable caption={title} tree={data.nodes} />} cut={cutLabels(rows.map((r) => r.node.label), short)}>
      {rows.map((r, i) => {
        const y = 4 + i * ROW;
        const x = r.depth * INDENT;
        const hidden = isSuppressed(r.node);
        const w = hidden ? 24 : Math.max(1, length(r.node.percent));
        const parentY = r.parentRow === null ? null : 4 + r.parentRow * ROW + ROW / 2;
        return (
          <g key={`${r.node.key}-${i}`} className="tree-node" data-key={r.node.key} data-depth={r.depth} data-hidden={hidden || undefined}>
            <title>{`${r.node.label}: ${hidden ? t('chart_hidden', { k: r.node.threshold }) : `${n.count(r.node.count)} (${n.percent(r.node.percent)})`}`}</title>
            {parentY !== null && (
              <path d={`M${across(x - INDENT + 4)},${parentY + 6}V${y + ROW / 2}H${across(x)}`} fill="none" stroke="#9a9a9a" />
            )}
            <text x={across(x + 2)} y={y + ROW / 2} textAnchor={rtl ? 'end' : 'start'} dominantBaseline="middle" className="chart-label" fontWeight={r.depth === 0 ? 600 : 400}>
              {short[i]}
            </text>
            <rect x={across(barX, w)} y={y + 5} width={w} height={ROW - 10}
              fill={hidden ? `url(#${HATCH_ID})` : paletteColour(r.branch)} opacity={hidden ? 1 : 1 - r.depth * 0.2}
              stroke={hidden ? '#6b6b6b' : undefined} />
            <text x={across(barX + w + 4)} y={y + ROW / 2} textAnchor={rtl ? 'end' : 'start'} dominantBaseline="middle" className="chart-value">
              {hidden ? t('chart_hidden_short') : n.percent(r.node.percent)}
            </text>
          </g>
        );
      })}
      {all.length > rows.length && (
        <text x={across(0)} y={rows.length * ROW + 20} textAnchor={rtl ? 'end' : 'start'} className="chart-note">{t('chart_more_in_table', { count: all.length - rows.length })}</text>
      )}
    </ChartFrame>
  );
};
