/**
 * The add-in's in-page workbook stand-in as the browser suites drive it: cells are `td` elements
 * with a `data-address`, and the name box says which one is selected.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Selects a cell as a user would (scrolled to, clicked), and waits for the name box to say so. */
export async function selectCell(page: Page, a1: string): Promise<void> {
  const cell = page.locator(`td[data-address="${a1}"]`);
  await cell.scrollIntoViewIfNeeded();
  await cell.click();
  await expect.poll(() => page.getByTestId('name-box').innerText()).toBe(a1);
}

/** What a cell shows. */
export const cellText = (page: Page, a1: string): Promise<string> => page.locator(`td[data-address="${a1}"]`).innerText();

/** The Data tab's notice of the block just inserted, once it is there. */
export async function insertedNotice(page: Page): Promise<string> {
  const notice = page.getByRole('tabpanel', { name: 'Data' }).getByRole('status').filter({ hasText: 'Inserted' });
  await notice.waitFor({ timeout: 60_000 });
  return notice.innerText();
}
