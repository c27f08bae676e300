// @vitest-environment jsdom
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { TranslatorProvider } from '../../src/hooks/translation';
import type { CrossTable, Distribution, StatCell, StatTree, TreeCell } from '../../domain/contracts/stats';
import { createTranslator } from '../../infrastructure/i18n/translator';
import { en } from '../../domain/i18n/en';
import { Bar } from '../../src/features/charts/Bar';
import { Donut, donutPieces } from '../../src/features/charts/Donut';
import { Pyramid } from '../../src/features/charts/Pyramid';
import { StackedBar } from '../../src/features/charts/StackedBar';
import { GroupedBar } from '../../src/features/charts/GroupedBar';
import { Tree } from '../../src/features/charts/Tree';
import { MAP_RAMP, NO_FIGURE_FILL, WorldMap, mapScale, placeCells, type CountryShape } from '../../src/features/charts/WorldMap';
import { WORLD_SHAPES, shapeIdOfAlpha2 } from '../../src/features/charts/worldShapes';
import { ISO_NUMERIC } from '../../src/features/charts/isoNumeric';
import { formatPercent, numberFormats, transpose, truncate } from '../../src/features/charts/format';
import { GENDER_COLOURS, HATCH_ID, PALETTE, colourFor, genderColour } from '../../src/features/charts/palette';
import { initialAppState } from '../../domain/app/state';
import { HomePage } from '../../src/features/dashboards/HomePage';
import { OverviewPage } from '../../src/features/dashboards/OverviewPage';
import { renderApp, type RenderedApp } from '../support/renderApp';
import { staleSections } from '../../infrastructure/resources/reloads.effects';
import { appCatalogue } from '../../infrastructure/resources/catalogue';
import { buttonNamed, chooseOption, commandsOf, deliver, press } from './account/support';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let container: HTMLElement | undefined;
let app: RenderedApp | undefined;
afterEach(() => {
  if (root) act(() => root!.unmount());
  root = undefined;
  container?.remove();
  app?.unmount();
  app = undefined;
  document.body.innerHTML = '';
});

const render = async (node: ReactNode, language = 'au'): Promise<HTMLElement> => {
  container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  const i18n = createTranslator('au', en);
  if (language !== 'au') await i18n.changeLanguage(language);
  await act(async () => root!.render(<TranslatorProvider translator={i18n}>{node}</TranslatorProvider>));
  return container;
};

const HIDDEN_5 = 'hidden (fewer than 5 after adjustment)';

const countries: Distribution = {
  total: 40,
  multiple: false,
  cells: [
    { key: 'AU', label: 'Australia', count: 20, percent: 50 },
    { key: 'GB', label: 'United Kingdom of Great Britain', count: 12, percent: 30 },
    { key: 'NZ', label: 'New Zealand', suppressed: true, threshold: 5 },
    { key: 'pn', label: 'Prefer not to answer', count: 5, percent: 12.5, preferNot: true },
  ],
};

const svgOf = (el: HTMLElement) => {
  const svg = el.querySelector('svg');
  if (!svg) throw new Error('no svg');
  return svg;
};

const showTable = async (el: HTMLElement) => {
  const button = [...el.querySelectorAll('button')].find((b) => b.textContent === 'Show as table');
  if (!button) throw new Error('no Show as table button');
  await act(async () => button.click());
};

describe('format', () => {
  it('cuts labels at 10 characters with an ellipsis and keeps short ones', () => {
    expect(truncate('United Kingdom')).toBe('United Kin…');
    expect(truncate('Australia')).toBe('Australia');
    expect(truncate('0123456789')).toBe('0123456789');
  });

  it('shows percentages with one decimal', () => {
    expect(formatPercent(12)).toBe('12.0%');
    expect(formatPercent(33.333)).toBe('33.3%');
  });

  it('transposes a cross table with its margins', () => {
    const table: CrossTable = {
      total: 10,
      rows: [{ key: 'f', label: 'F' }],
      columns: [{ key: 'a', label: 'A' }, { key: 'b', label: 'B' }],
      cells: [[{ key: 'f-a', label: 'A', count: 6, percent: 60 }, { key: 'f-b', label: 'B', count: 4, percent: 40 }]],
      rowTotals: [{ key: 'f', label: 'F', count: 10, percent: 100 }],
      columnTotals: [{ key: 'a', label: 'A', count: 6, percent: 60 }, { key: 'b', label: 'B', count: 4, percent: 40 }],
    };
    const flipped = transpose(table);
    expect(flipped.rows.map((r) => r.key)).toEqual(['a', 'b']);
    expect(flipped.cells.map((row) => row.map((c) => c.key))).toEqual([['f-a'], ['f-b']]);
    expect(flipped.rowTotals).toBe(table.columnTotals);
  });
});

describe('palette', () => {
  it('uses the SPEC gender colours, read from the code or the ABS wording', () => {
    expect(genderColour({ key: 'FEMALE' })).toBe('#8E26D9');
    expect(genderColour({ key: 'p-17', label: 'Woman or female' })).toBe(GENDER_COLOURS.FEMALE);
    expect(genderColour({ key: 'p-18', label: 'Man or male' })).toBe(GENDER_COLOURS.MALE);
    expect(genderColour({ key: 'p-19', label: 'Non-binary' })).toBe(GENDER_COLOURS.OTHER);
    expect(genderColour({ key: 'p-20', label: 'Prefer not to answer', preferNot: true })).toBe(GENDER_COLOURS.PREFER_NOT);
    expect(genderColour({ key: 'unknown', label: 'No answer' })).toBe(GENDER_COLOURS.SILENT);
  });

  it('colours every gender key SPEC names, with the colour section 9 gives it', () => {
    // SPEC section 3's keys; section 9 has no colour of its own for PREFER_NOT_TO_SAY, which reads as PREFER_NOT.
    const section9: Record<string, string> = { FEMALE: '#8E26D9', MALE: '#1CA1BA', OTHER: '#AD961F', PREFER_NOT: '#D96226', PREFER_NOT_TO_SAY: '#D96226', SILENT: '#4ead1f' };
    for (const [key, colour] of Object.entries(section9)) {
      expect(genderColour({ key }).toLowerCase(), key).toBe(colour.toLowerCase());
      expect(genderColour({ key: key.toLowerCase() }).toLowerCase(), key).toBe(colour.toLowerCase());
    }
  });

  it('has ten distinct colours and wraps around them', () => {
    expect(new Set(PALETTE).size).toBe(10);
    expect(colourFor({ key: 'x' }, 12)).toBe(PALETTE[2]);
  });
});

describe('Bar', () => {
  it('is an image with a summary naming every value in full, hidden ones as hidden', async () => {
    const el = await render(<Bar title="Country of birth" data={countries} />);
    const svg = svgOf(el);
    expect(svg.getAttribute('role')).toBe('img');
    const label = svg.getAttribute('aria-label') ?? '';
    expect(label).toContain('Country of birth');
    expect(label).toContain('United Kingdom of Great Britain: 30.0%');
    expect(label).toContain(`New Zealand: ${HIDDEN_5}`);
  });

  it('wraps a long name onto a second line before cutting it, and keeps the full name on hover', async () => {
    const el = await render(<Bar title="Country of birth" data={countries} />);
    const gb = el.querySelector('g[data-key="GB"]')!;
    expect([...gb.querySelectorAll('tspan')].map((line) => line.textContent)).toEqual(['United Kingdom of Great', 'Britain']);
    expect(gb.querySelector('title')!.textContent).toContain('United Kingdom of Great Britain');
    // A name that fits is drawn whole, on one line.
    expect([...el.querySelectorAll('g[data-key="AU"] tspan')].map((line) => line.textContent)).toEqual(['Australia']);
  });

  it('takes the focus when a label is cut, and then spells out each cut label in full', async () => {
    const long = 'People with a long-term condition or disability who answered';
    const data: Distribution = { ...countries, cells: [...countries.cells, { key: 'LONG', label: long, count: 3, percent: 7.5 }] };
    const el = await render(<Bar title="Country of birth" data={data} />);
    const svg = svgOf(el);
    expect(svg.getAttribute('tabindex')).toBe('0');
    const names = el.querySelector('.chart-full-names')!;
    const pairs = [...names.querySelectorAll('div')].map((pair) => [pair.querySelector('dt')!.textContent, pair.querySelector('dd')!.textContent]);
    expect(pairs.map(([, full]) => full)).toEqual([long]);
    expect(pairs[0]![0]).toMatch(/…$/);
    // Not a second reading for a screen reader, whose summary names every value in full.
    expect(names.getAttribute('aria-hidden')).toBe('true');
    const whole = await render(<Bar title="Country of birth" data={countries} />);
    expect(svgOf(whole).hasAttribute('tabindex')).toBe(false);
    expect(whole.querySelector('.chart-full-names')).toBeNull();
  });

  it('mirrors right to left: names on the right, bars growing leftwards from them, shares beyond the bars', async () => {
    const el = await render(<Bar title="Country of birth" data={countries} />, 'ar');
    const au = el.querySelector('g[data-key="AU"]')!;
    const [label, share] = [...au.querySelectorAll('text')];
    const bar = au.querySelector('rect')!;
    const barLeft = Number(bar.getAttribute('x'));
    const barRight = barLeft + Number(bar.getAttribute('width'));
    expect(Number(label!.getAttribute('x'))).toBeGreaterThan(barRight);
    expect(label!.getAttribute('text-anchor')).toBe('start');
    expect(Number(share!.getAttribute('x'))).toBeLessThan(barLeft);
    expect(share!.getAttribute('text-anchor')).toBe('end');
    // Left to right, the other way round.
    const ltr = (await render(<Bar title="Country of birth" data={countries} />)).querySelector('g[data-key="AU"]')!;
    expect(Number(ltr.querySelector('text')!.getAttribute('x'))).toBeLessThan(Number(ltr.querySelector('rect')!.getAttribute('x')));
  });

  it('draws no bar for a hidden value, and says once how many are hidden', async () => {
    const el = await render(<Bar title="Country of birth" data={countries} />);
    expect(el.querySelector('g[data-key="NZ"]')).toBeNull();
    expect(el.querySelectorAll('[data-hidden]')).toHaveLength(0);
    const notes = [...el.querySelectorAll('.chart-note-text')].map((note) => note.textContent);
    expect(notes).toEqual(['1 value hidden (fewer than 5 people)']);
    const two = await render(<Bar title="Countries" data={{ ...countries, cells: [...countries.cells, { key: 'FJ', label: 'Fiji', suppressed: true, threshold: 5 }] }} />);
    expect([...two.querySelectorAll('.chart-note-text')].map((note) => note.textContent)).toEqual(['2 values hidden (fewer than 5 people each)']);
  });

  it('draws bar lengths in proportion to the shares on a value axis from 0, largest first', async () => {
    const el = await render(<Bar title="Country of birth" data={countries} />);
    const width = (key: string) => Number(el.querySelector(`g[data-key="${key}"] rect`)!.getAttribute('width'));
    // 480 px wide: names take 163 px, shares 58; the axis runs to 50 %.
    expect(width('AU')).toBeCloseTo(480 - 163 - 58, 6);
    expect(width('GB') / width('AU')).toBeCloseTo(30 / 50, 6);
    expect(width('pn') / width('AU')).toBeCloseTo(12.5 / 50, 6);
    expect([...el.querySelectorAll('g.bar')].map((g) => g.getAttribute('data-key'))).toEqual(['AU', 'GB', 'pn']);
    expect([...el.querySelectorAll('.chart-axis text')].map((tick) => tick.textContent)).toEqual(['0%', '10%', '20%', '30%', '40%', '50%']);
  });

  it('gives Prefer not to answer its one colour', async () => {
    const el = await render(<Bar title="Country of birth" data={countries} />);
    expect(el.querySelector('g[data-key="pn"] rect')!.getAttribute('fill')).toBe(GENDER_COLOURS.PREFER_NOT);
  });

  it('shows the same figures as a table, largest first, hidden last, and sorts it by a header', async () => {
    const el = await render(<Bar title="Country of birth" data={countries} />);
    await showTable(el);
    const table = el.querySelector('table')!;
    expect(table.querySelector('caption')!.textContent).toBe('Country of birth');
    const rows = () => [...el.querySelectorAll('table tbody tr')].map((r) => [...r.children].map((c) => c.textContent));
    expect(rows()).toEqual([
      ['Australia', '20', '50.0%'],
      ['United Kingdom of Great Britain', '12', '30.0%'],
      ['Prefer not to answer', '5', '12.5%'],
      ['New Zealand', HIDDEN_5],
    ]);
    expect(el.querySelector('svg')).toBeNull();
    const byName = [...el.querySelectorAll('thead button')].find((b) => b.textContent?.startsWith('Name'))!;
    await act(async () => (byName as HTMLButtonElement).click());
    expect(rows().map((row) => row[0])).toEqual(['Australia', 'Prefer not to answer', 'United Kingdom of Great Britain', 'New Zealand']);
    expect(byName.closest('th')!.getAttribute('aria-sort')).toBe('ascending');
    const back = [...el.querySelectorAll('button')].find((b) => b.textContent === 'Show as chart')!;
    expect(back.getAttribute('aria-expanded')).toBe('true');
  });

  it('draws only the largest values when capped; the table keeps them all', async () => {
    const multiple: Distribution = { ...countries, multiple: true, cells: [countries.cells[2]!, countries.cells[3]!, countries.cells[1]!, countries.cells[0]!] };
    const el = await render(<Bar title="Countries" data={multiple} max={2} />);
    expect([...el.querySelectorAll('g.bar')].map((g) => g.getAttribute('data-key'))).toEqual(['AU', 'GB']);
    expect(el.textContent).toContain('1 more value in the table view');
    await showTable(el);
    expect(el.querySelectorAll('tbody tr')).toHaveLength(4);
  });

  it('gathers the smaller answers of a single-answer question into one "Other" bar', async () => {
    const many: Distribution = { total: 100, multiple: false, cells: Array.from({ length: 6 }, (_, i) => ({ key: `c${i}`, label: `Country ${i}`, count: 30 - i * 5, percent: 30 - i * 5 })) };
    const el = await render(<Bar title="Countries" data={many} max={4} />);
    expect([...el.querySelectorAll('g.bar')].map((g) => g.getAttribute('data-key'))).toEqual(['c0', 'c1', 'c2', 'other']);
    expect(el.querySelector('g[data-key="other"] tspan')!.textContent).toBe('Other (3 values)');
  });
});

describe('Donut', () => {
  it('draws released shares, largest first, and leaves what hidden values hold as a gap', async () => {
    const el = await render(<Donut title="Born here" data={countries} />);
    expect(el.querySelectorAll('path.slice')).toHaveLength(3);
    expect(el.querySelector('path.slice[data-hidden]')).toBeNull();
    expect([...el.querySelectorAll('.chart-note-text')].map((note) => note.textContent)).toEqual(['1 value hidden (fewer than 5 people)']);
    expect(svgOf(el).getAttribute('role')).toBe('img');
  });

  it('has no gap and no note when everything is released', async () => {
    const all: Distribution = { total: 10, multiple: false, cells: [{ key: 'a', label: 'A', count: 10, percent: 100 }] };
    const el = await render(<Donut title="All" data={all} />);
    expect(el.querySelector('.chart-note-text')).toBeNull();
    expect(el.querySelectorAll('path.slice')).toHaveLength(1);
  });

  it('lays the released shares and the hidden rest around exactly one full turn', () => {
    const pieces = donutPieces(countries);
    expect(pieces.map((p) => (p.data.kind === 'value' ? p.data.cell.key : 'rest'))).toEqual(['AU', 'GB', 'pn', 'rest']);
    expect(pieces[0].startAngle).toBe(0);
    const turn = pieces.reduce((sum, p) => sum + (p.endAngle - p.startAngle), 0);
    expect(turn).toBeCloseTo(2 * Math.PI, 9);
    // Each arc is its share of the whole: Australia's 50 % is half the ring.
    expect(pieces[0].endAngle - pieces[0].startAngle).toBeCloseTo(Math.PI, 9);
    expect(pieces[3].endAngle - pieces[3].startAngle).toBeCloseTo((7.5 / 100) * 2 * Math.PI, 9);
  });

  it('keeps shares past 100 % (several answers each) in proportion, with no rest', () => {
    const multiple: Distribution = { total: 10, multiple: true, cells: [{ key: 'a', label: 'A', count: 9, percent: 90 }, { key: 'b', label: 'B', count: 6, percent: 60 }] };
    const pieces = donutPieces(multiple);
    expect(pieces).toHaveLength(2);
    expect((pieces[0].endAngle - pieces[0].startAngle) / (pieces[1].endAngle - pieces[1].startAngle)).toBeCloseTo(1.5, 9);
  });

  it('draws each slice as a closed d3 arc path', async () => {
    const el = await render(<Donut title="Born here" data={countries} />);
    for (const path of el.querySelectorAll('path.slice')) expect(path.getAttribute('d')).toMatch(/^M.*A.*Z$/);
    expect(el.querySelector('path.slice[data-key="NZ"]')).toBeNull();
  });
});

const ageByGender: CrossTable = {
  total: 30,
  rows: [{ key: '25-29', label: '25-29' }, { key: '30-34', label: '30-34' }],
  columns: [{ key: 'g1', label: 'Woman or female' }, { key: 'g2', label: 'Man or male' }, { key: 'g3', label: 'Non-binary' }],
  cells: [
    [{ key: 'a', label: '', count: 8, percent: 26.7 }, { key: 'b', label: '', count: 7, percent: 23.3 }, { key: 'c', label: '', suppressed: true, threshold: 5 }],
    [{ key: 'd', label: '', count: 6, percent: 20 }, { key: 'e', label: '', count: 5, percent: 16.7 }, { key: 'f', label: '', suppressed: true, threshold: 5 }],
  ],
  rowTotals: [{ key: '25-29', label: '25-29', count: 17, percent: 56.7 }, { key: '30-34', label: '30-34', count: 13, percent: 43.3 }],
  columnTotals: [
    { key: 'g1', label: 'Woman or female', count: 14, percent: 46.7 },
    { key: 'g2', label: 'Man or male', count: 12, percent: 40 },
    { key: 'g3', label: 'Non-binary', suppressed: true, threshold: 5 },
  ],
};

describe('Pyramid', () => {
  it('puts the first gender on the left in its SPEC colour, draws no bar for hidden cells and says so once', async () => {
    const el = await render(<Pyramid title="Gender by age" data={ageByGender} />);
    const row = el.querySelector('g.pyramid-row[data-key="25-29"]')!;
    const rects = [...row.querySelectorAll('rect')];
    expect(rects.map((rect) => rect.getAttribute('fill'))).toEqual([GENDER_COLOURS.FEMALE, GENDER_COLOURS.MALE]);
    expect(Number(rects[0].getAttribute('x'))).toBeLessThan(Number(rects[1].getAttribute('x')));
    expect(svgOf(el).getAttribute('aria-label')).toContain(`Non-binary ${HIDDEN_5}`);
    expect([...el.querySelectorAll('.chart-note-text')].map((note) => note.textContent)).toEqual(['2 values hidden (fewer than 5 people each)']);
  });

  it('scales both sides alike on one axis and stacks the other genders end to end', async () => {
    const el = await render(<Pyramid title="Gender by age" data={ageByGender} />);
    const rects = [...el.querySelector('g.pyramid-row[data-key="25-29"]')!.querySelectorAll('rect')]
      .map((r) => ({ x: Number(r.getAttribute('x')), w: Number(r.getAttribute('width')) }));
    // 480 px: each side has 480 / 2 - 35 - 6 px for an axis to 30 %.
    const side = 480 / 2 - 35 - 6;
    expect(rects[0].w).toBeCloseTo((26.7 / 30) * side, 6);
    expect(rects[1].w / rects[0].w).toBeCloseTo(23.3 / 26.7, 6);
    expect(rects[0].x + rects[0].w).toBeCloseTo(480 / 2 - 35, 6);
    expect(rects[1].x).toBeCloseTo(480 / 2 + 35, 6);
    expect(el.querySelectorAll('.chart-axis text').length).toBeGreaterThan(4);
  });

  it('puts the youngest band at the bottom', async () => {
    const el = await render(<Pyramid title="Gender by age" data={ageByGender} />);
    const y = (key: string) => Number(/translate\(0,([\d.]+)\)/.exec(el.querySelector(`g.pyramid-row[data-key="${key}"]`)!.getAttribute('transform')!)![1]);
    expect(y('25-29')).toBeGreaterThan(y('30-34'));
  });

  it('reads as a table with both margins', async () => {
    const el = await render(<Pyramid title="Gender by age" data={ageByGender} />);
    await showTable(el);
    const first = [...el.querySelectorAll('tbody tr')[0].children].map((c) => c.textContent);
    expect(first).toEqual(['25-29', '8 (26.7%)', '7 (23.3%)', HIDDEN_5, '17 (56.7%)']);
    const foot = [...el.querySelector('tfoot tr')!.children].map((c) => c.textContent);
    // The corner is empty: a card prints no total of its own, the page says its respondents once (issue 31).
    expect(foot).toEqual(['Total', '14 (46.7%)', '12 (40.0%)', HIDDEN_5, '']);
  });
});

describe('StackedBar', () => {
  it('splits each row by column on one axis, largest row first, and draws nothing for hidden cells', async () => {
    const el = await render(<StackedBar title="Age by gender" data={ageByGender} genders />);
    expect([...el.querySelectorAll('g.stack-row')].map((g) => g.getAttribute('data-key'))).toEqual(['25-29', '30-34']);
    const row = el.querySelector('g.stack-row[data-key="30-34"]')!;
    const rects = [...row.querySelectorAll('rect')];
    expect(rects.map((r) => r.getAttribute('fill'))).toEqual([GENDER_COLOURS.FEMALE, GENDER_COLOURS.MALE]);
    const [women, men] = rects.map((r) => ({ x: Number(r.getAttribute('x')), w: Number(r.getAttribute('width')) }));
    // 480 px: names 144, shares 58; the axis reaches the longest row, 50 %.
    expect(women!.w).toBeCloseTo((20 / 50) * (480 - 144 - 58), 6);
    expect(men!.x).toBeCloseTo(women!.x + women!.w, 6);
    expect(men!.w / women!.w).toBeCloseTo(16.7 / 20, 6);
    expect([...el.querySelectorAll('.chart-note-text')].map((note) => note.textContent)).toEqual(['2 values hidden (fewer than 5 people each)']);
  });

  it('writes no share for a row whose total is hidden', async () => {
    const hiddenRow: CrossTable = { ...ageByGender, rowTotals: [ageByGender.rowTotals[0], { key: '30-34', label: '30-34', suppressed: true, threshold: 5 }] };
    const el = await render(<StackedBar title="Age by gender" data={hiddenRow} genders />);
    expect(el.querySelector('g.stack-row[data-key="30-34"] text.chart-value')).toBeNull();
    expect(el.querySelector('g.stack-row[data-key="25-29"] text.chart-value')!.textContent).toBe('56.7%');
  });
});

describe('StackedBar capped', () => {
  it('draws the largest rows only and says how many more the table holds', async () => {
    const el = await render(<StackedBar title="Age by gender" data={ageByGender} genders max={1} />);
    expect([...el.querySelectorAll('g.stack-row')].map((g) => g.getAttribute('data-key'))).toEqual(['25-29']);
    expect(el.textContent).toContain('1 more value in the table view');
    await showTable(el);
    expect(el.querySelectorAll('tbody tr')).toHaveLength(2);
  });
});

const node = (key: string, percent: number | null, children: TreeCell[] = []): TreeCell =>
  percent === null
    ? { key, label: key, suppressed: true, threshold: 5, children }
    : { key, label: key, count: percent, percent, children };

const worldviews: StatTree = {
  total: 100,
  multiple: false,
  nodes: [
    node('Christianity', 60, [node('Catholic', 30, [node('Roman Catholic', 30)]), node('Protestant', 25), node('Orthodox', null)]),
    node('No religion', 40),
  ],
};

describe('charts right to left', () => {
  const boxes = (parent: Element) => [...parent.querySelectorAll('rect')].map((r) => ({ x: Number(r.getAttribute('x')), w: Number(r.getAttribute('width')) }));
  const shiftOf = (g: Element) => Number(/translate\(([-\d.]+),/.exec(g.getAttribute('transform') ?? '')![1]);

  it('the pyramid swaps its sides: the first gender grows to the right of the axis, the others to the left, both mirrored exactly', async () => {
    const ltr = boxes((await render(<Pyramid title="Gender by age" data={ageByGender} />)).querySelector('g.pyramid-row[data-key="25-29"]')!);
    const el = await render(<Pyramid title="Gender by age" data={ageByGender} />, 'ar');
    const rtl = boxes(el.querySelector('g.pyramid-row[data-key="25-29"]')!);
    expect(rtl[0]!.x).toBeCloseTo(480 / 2 + 35, 6);
    expect(rtl[1]!.x + rtl[1]!.w).toBeCloseTo(480 / 2 - 35, 6);
    rtl.forEach((box, i) => {
      expect(box.w).toBeCloseTo(ltr[i]!.w, 6);
      expect(box.x).toBeCloseTo(480 - ltr[i]!.x - ltr[i]!.w, 6);
    });
    // The legend starts on the right, its names before their swatches.
    const items = [...el.querySelectorAll('g.legend-item')];
    expect(shiftOf(items[0]!)).toBeGreaterThan(shiftOf(items[1]!));
    expect(items[0]!.querySelector('text')!.getAttribute('text-anchor')).toBe('end');
  });

  it('the stacked bar fills from the right: names on the right, the first column first from the right', async () => {
    const el = await render(<StackedBar title="Age by gender" data={ageByGender} genders />, 'ar');
    const row = el.querySelector('g.stack-row[data-key="30-34"]')!;
    const label = row.querySelector('text')!;
    const [women, men] = boxes(row);
    expect(Number(label.getAttribute('x'))).toBeGreaterThanOrEqual(women!.x + women!.w);
    expect(label.getAttribute('text-anchor')).toBe('start');
    expect(women!.x + women!.w).toBeCloseTo(480 - 144, 6);
    expect(men!.x + men!.w).toBeCloseTo(women!.x, 6);
    const items = [...el.querySelectorAll('g.legend-item')];
    expect(shiftOf(items[0]!)).toBeGreaterThan(shiftOf(items[1]!));
  });

  it('the grouped bar mirrors and writes its shares in the page language', async () => {
    const series = [{ label: 'All', cells: countries.cells }, { label: 'Engineering', cells: countries.cells.slice(0, 2) }];
    const el = await render(<GroupedBar title="Compare" series={series} />, 'ar');
    const au = el.querySelector('g[data-key="AU"]')!;
    const label = au.querySelector('text')!;
    const bar = au.querySelector('rect')!;
    const barRight = Number(bar.getAttribute('x')) + Number(bar.getAttribute('width'));
    expect(barRight).toBeCloseTo(480 - 144, 6);
    expect(Number(label.getAttribute('x'))).toBeGreaterThan(barRight);
    const share = [...au.querySelectorAll('text.chart-value')][0]!;
    expect(Number(share.getAttribute('x'))).toBeLessThan(Number(bar.getAttribute('x')));
    expect(share.textContent).toBe(numberFormats('ar').percent(50));
  });

  it('the grouped bar says a name still in English in English', async () => {
    const [first, ...rest] = countries.cells;
    const cells = [{ ...first!, label: 'English', untranslated: true }, ...rest] as typeof countries.cells;
    const el = await render(<GroupedBar title="Compare" series={[{ label: 'All', cells }]} />, 'fr');
    expect(el.querySelector(`g[data-key="${first!.key}"] text.chart-label`)?.getAttribute('lang')).toBe('en');
    expect(el.querySelector(`g[data-key="${rest[0]!.key}"] text.chart-label`)?.hasAttribute('lang')).toBe(false);
  });
});

describe('Tree', () => {
  it('draws the top levels largest first, each with its largest released children', async () => {
    const el = await render(<Tree title="Worldviews" data={{ ...worldviews, nodes: [...worldviews.nodes].reverse() }} />);
    const drawn = [...el.querySelectorAll('g.tree-node')].map((g) => [g.getAttribute('data-key'), g.getAttribute('data-depth')]);
    expect(drawn).toEqual([['Christianity', '0'], ['Catholic', '1'], ['Protestant', '1'], ['No religion', '0']]);
    const notes = [...el.querySelectorAll('.chart-note-text')].map((note) => note.textContent);
    expect(notes).toEqual(['1 value hidden (fewer than 5 people)', '1 more value in the table view']);
  });

  it('draws bar lengths in proportion to the node shares, a child never longer than its parent', async () => {
    const el = await render(<Tree title="Worldviews" data={worldviews} />);
    const width = (key: string) => Number(el.querySelector(`g.tree-node[data-key="${key}"] rect`)!.getAttribute('width'));
    expect(width('Catholic') / width('Christianity')).toBeCloseTo(30 / 60, 6);
    expect(width('No religion') / width('Christianity')).toBeCloseTo(40 / 60, 6);
    const odd: StatTree = { total: 100, multiple: false, nodes: [node('Lutheran', 0.6, [node('Lutheran church', 0.7)])] };
    const oddEl = await render(<Tree title="Worldviews" data={odd} />);
    const bars = [...oddEl.querySelectorAll('g.tree-node rect')].map((rect) => Number(rect.getAttribute('width')));
    expect(bars[1]).toBeLessThanOrEqual(bars[0]!);
  });

  it('mirrors right to left: names indented from the right, bars to their left', async () => {
    const el = await render(<Tree title="Worldviews" data={worldviews} />, 'ar');
    for (const node of el.querySelectorAll('g.tree-node')) {
      const label = node.querySelector('text.chart-label')!;
      const bar = node.querySelector('rect')!;
      expect(Number(label.getAttribute('x'))).toBeGreaterThan(Number(bar.getAttribute('x')) + Number(bar.getAttribute('width')));
      expect(label.getAttribute('text-anchor')).toBe('end');
    }
  });

  it('lists every node with its level in the table', async () => {
    const el = await render(<Tree title="Worldviews" data={worldviews} />);
    await showTable(el);
    const rows = [...el.querySelectorAll('tbody tr')];
    expect(rows).toHaveLength(6);
    expect(rows[2].getAttribute('data-depth')).toBe('2');
    expect(rows[2].querySelector('th')!.textContent).toBe('Level 3: Roman Catholic');
    expect(rows[4].textContent).toContain(HIDDEN_5);
  });
});

// Released shares that add up to at most 100 % (one answer each), some cells hidden.
const cellsArb = fc.array(fc.option(fc.integer({ min: 1, max: 1000 }), { nil: null }), { minLength: 1, maxLength: 12 }).map((weights) => {
  const sum = weights.reduce<number>((s, w) => s + (w ?? 0), 0) || 1;
  return weights.map((w, i): StatCell => (w === null
    ? { key: `k${i}`, label: `L${i}`, suppressed: true, threshold: 5 }
    : { key: `k${i}`, label: `L${i}`, count: w, percent: Math.floor((w / sum) * 1000) / 10 }));
});

describe('chart layouts (properties)', () => {
  it('a ring never runs past one turn, fills it when a value is hidden, and gives each share its angle', () => {
    fc.assert(fc.property(cellsArb, (cells) => {
      const pieces = donutPieces({ total: 100, multiple: false, cells });
      const turn = pieces.reduce((s, p) => s + (p.endAngle - p.startAngle), 0);
      expect(turn).toBeLessThanOrEqual(2 * Math.PI + 1e-9);
      if (cells.some((c) => 'suppressed' in c)) expect(turn).toBeCloseTo(2 * Math.PI, 9);
      const whole = Math.max(100, cells.reduce((s, c) => s + ('suppressed' in c ? 0 : c.percent), 0));
      for (const p of pieces) if (p.data.kind === 'value') expect(p.endAngle - p.startAngle).toBeCloseTo((p.data.cell.percent / whole) * 2 * Math.PI, 9);
      // A hidden cell never gets an arc of its own.
      expect(pieces.filter((p) => p.data.kind === 'value')).toHaveLength(cells.filter((c) => !('suppressed' in c)).length);
    }));
  });
});

describe('WorldMap', () => {
  // Principle ids as the statistics key them, and the countries list's alpha-2 codes.
  const codes: Record<string, string> = { '101': 'AU', '102': 'GB', '103': 'NZ', '104': 'SG', '105': 'XK' };
  const shapeOf = (key: string) => (codes[key] ? shapeIdOfAlpha2(codes[key]) : undefined);
  const born: Distribution = {
    total: 60,
    multiple: false,
    cells: [
      { key: '101', label: 'Australia', count: 30, percent: 50 },
      { key: '102', label: 'United Kingdom', count: 12, percent: 20 },
      { key: '103', label: 'New Zealand', suppressed: true, threshold: 5 },
      { key: '104', label: 'Singapore', count: 6, percent: 10 },
      { key: '105', label: 'Kosovo', suppressed: true, threshold: 5 },
      { key: 'pn', label: 'Prefer not to answer', count: 6, percent: 10, preferNot: true },
    ],
  };
  const countryPath = (el: HTMLElement, numeric: string) => el.querySelector(`path.map-country[data-id="${numeric}"]`)!;

  it('keys countries by ISO numeric code, as the topology does', () => {
    expect(ISO_NUMERIC.AU).toBe('036');
    expect(ISO_NUMERIC.GB).toBe('826');
    expect(shapeIdOfAlpha2('nz')).toBe('554');
    expect(shapeIdOfAlpha2('XK')).toBe('XK');
    expect(shapeIdOfAlpha2('prefer_not')).toBeUndefined();
    const ids = new Set(WORLD_SHAPES.map((s) => s.id));
    expect(ids.size).toBe(WORLD_SHAPES.length);
    for (const code of ['036', '826', '554', '076', '356', 'XK']) expect(ids.has(code)).toBe(true);
  });

  it('puts each figure on its outline and keeps the ones without an outline for the table', () => {
    const placed = placeCells(born.cells, new Set(['036', '826', '554']), shapeOf);
    expect([...placed.byShape.keys()]).toEqual(['036', '826', '554']);
    expect(placed.offMap.map((c) => c.key)).toEqual(['104', '105', 'pn']);
  });

  it('shades released shares in six steps with fixed breaks, darker for more', () => {
    const colour = mapScale();
    expect([0.3, 1, 1.9, 2, 7.5, 10, 24.9, 25, 80].map((p) => MAP_RAMP.indexOf(colour(p)))).toEqual([0, 1, 1, 2, 3, 4, 4, 5, 5]);
  });

  it('reads its key from the right in Arabic: the lightest step rightmost, the words ending at their swatches', async () => {
    const step = (el: HTMLElement) => [...el.querySelectorAll('g.map-legend-step')].map((g) => {
      const [, x, y] = /translate\(([-\d.]+),([-\d.]+)\)/.exec(g.getAttribute('transform')!)!;
      return { x: Number(x), y: Number(y) };
    });
    const ltr = step(await render(<WorldMap title="Countries of birth" data={born} shapes={WORLD_SHAPES} shapeOf={shapeOf} />));
    const el = await render(<WorldMap title="Countries of birth" data={born} shapes={WORLD_SHAPES} shapeOf={shapeOf} />, 'ar');
    const rtl = step(el);
    expect(rtl.length).toBe(ltr.length);
    // 480 px across: the six steps in two rows of three, each 155 px wide, the first rightmost in its row.
    for (let i = 1; i < rtl.length; i++) if (rtl[i]!.y === rtl[i - 1]!.y) expect(rtl[i]!.x).toBeLessThan(rtl[i - 1]!.x);
    rtl.forEach((box, i) => {
      expect(box.y).toBe(ltr[i]!.y);
      expect(box.x).toBeCloseTo(480 - ltr[i]!.x - 155, 6);
    });
    const title = el.querySelector('g.map-legend > text')!;
    expect(title.getAttribute('text-anchor')).toBe('end');
    expect(Number(title.getAttribute('x'))).toBe(476);
  });

  it('colours a released country and greys the rest, a hidden one like one with no figure, each named on hover', async () => {
    const el = await render(<WorldMap title="Countries of birth" data={born} shapes={WORLD_SHAPES} shapeOf={shapeOf} />);
    expect(svgOf(el).getAttribute('role')).toBe('img');
    const au = countryPath(el, '036');
    expect(au.getAttribute('fill')).toBe(MAP_RAMP[5]);
    expect(au.querySelector('title')!.textContent).toBe('Australia: 30 (50.0%)');
    expect(countryPath(el, '826').getAttribute('fill')).toBe(MAP_RAMP[4]);
    const nz = countryPath(el, '554');
    const brazil = countryPath(el, '076');
    expect(brazil.getAttribute('fill')).toBe(NO_FIGURE_FILL);
    // A hidden value is not drawn as data: no shade, no hatch, the outline of a country with no figure.
    expect(nz.getAttribute('fill')).toBe(NO_FIGURE_FILL);
    expect(nz.getAttribute('stroke')).toBe(brazil.getAttribute('stroke'));
    expect(nz.getAttribute('data-hidden')).toBe('true');
    expect(nz.querySelector('title')!.textContent).toBe(`New Zealand: ${HIDDEN_5}`);
    expect(countryPath(el, 'XK').getAttribute('fill')).toBe(NO_FIGURE_FILL);
    expect(el.querySelector(`svg [fill="url(#${HATCH_ID})"]`)).toBeNull();
    // Said once under the map, as every chart says it.
    expect([...el.querySelectorAll('.chart-note-text')].map((note) => note.textContent)).toEqual(['2 values hidden (fewer than 5 people each)']);
    expect(brazil.querySelector('title')!.textContent).toBe('Brazil: no figure');
    // No hidden country is ever said or drawn as zero.
    for (const path of el.querySelectorAll('path.map-country[data-hidden]')) expect(path.querySelector('title')!.textContent).not.toMatch(/\b0(\.0)?%|: 0\b/);
    // Every outline is drawn, Antarctica only when it has a figure.
    expect(el.querySelectorAll('path.map-country').length).toBe(WORLD_SHAPES.length - 1);
    for (const path of el.querySelectorAll('path.map-country')) expect(path.getAttribute('d')).toMatch(/^M[\d.-]/);
  });

  it('has a legend of the six steps and no figure (no hatch), and counts what the map cannot show', async () => {
    const el = await render(<WorldMap title="Countries of birth" data={born} shapes={WORLD_SHAPES} shapeOf={shapeOf} />);
    const legend = el.querySelector('g.map-legend')!;
    expect([...legend.querySelectorAll('g.map-legend-step rect')].map((r) => r.getAttribute('fill'))).toEqual([...MAP_RAMP]);
    expect([...legend.querySelectorAll('g.map-legend-step text')].map((t) => t.textContent)).toEqual(['under 1.0%', '1.0%–2.0%', '2.0%–5.0%', '5.0%–10.0%', '10.0%–25.0%', '25.0% or more']);
    expect(legend.textContent).not.toContain('hidden');
    expect(legend.textContent).toContain('no figure');
    // Singapore is too small for the 1:110m outlines; Prefer not to answer has no place.
    expect(el.textContent).toContain('2 values are not on the map: see the table view');
  });

  it('reads as a table with every country, hidden ones never as zero', async () => {
    const el = await render(<WorldMap title="Countries of birth" data={born} shapes={WORLD_SHAPES} shapeOf={shapeOf} />);
    await showTable(el);
    const rows = [...el.querySelectorAll('tbody tr')].map((r) => [...r.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Australia', '30', '50.0%'],
      ['United Kingdom', '12', '20.0%'],
      ['Prefer not to answer', '6', '10.0%'],
      ['Singapore', '6', '10.0%'],
      ['Kosovo', HIDDEN_5],
      ['New Zealand', HIDDEN_5],
    ]);
  });

  it('draws small test outlines on the fitted projection', async () => {
    const square = (id: string, x: number): CountryShape => ({
      type: 'Feature', id, properties: { name: id },
      geometry: { type: 'Polygon', coordinates: [[[x, 0], [x, 10], [x + 10, 10], [x + 10, 0], [x, 0]]] },
    });
    const el = await render(<WorldMap title="Map" data={born} shapes={[square('036', 0), square('554', 20)]} shapeOf={shapeOf} />);
    expect(el.querySelectorAll('path.map-country')).toHaveLength(2);
    expect(countryPath(el, '036').getAttribute('fill')).toBe(MAP_RAMP[5]);
  });
});

describe('dashboard sections', () => {
  const open = (element: ReactNode) => renderApp('/test/dash', { ...initialAppState }, [{ path: '/test/dash', element }]);

  it('loads every section of the page on its own, each with its own state', async () => {
    app = await open(<HomePage page="home" />);
    const loads = commandsOf(app, 'resource/load').map((c) => (c as { name: string }).name);
    expect(loads).toEqual(expect.arrayContaining(['statHomeTotalRegistered', 'statHomeTotalLanguage', 'statHomeTotalEthnicity']));
    const card = (name: string) => app!.container.querySelector(`[data-section="${name}"]`)!;
    expect(card('statHomeTotalRegistered').getAttribute('aria-busy')).toBe('true');

    await deliver(app, { type: 'resource/loaded', name: 'statHomeTotalRegistered', data: { count: 128 } });
    await deliver(app, { type: 'resource/empty', name: 'statHomeTotalLanguage', message: 'It needs at least 5 answers.' });
    await deliver(app, { type: 'resource/failed', name: 'statHomeTotalWorldview', message: 'api_error' });

    expect(card('statHomeTotalRegistered').textContent).toContain('128');
    expect(card('statHomeTotalRegistered').getAttribute('data-status')).toBe('loaded');
    expect(card('statHomeTotalLanguage').textContent).toContain('It needs at least 5 answers.');
    expect(card('statHomeTotalWorldview').textContent).toContain('Connection error! Please try again later!');
    expect(card('statHomeTotalEthnicity').getAttribute('data-status')).toBe('pending');

    await press(buttonNamed(app, 'Try again'));
    expect(commandsOf(app, 'resource/load').filter((c) => (c as { name: string }).name === 'statHomeTotalWorldview')).toHaveLength(2);
  });

  // The reloads themselves are the reload effect's (tests/infrastructure/effects/reloads.test.ts):
  // what a page owes it is to name itself on its sections' loads.
  it('reloads its sections when Refresh asks for the page', async () => {
    app = await open(<OverviewPage page="overview" />);
    const loads = commandsOf(app, 'resource/load') as { name: string; page?: string }[];
    expect(loads.filter((c) => c.page === 'overview').map((c) => c.name)).toEqual(expect.arrayContaining(['statOverviewGenderAgeRange', 'statOverviewRowOne']));
    await act(async () => app!.store.dispatch({ type: 'dashboard/refresh', page: 'overview' }));
    const after = staleSections(app.store.getState(), { type: 'dashboard/reloadRequested', page: 'overview' }, appCatalogue).map((e) => (e as { name: string }).name);
    expect(after).toEqual(expect.arrayContaining(['statOverviewGenderAgeRange', 'statOverviewRowOne']));
  });

  it('loads its sections again when the filters change', async () => {
    app = await open(<HomePage page="home" />);
    await act(async () => app!.store.dispatch({ type: 'filters/apply', filters: { generation: ['Gen Z'] } }));
    const after = staleSections(app.store.getState(), { type: 'filters/applied', filters: { generation: ['Gen Z'] } }, appCatalogue).map((e) => (e as { name: string }).name);
    expect(after.filter((n) => n === 'statHomeTotalRegistered')).toHaveLength(1);
    // Home's six counts, its badges, its diversity index and the note on answers not yet in the figures.
    expect(after).toHaveLength(9);
    expect(after).toContain('statGeneralWaiting');
  });

  it('says once for the page when answers are not in the figures yet, as few or at least a multiple of m', async () => {
    app = await open(<HomePage page="home" />);
    const note = () => app!.container.querySelector('.waiting-note')?.textContent ?? null;
    await deliver(app, { type: 'resource/loaded', name: 'statGeneralWaiting', data: { some: false, atLeast: 0, blockSize: 5 } });
    expect(note()).toBeNull();
    await deliver(app, { type: 'resource/loaded', name: 'statGeneralWaiting', data: { some: true, atLeast: 0, blockSize: 5 } });
    expect(note()).toBe('A few answers are not in these figures yet: answers are added in groups of at least 5 people.');
    await deliver(app, { type: 'resource/loaded', name: 'statGeneralWaiting', data: { some: true, atLeast: 10, blockSize: 5 } });
    expect(note()).toBe('At least 10 answers are not in these figures yet: answers are added in groups of at least 5 people.');
  });

  it('the date range selector sets the date-tag filter and keeps the others', async () => {
    app = await open(<OverviewPage page="overview" />);
    await act(async () => app!.store.dispatch({ type: 'filters/apply', filters: { generation: ['Gen Y'] } }));
    await deliver(app, { type: 'resource/loaded', name: 'dateRanges', data: [{ id: 'd1', label: 'Survey 2026', type: 'since', value: '2026-01-01' }] });
    await chooseOption(app, 'date-range', 'd1');
    const applied = commandsOf(app, 'filters/apply').at(-1) as { filters: Record<string, unknown> };
    expect(applied.filters).toEqual({ generation: ['Gen Y'], 'date-tag': 'd1' });
    await chooseOption(app, 'date-range', 'all');
    expect((commandsOf(app, 'filters/apply').at(-1) as { filters: Record<string, unknown> }).filters).toEqual({ generation: ['Gen Y'] });
  });

  it('shows the panel banner only when the person chose to', async () => {
    app = await open(<OverviewPage page="overview" />);
    expect(app.container.querySelector('.panel-banner')).toBeNull();
    app.unmount();
    const user = { id: 'u', email: 'a@example.org', first_name: 'A', last_name: 'B', role: 'admin', organization_id: 'o', locale_id: 'au', two_factor: 'off', setting: { banners: { overview: 'showOnce' } } };
    app = await renderApp('/test/dash', { ...initialAppState, session: { ...initialAppState.session, user } as never }, [{ path: '/test/dash', element: <OverviewPage page="overview" /> }]);
    expect(app.container.querySelector('.panel-banner')!.textContent).toContain('The overview sums up');
    await press(buttonNamed(app, 'Dismiss'));
    expect(app.container.querySelector('.panel-banner')).toBeNull();
  });

  it('decodes a released section into its chart', async () => {
    app = await open(<OverviewPage page="overview" />);
    await deliver(app, { type: 'resource/loaded', name: 'statOverviewGenderAgeRange', data: transpose(ageByGender) });
    const card = app.container.querySelector('[data-section="statOverviewGenderAgeRange"]')!;
    expect(card.querySelector('svg[role="img"]')).not.toBeNull();
    expect(card.querySelectorAll('g.pyramid-row')).toHaveLength(2);
  });
});
