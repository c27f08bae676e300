import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

/**
 * Time to first chart: from the navigation start of /dashboard/overview to the first chart of
 * a statistics card (its SVG, or its table view) being visible, read in the page itself with
 * performance.now() (whose origin is the navigation start), so the browser's own start-up is
 * not counted. Needs the built client (npm run build) and Chromium (CHROMIUM_PATH, default
 * /usr/bin/chromium); skipped with a note when either is missing.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Issue 19: the first chart from empty caches on the demo organisation. */
const FIRST_CHART_TARGET_MS = 1500;
const RUNS = Number(process.env.BENCH_CHART_RUNS ?? 5);
const TIMEOUT = 180_000;

// Runs in the page before its scripts: notes when a chart (or a table) first becomes visible.
// A string, not a function: tsx would wrap a function's inner functions in a helper the page lacks.
const WATCH_FIRST_CHART = `(() => {
  const visible = (element) => { const box = element.getBoundingClientRect(); return box.width > 0 && box.height > 0; };
  const check = () => {
    if (window.__firstChart !== undefined) return;
    const chart = [...document.querySelectorAll('[data-section] svg[role="img"], [data-section] table')].find(visible);
    if (!chart) return;
    window.__firstChart = performance.now();
    const statistics = performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/api/overview/'));
    window.__firstChartParts = {
      loaded: performance.getEntriesByType('navigation')[0]?.domContentLoadedEventEnd ?? 0,
      requested: Math.min(...statistics.map((entry) => entry.startTime)),
      answered: Math.min(...statistics.map((entry) => entry.responseEnd).filter((end) => end > 0)),
    };
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
})();`;

interface Parts {
  /** DOMContentLoaded: the page and its scripts. */
  readonly loaded: number;
  /** The first statistics request sent, and the first answered. */
  readonly requested: number;
  readonly answered: number;
}

interface Run extends Parts {
  readonly chart: number;
}

export interface FirstChartResult {
  readonly cold: Run;
  readonly warm: readonly Run[];
}

/**
 * One run with the server's statistics cache emptied and a fresh browser profile (nothing
 * cached on either side), then RUNS runs in new pages of the same profile with warm caches.
 */
export const measureFirstChart = async (
  url: string,
  token: string,
  clearServerCache: () => void,
  clientDir: string,
): Promise<FirstChartResult | string> => {
  if (!existsSync(CHROMIUM)) return `skipped: no Chromium at ${CHROMIUM}`;
  if (!existsSync(join(clientDir, 'index.html'))) return `skipped: the client is not built (npm run build)`;
  const profile = await mkdtemp(join(tmpdir(), 'bench-chart-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const host = new URL(url).hostname;
    await context.addCookies([{ name: 'token', value: token, domain: host, path: '/', sameSite: 'Lax' }]);
    await context.addInitScript(WATCH_FIRST_CHART);
    const once = async (): Promise<Run> => {
      const page = await context.newPage();
      try {
        await page.goto(`${url}/dashboard/overview`, { waitUntil: 'commit' });
        await page.waitForFunction(() => (window as unknown as { __firstChart?: number }).__firstChart !== undefined, undefined, { timeout: TIMEOUT });
        return await page.evaluate(() => {
          const found = window as unknown as { __firstChart: number; __firstChartParts: Parts };
          return { chart: found.__firstChart, ...found.__firstChartParts };
        });
      } finally {
        await page.close();
      }
    };
    clearServerCache();
    try {
      const cold = await once();
      const warm: Run[] = [];
      for (let run = 0; run < RUNS; run++) warm.push(await once());
      return { cold, warm };
    } catch (error) {
      return `failed: no chart within ${TIMEOUT / 1000} s (${(error as Error).message.split('\n')[0]})`;
    }
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
};

const describeRun = (run: Run) =>
  `${run.chart.toFixed(0)} ms (page loaded ${run.loaded.toFixed(0)}, first statistics request ${run.requested.toFixed(0)}, first answer ${run.answered.toFixed(0)})`;

export const describeFirstChart = (result: FirstChartResult | string): string => {
  if (typeof result === 'string') return result;
  const byChart = [...result.warm].sort((a, b) => a.chart - b.chart);
  const middle = byChart[Math.floor(byChart.length / 2)]!;
  const met = result.cold.chart < FIRST_CHART_TARGET_MS ? 'met' : 'NOT met';
  return `cold ${describeRun(result.cold)} with empty caches; warm median of ${result.warm.length}: ${describeRun(middle)}; warm runs ${result.warm.map((run) => run.chart.toFixed(0)).join(', ')} ms; target cold under ${FIRST_CHART_TARGET_MS} ms on the demo: ${met}`;
};
