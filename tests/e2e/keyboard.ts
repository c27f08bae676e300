import type { Page } from 'playwright-core';

// Keyboard helpers of the journeys: everything here moves with Tab, arrows, Space, Enter and typing.

/** The accessible name of the focused element, roughly as a screen reader would say it. */
// A string, so that the test runner's transform adds no helper the page does not have.
const FOCUSED_NAME = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body) return '';
  const labelled = el.getAttribute('aria-labelledby');
  const labels = el.labels;
  const name = el.getAttribute('aria-label')
    ?? (labelled ? labelled.split(/\\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
      : labels && labels.length > 0 ? labels[0].textContent : el.textContent);
  return (name ?? '').replace(/\\s+/g, ' ').trim();
})()`;

export const focusedName = (page: Page): Promise<string> => page.evaluate(FOCUSED_NAME) as Promise<string>;

/** Presses Tab (or Shift+Tab) until the focused control's name matches. */
export const tabTo = async (page: Page, name: RegExp, backwards = false): Promise<void> => {
  const seen: string[] = [];
  for (let i = 0; i < 60; i += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const current = await focusedName(page);
    if (name.test(current)) return;
    seen.push(current);
  }
  throw new Error(`Tab never reached ${name}; passed ${JSON.stringify(seen)}`);
};

/** In an open combobox list: arrow down until the highlighted option is `option`, then Enter. */
export const pickInCombo = async (page: Page, option: string): Promise<void> => {
  // In the list the focused combobox controls (the page's language select has options too).
  const listId = await page.evaluate(() => document.activeElement?.getAttribute('aria-controls') ?? '');
  await page.locator(`[id="${listId}"]`).getByRole('option', { name: option, exact: true }).first().waitFor();
  for (let i = 0; i < 40; i += 1) {
    await page.keyboard.press('ArrowDown');
    const active = await page.evaluate(() => {
      const id = document.activeElement?.getAttribute('aria-activedescendant');
      return id ? (document.getElementById(id)?.textContent ?? '') : '';
    });
    if (active.trim() === option) {
      await page.keyboard.press('Enter');
      // Issue 18: the choice leaves the focus on the combobox it was made in, not on the page.
      const stillThere = await page.evaluate((id) => document.activeElement?.getAttribute('role') === 'combobox' && document.activeElement.getAttribute('aria-controls') === id, listId);
      if (!stillThere) throw new Error(`after choosing ${option} the focus left its combobox`);
      return;
    }
  }
  throw new Error(`option ${option} never highlighted`);
};

/** On a select (the browser's own): the arrow keys change the choice until it is `option` (or the first one). */
export const pickInSelect = async (page: Page, option?: string): Promise<string> => {
  for (let i = 0; i < 300; i += 1) {
    await page.keyboard.press('ArrowDown');
    const current = (await page.evaluate(() => (document.activeElement as HTMLSelectElement | null)?.selectedOptions?.[0]?.textContent ?? '')).trim();
    if (option === undefined ? current !== '' : current === option) return current;
  }
  throw new Error(`option ${option} not in the list`);
};

