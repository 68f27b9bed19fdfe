/** What a page reports of its Content-Security-Policy: violations (its own event), console reports and page errors. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export interface CspWatch {
  /** The violations so far, as "directive blockedURI". */
  violations(): Promise<string[]>;
  /** Console messages that name the policy. */
  consoleCsp: string[];
  pageErrors: string[];
}

/** Starts recording on `page`; call before its first navigation. */
export async function watchCsp(page: Page): Promise<CspWatch> {
  await page.addInitScript(() => {
    const list: string[] = [];
    (globalThis as unknown as { cspViolations: string[] }).cspViolations = list;
    document.addEventListener('securitypolicyviolation', (e) => list.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
  const consoleCsp: string[] = [];
  page.on('console', (m) => { if (/Content.Security.Policy/i.test(m.text())) consoleCsp.push(m.text()); });
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  return { violations: () => page.evaluate(() => (globalThis as unknown as { cspViolations: string[] }).cspViolations), consoleCsp, pageErrors };
}

/**
 * Nothing was reported so far, and the policy is in force: an inline script added now is refused
 * and reported as the one violation.
 */
export async function expectPolicyHeld(page: Page, seen: CspWatch): Promise<void> {
  expect(await seen.violations()).toEqual([]);
  expect(seen.consoleCsp).toEqual([]);
  expect(seen.pageErrors).toEqual([]);
  await page.addScriptTag({ content: 'globalThis.inlineRan = true;' }).catch(() => undefined);
  expect(await page.evaluate(() => (globalThis as unknown as { inlineRan?: boolean }).inlineRan ?? false)).toBe(false);
  await expect.poll(() => seen.violations()).toEqual(['script-src-elem inline']);
}
