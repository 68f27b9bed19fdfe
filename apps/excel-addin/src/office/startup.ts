/**
 * Refresh on open, the workbook's side: the opt-in is a workbook setting (`econdata.refreshOnOpen`,
 * so it travels with the file), and turning it on also asks Office to load the add-in with this
 * document (Office.addin.setStartupBehavior, SharedRuntime 1.1) and to open the taskpane with it
 * (the document setting Office.AutoShowTaskpaneWithDocument, which the manifest's taskpane id names).
 * Where the host has neither (Excel on iPad, the in-page stand-in), the setting is still kept and the
 * refresh runs whenever the taskpane is opened.
 */
import type { ExcelHost } from './excel-api.ts';

/** The workbook setting that opts this workbook in. */
export const REFRESH_ON_OPEN_SETTING = 'econdata.refreshOnOpen';
/** Office's reserved document setting that opens the taskpane with the document. */
const AUTO_SHOW = 'Office.AutoShowTaskpaneWithDocument';

/** The slice of office.js this uses (absent outside Office). */
export interface OfficeStartupApi {
  addin?: { setStartupBehavior(behavior: string): Promise<void> };
  StartupBehavior?: { load: string; none: string };
  context?: {
    requirements?: { isSetSupported(name: string, version?: string): boolean };
    document?: { settings?: { set(name: string, value: unknown): void; remove(name: string): void; saveAsync(callback?: (r: { status: string; error?: { message: string } }) => void): void } };
  };
}

/** What Office was told: 'set' (loads with the document), or 'unsupported' (the host cannot: the setting alone is kept). */
export type StartupResult = 'set' | 'unsupported';

/** Asks Office to load the add-in and show the taskpane with this document (on), or not to (off). */
async function configureStartup(office: OfficeStartupApi | undefined, on: boolean): Promise<StartupResult> {
  let supported = false;
  try {
    supported = office?.context?.requirements?.isSetSupported('SharedRuntime', '1.1') === true;
  } catch {
    // office.js outside an Office host (a plain browser) has no requirements to ask: not supported.
  }
  const addin = office?.addin;
  const behaviors = office?.StartupBehavior;
  const settings = office?.context?.document?.settings;
  if (!supported || !addin || !behaviors || !settings) return 'unsupported';
  await addin.setStartupBehavior(on ? behaviors.load : behaviors.none);
  if (on) settings.set(AUTO_SHOW, true);
  else settings.remove(AUTO_SHOW);
  await new Promise<void>((resolve, reject) => settings.saveAsync((r) => (r.status === 'failed' ? reject(new Error(`Office could not save the document setting: ${r.error?.message ?? 'no reason given'}`)) : resolve())));
  return 'set';
}

/** Whether this workbook asked to be refreshed when it opens (one sync). */
export async function readRefreshOnOpen(excel: ExcelHost): Promise<boolean> {
  return excel.run(async (context) => {
    const settings = context.workbook.settings.load('items/key,items/value');
    await context.sync();
    return settings.items.some((i) => i.key === REFRESH_ON_OPEN_SETTING && (i.value === true || i.value === 'true'));
  });
}

/** Turns refresh on open on or off for this workbook: its setting (one sync), then Office's startup behaviour. */
export async function setRefreshOnOpen(excel: ExcelHost, office: OfficeStartupApi | undefined, on: boolean): Promise<StartupResult> {
  await excel.run(async (context) => {
    if (on) context.workbook.settings.add(REFRESH_ON_OPEN_SETTING, true);
    else context.workbook.settings.getItemOrNullObject(REFRESH_ON_OPEN_SETTING).delete();
    await context.sync();
  });
  return configureStartup(office, on);
}
