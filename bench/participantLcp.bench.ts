import type { Page } from 'playwright-core';
import { launchBrowser, registerAccount, startServer } from '../tests/e2e/harness';

/**
 * Largest Contentful Paint of the participant's survey page (a survey link opened on loopback
 * Chromium with an empty cache, read from the Performance API), against the LCP of the same
 * server's plainest answer (/api/health, shown as text, no script) in the same browser. The
 * issue's target is an LCP under 1 s; the ratio says what the page costs over a bare answer.
 */

const RUNS = Number(process.env.LCP_BENCH_RUNS ?? 7);

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const worst = (values: readonly number[]) => Math.max(...values);

const LCP_PROBE = () => {
  const w = window as unknown as { __lcp: number };
  w.__lcp = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__lcp = Math.max(w.__lcp, entry.startTime);
  }).observe({ type: 'largest-contentful-paint', buffered: true });
};

/** Loads `url` with an empty cache and answers its LCP once `ready` is on screen. */
const lcpOf = async (page: Page, url: string, ready: (page: Page) => Promise<unknown>): Promise<number> => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  await page.goto(url);
  await ready(page);
  // LCP entries are final once the page has painted what it waited for.
  await page.waitForTimeout(200);
  return page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
};

export const runParticipantLcpBench = async (): Promise<void> => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const account = await registerAccount(server, 'lcp-bench');
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const created = await fetch(`${server.url}/api/token/update`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ alias: 'LCP bench', expires_at: new Date(Date.now() + 86_400_000).toISOString(), capacity: 5, anonymity: 1, department_id: null }),
    });
    const link = ((await created.json()) as { data: { url: string } }).data;
    const address = new URL(link.url);
    const surveyUrl = `${server.url}${address.pathname}${address.search}`;

    const page = await browser.context.newPage();
    await page.addInitScript(LCP_PROBE);
    // One load first: the server's own first-request costs are not the page's.
    await lcpOf(page, surveyUrl, (p) => p.getByRole('heading', { level: 2, name: 'Welcome' }).waitFor({ timeout: 120_000 }));
    const baseline: number[] = [];
    const survey: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      baseline.push(await lcpOf(page, `${server.url}/api/health`, (p) => p.locator('pre').waitFor()));
      survey.push(await lcpOf(page, surveyUrl, (p) => p.getByRole('heading', { level: 2, name: 'Welcome' }).waitFor()));
    }
    const ms = (value: number) => `${value.toFixed(0)} ms`;
    console.log(`participant LCP: a survey link on loopback Chromium, empty cache, ${RUNS} loads each`);
    console.log(`  baseline: /api/health as text   median ${ms(median(baseline))}, worst ${ms(worst(baseline))}`);
    console.log(
      `  survey page (survey.html)        median ${ms(median(survey))}, worst ${ms(worst(survey))}   ratio ${(median(survey) / median(baseline)).toFixed(2)}` +
        `   target < 1000 ms: ${worst(survey) < 1000 ? 'met' : 'NOT met'}`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) await runParticipantLcpBench();
