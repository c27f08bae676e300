// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { TranslatorProvider } from '../../src/hooks/translation';
import type { CrossTable, StatCell } from '../../domain/contracts/stats';
import { createTranslator } from '../../infrastructure/i18n/translator';
import { en } from '../../domain/i18n/en';
import { type ReportChart, reportChart } from '../../domain/reports/charts';
import { ReportChartPreview } from '../../src/features/reports/ReportChartPreview';

/**
 * The report builder's preview on a phone (390 px wide, a card about 300 px inside): the drawing
 * is made at the width its card measures, so its 12-unit texts are 12 CSS pixels, not a 320-wide
 * drawing shrunk to 11 px. jsdom has no layout: the card's width is given to it here.
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const CARD_WIDTH = 298;

let root: Root | undefined;
beforeEach(() => {
  class FixedResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  vi.stubGlobal('ResizeObserver', FixedResizeObserver);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ x: 0, y: 0, top: 0, left: 0, right: CARD_WIDTH, bottom: 400, width: CARD_WIDTH, height: 400, toJSON: () => ({}) }));
});
afterEach(() => {
  if (root) act(() => root!.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const words = { other: (count: number) => `Other (${count})`, headline: (key: string) => key };
const released = (key: string, count: number): StatCell => ({ key, label: key, count, percent: count / 10 });

const countries = reportChart('overview/country-birth', 'Countries of birth', {
  status: 200,
  data: { total: 1000, multiple: false, cells: [released('United Kingdom of Great Britain and Northern Ireland', 400), released('Australia', 300), released('India', 120), { key: 'NZ', label: 'NZ', suppressed: true, threshold: 5 }] },
}, words);
const genders = ['female', 'male'];
const byState: CrossTable = {
  total: 1000,
  rows: genders.map((key) => ({ key, label: key })),
  columns: ['New South Wales', 'Victoria'].map((key) => ({ key, label: key })),
  cells: [[released('a', 300), released('b', 200)], [released('c', 250), released('d', 250)]],
  rowTotals: [released('female', 500), released('male', 500)],
  columnTotals: [released('New South Wales', 550), released('Victoria', 450)],
};
const grouped = reportChart('demographic/state-per-gender', 'Gender by state', { status: 200, data: byState }, words);
const pyramid = reportChart('overview/gender-age-range', 'Gender by age', { status: 200, data: { ...byState, columns: ['20-24', '25-29'].map((key) => ({ key, label: key })) } }, words);

const render = async (chart: ReportChart) => {
  const container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  await act(async () => root!.render(<TranslatorProvider translator={createTranslator('au', en)}><ReportChartPreview chart={chart} /></TranslatorProvider>));
  return container;
};

describe('the report preview on a phone', () => {
  for (const chart of [countries, grouped, pyramid]) {
    it(`draws ${chart.title} at its card's width, every text at 12 px or more`, async () => {
      expect(chart.model).not.toBeNull();
      const el = await render(chart);
      const svg = el.querySelector('svg')!;
      // One unit of the drawing is one CSS pixel: the viewBox is as wide as the card shows it.
      expect(Number(svg.getAttribute('viewBox')!.split(' ')[2])).toBe(CARD_WIDTH);
      const texts = [...svg.querySelectorAll('text')];
      expect(texts.length).toBeGreaterThan(2);
      for (const text of texts) expect(Number(text.getAttribute('font-size')), text.textContent ?? '').toBeGreaterThanOrEqual(12);
      // Nothing is drawn past the card's right edge.
      for (const rect of svg.querySelectorAll('rect')) expect(Number(rect.getAttribute('x')) + Number(rect.getAttribute('width'))).toBeLessThanOrEqual(CARD_WIDTH);
    });
  }

  it('writes its legends, tiles and notes at 12 px or more (styles.css, 1 rem = 16 px)', () => {
    const css = readFileSync('src/styles.css', 'utf8');
    const rules = [...css.matchAll(/([^{}]*\.report-preview[^{}]*)\{([^}]*)\}/g)];
    expect(rules.length).toBeGreaterThan(3);
    const noteRule = /(^|\n)\.stat-note\s*\{([^}]*)\}/.exec(css);
    expect(noteRule).not.toBeNull();
    for (const [, selector, body] of [...rules, noteRule!]) {
      const size = /font-size:\s*([\d.]+)(rem|px)/.exec(body!);
      if (size === null) continue;
      const px = size[2] === 'rem' ? Number(size[1]) * 16 : Number(size[1]);
      expect(px, selector!.trim()).toBeGreaterThanOrEqual(12);
    }
  });
});
