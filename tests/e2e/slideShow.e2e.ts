import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { DEFAULT_SLIDE_SHOW, slidesOf } from '../../domain/slideshow/slides';
import { expectAccessible, screenshot, useDemoSuite, viewportShot } from './harness';

// The slide show reads the demo organisation's dashboards, so this suite starts its own server with it.
const demo = useDemoSuite();

const position = async (page: Page): Promise<number> => Number(await page.getByRole('progressbar', { name: 'Progress of the slide show' }).getAttribute('aria-valuenow'));

const loadedSlide = (page: Page) =>
  page.waitForFunction(() => ['loaded', 'empty', 'error'].includes(document.querySelector('.slide [data-section]')?.getAttribute('data-status') ?? ''), undefined, { timeout: 180_000 });

describe('slide show', () => {
  it('is reached from the menu and runs by keyboard: next, previous, pause, play, Escape', async () => {
    const page = await demo.browser.context.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(`${demo.server.url}/dashboard/home`);
    await page.getByRole('link', { name: 'Slide show' }).click();
    await page.waitForURL(/\/slide-show$/);
    await page.getByRole('heading', { name: 'Slide show', level: 1 }).waitFor();
    // A title slide first: whose figures, which selection, when.
    await page.locator('[data-slide="title"]').waitFor();
    assert.equal(await position(page), 1);
    assert.ok(((await page.locator('.slide-title-name').textContent()) ?? '').trim().length > 0, 'the organisation is named');
    assert.match((await page.getByTestId('slide-filters').first().textContent()) ?? '', /Date range: All answers.*Filters: none/);
    await page.keyboard.press('ArrowRight');
    await loadedSlide(page);
    assert.equal(await page.locator('.slide [data-section]').getAttribute('data-status'), 'loaded');
    await page.keyboard.press('Home');
    // Reduced motion: no moving timer line.
    assert.equal(await page.locator('.slide-progress-timer').isVisible(), false);

    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    assert.equal(await position(page), 3);
    await page.keyboard.press('ArrowLeft');
    assert.equal(await position(page), 2);
    await page.keyboard.press('Space');
    await page.getByText(/Slide 2 of \d+ · paused/).waitFor();
    await page.getByRole('button', { name: 'Play' }).waitFor();
    await page.keyboard.press('End');
    const total = await position(page);
    assert.equal(total, slidesOf(DEFAULT_SLIDE_SHOW).length, 'the title slide and one slide per chart card, no more');
    assert.ok(total < 63);
    await page.keyboard.press('ArrowRight');
    assert.equal(await position(page), 1, 'goes round');

    // A chart slide, with its key fact: the overview's country of birth, the third slide.
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.locator('[data-slide="overview/country-birth"]').waitFor();
    await loadedSlide(page);
    await page.locator('.slide-fact').filter({ hasText: 'Key facts:' }).waitFor({ timeout: 180_000 });
    await expectAccessible(page, 'slide show at 1920x1080');
    await screenshot(page, 'slide-show-1920');

    // The buttons work by keyboard too: Tab to Next, Enter.
    await page.getByRole('button', { name: 'Next' }).focus();
    await page.keyboard.press('Enter');
    assert.equal(await position(page), 4);

    // At 1280 × 720 the chart fills its slide and its text reads across a room.
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.locator('[data-slide="overview/gender-age-range"]').waitFor();
    await loadedSlide(page);
    const chart = page.locator('.slide svg.chart-svg');
    await chart.waitFor();
    const box = (await chart.boundingBox())!;
    assert.ok(box.width >= 1280 * 0.6, `the chart is ${box.width} px wide`);
    assert.ok(box.height >= 720 * 0.4, `the chart is ${box.height} px high`);
    const text = await page.locator('.slide svg.chart-svg .chart-label').first().evaluate((label) => label.getBoundingClientRect().height);
    assert.ok(text >= 14, `chart text ${text} px high`);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 1280);
    await expectAccessible(page, 'slide show at 1280x720');
    await viewportShot(page, 'slide-show-1280');
    await page.keyboard.press('Home');
    await page.locator('[data-slide="title"]').waitFor();
    await viewportShot(page, 'slide-show-title-1280');

    await page.keyboard.press('Escape');
    await page.waitForURL(/\/dashboard\/home$/);
    await page.close();
  });

  it('advances on its own, keeps the chosen pages in the settings, shows the filters, and fits a phone', async () => {
    const page = await demo.browser.context.newPage();
    await page.goto(`${demo.server.url}/dashboard/worldviews`);
    // A filter in force is said on every slide.
    await page.getByRole('button', { name: /Apply filter/ }).click();
    const filters = page.getByRole('dialog');
    await filters.getByText('Gen Y', { exact: true }).click();
    await filters.getByRole('button', { name: 'Apply' }).click();
    // In the same tab, so the filters in force go along; then the phone's screen.
    await page.getByRole('link', { name: 'Slide show' }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    await loadedSlide(page);

    // Settings: the worldviews page only, then home, five seconds a slide.
    await page.getByRole('button', { name: 'Slides' }).click();
    const dialog = page.getByRole('dialog');
    for (const name of ['Overview', 'Demographics', 'Country of birth', 'Languages', 'Cultural heritage']) await dialog.locator('label', { hasText: new RegExp(`^${name}$`) }).click();
    await dialog.getByRole('button', { name: 'Move Worldviews earlier' }).click();
    // Cards: the worldviews' two charts are picked; add the home page's number of people who answered.
    await dialog.locator('fieldset', { hasText: 'Home' }).locator('label', { hasText: /^People who answered$/ }).click();
    await dialog.getByRole('button', { name: /Time per slide/ }).click();
    await page.getByRole('option', { name: '5 seconds', exact: true }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(/^Slide 1 of 4/).waitFor();
    assert.match((await page.getByTestId('slide-filters').first().textContent()) ?? '', /Generation: Gen Y/);

    // Auto-advance after five seconds, to the first worldviews chart.
    await page.getByText(/^Slide 2 of 4/).waitFor({ timeout: 180_000 });
    assert.equal(await page.locator('.slide-page').textContent(), 'Worldviews');

    // Kept in the user's settings.
    const setting = await fetch(`${demo.server.url}/api/user/setting`, { headers: { authorization: `Bearer ${demo.token}` } });
    assert.deepEqual((await setting.json()).data.slide_show, { pages: ['worldviews', 'home'], interval: 5, cards: ['worldview/worldviews', 'worldview/tree', 'home/total-registered'] });

    await page.getByRole('button', { name: 'Pause' }).click();
    await loadedSlide(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `no sideways scrolling on a phone: ${width}`);
    await expectAccessible(page, 'slide show on a phone');
    await screenshot(page, 'slide-show-phone');
    await page.close();
  });
});
