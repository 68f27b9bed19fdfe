/** What a page reports of its Content-Security-Policy: violations (its own event), console reports and page errors. */
import type { Page } from 'playwright-core';

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
