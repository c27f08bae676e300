import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Request } from 'playwright-core';
import { eventually, expectAccessible, screenshot, useSuite } from './harness';

const OPERATOR_TOKEN = `e2e-operator-${process.pid}-token-0123456789`;
const suite = useSuite({ env: { OPERATOR_TOKEN } });

interface Listed {
  readonly kind: string;
  readonly message: string;
  readonly url: string | null;
  readonly count: number;
  readonly source: string;
}

const listed = async (): Promise<Listed[]> => {
  const response = await fetch(`${suite.server.url}/api/operator/error-reports`, { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } });
  assert.equal(response.status, 200);
  return ((await response.json()) as { data: Listed[] }).data;
};

describe('error tracing', () => {
  it('a forced render failure shows the error screen, is reported once and is listed on the operator page', async () => {
    const page = await suite.browser.context.newPage();
    // Outside debug mode the probe is an unknown address like any other.
    await page.goto(`${suite.server.url}/debug/render-failure`);
    await page.getByRole('heading', { name: 'Oops...this page does not exist!' }).waitFor();
    assert.deepEqual(await listed(), []);

    // The page's requests still under way: a second report, had there been one, is among them.
    const inFlight = new Set<Request>();
    page.on('request', (request) => inFlight.add(request));
    page.on('requestfinished', (request) => inFlight.delete(request));
    page.on('requestfailed', (request) => inFlight.delete(request));
    await page.goto(`${suite.server.url}/debug/render-failure?debug&note=private-value`);
    await page.getByRole('heading', { name: 'Error' }).waitFor();
    await page.getByText('Something went wrong while showing this page.').waitFor();
    await page.getByRole('button', { name: 'Go back home' }).waitFor();
    await expectAccessible(page, 'the error screen');
    await screenshot(page, 'error-screen');

    await eventually('a report of the render failure', async () => ((await listed()).length > 0 ? true : undefined));
    // The error screen is drawn and every request the failure made has been answered.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await eventually('the page\'s requests answered', async () => (inFlight.size === 0 ? true : undefined));
    const reports = await listed();
    assert.equal(reports.length, 1, JSON.stringify(reports));
    assert.deepEqual(
      { kind: reports[0]!.kind, source: reports[0]!.source, count: reports[0]!.count, url: reports[0]!.url },
      { kind: 'render', source: 'client', count: 1, url: '/debug/render-failure' },
    );
    assert.match(reports[0]!.message, /Forced render failure/);
    assert.doesNotMatch(JSON.stringify(reports), /private-value/);

    const operatorPage = await suite.browser.context.newPage();
    await operatorPage.goto(`${suite.server.url}/operator/errors?token=${OPERATOR_TOKEN}`);
    await operatorPage.getByRole('heading', { name: 'Errors' }).waitFor();
    await operatorPage.getByRole('rowheader', { name: /Forced render failure/ }).waitFor();
    await operatorPage.getByText('1 error, most recent first').waitFor();
    await expectAccessible(operatorPage, 'the operator errors page');
    await screenshot(operatorPage, 'operator-errors');

    const refused = await fetch(`${suite.server.url}/operator/errors`);
    assert.equal(refused.status, 404);
  });
});
