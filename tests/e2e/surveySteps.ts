import type { Locator, Page } from 'playwright-core';

/** A step's heading in the participant's survey. */
export const heading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

/** Picks an option of a native select: the first real one, or the one with this label. */
export const choose = async (select: Locator, label?: string): Promise<void> => {
  await select.locator('option:not([disabled])').first().waitFor({ state: 'attached' });
  await select.selectOption(label === undefined ? { index: 1 } : { label });
};

/**
 * From the birth step to the step after "Gender, age and more", with the mouse: the required
 * answers (Canada and its first state, German at Fluent, worldview Prefer not to answer, the
 * first gender and education), everything else left out.
 */
export const answerRequiredByMouse = async (page: Page): Promise<void> => {
  await page.getByRole('combobox', { name: 'Your country of birth', exact: true }).fill('Canad');
  await page.getByRole('option', { name: 'Canada', exact: true }).click();
  await choose(page.getByLabel(/State or province of birth/));
  await page.getByRole('button', { name: 'Next' }).click();
  await heading(page, 'Where your family was born').waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('combobox', { name: 'Language 1', exact: true }).fill('Germ');
  await page.getByRole('option', { name: 'German', exact: true }).click();
  await choose(page.getByLabel(/Level of language 1/), 'Fluent');
  await page.getByRole('button', { name: 'Next' }).click();
  await choose(page.getByLabel(/Your worldview or religion/), 'Prefer not to answer');
  await page.getByRole('button', { name: 'Next' }).click();
  await heading(page, 'Cultural heritage').waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  await choose(page.getByRole('combobox', { name: /^Gender/ }));
  await choose(page.getByLabel(/Highest level of education/));
  await page.getByRole('button', { name: 'Next' }).click();
};
