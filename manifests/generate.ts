/**
 * The add-in-only XML manifest (custom functions need it), for development and production, from
 * this one source. Both point every surface at one page (taskpane.html) so the taskpane, the
 * ECON.* functions and the ribbon share one runtime (`<Runtime lifetime="long">`).
 * Run: pnpm --filter @econdata/excel-addin manifests   (ADDIN_BASE_URL=https://... for production)
 * Writes manifest.dev.xml and manifest.prod.xml beside this file; apps/excel-addin/test/manifest.test.ts
 * checks they are what this generator gives.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ManifestTarget {
  /** A GUID per environment, so the dev and prod add-ins can be installed side by side. */
  id: string;
  /** https:// origin (and optional path) the built add-in is served from, without a trailing slash. */
  baseUrl: string;
  displayName: string;
  /** Four-part Office version, from the package version. */
  version: string;
  /**
   * The custom functions' namespace: `ECON` in production, `ECONDEV` in development, so the two
   * add-ins installed side by side do not clash (one namespace twice shows #REF!). The build writes
   * formulas with the same one (apps/excel-addin/src/functions/namespace.ts).
   */
  namespace: string;
}

const here = dirname(fileURLToPath(import.meta.url));
export const MANIFEST_DIR = here;

/** The package version a.b.c as Office's a.b.c.0. */
export function officeVersion(): string {
  const { version } = JSON.parse(readFileSync(join(here, '../apps/excel-addin/package.json'), 'utf8')) as { version: string };
  if (!/^\d+\.\d+\.\d+$/.test(version)) throw new Error(`package.json version "${version}" is not a.b.c: Office needs four whole numbers`);
  return `${version}.0`;
}

/** Production's address until ADDIN_BASE_URL names the real one (the committed prod manifest uses it). */
export const DEFAULT_PROD_BASE_URL = 'https://addin.econdata.example.com';

/** The custom functions' namespace of each add-in (see ManifestTarget.namespace); the build defines the same for its formulas. */
export const FUNCTION_NAMESPACES = { dev: 'ECONDEV', prod: 'ECON' } as const;

export const TARGETS = {
  dev: (): ManifestTarget => ({ id: '24c77b37-d697-45f9-a57e-9079da03bb5d', baseUrl: 'https://localhost:3000', displayName: 'Econdata (dev)', version: officeVersion(), namespace: FUNCTION_NAMESPACES.dev }),
  prod: (baseUrl: string = process.env['ADDIN_BASE_URL'] ?? DEFAULT_PROD_BASE_URL): ManifestTarget => ({ id: '20bf4061-edc0-4da8-8615-5b32249ec2c2', baseUrl: checkBaseUrl(baseUrl), displayName: 'Econdata', version: officeVersion(), namespace: FUNCTION_NAMESPACES.prod }),
};

/** Office loads add-ins over HTTPS only. */
export function checkBaseUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:') throw new Error(`ADDIN_BASE_URL must be https:// (Office refuses anything else), got ${url}`);
  if (parsed.search || parsed.hash) throw new Error(`ADDIN_BASE_URL must not have a query or fragment, got ${url}`);
  return url.replace(/\/+$/, '');
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A ribbon button: an ExecuteFunction (name) or the taskpane. */
interface Button {
  id: string;
  label: string;
  tip: string;
  action: { kind: 'taskpane' } | { kind: 'function'; name: string };
}

const BUTTONS: Button[] = [
  { id: 'OpenTaskpane', label: 'Open', tip: 'Browse indicators, trade and stock series, connect to the data service and insert blocks.', action: { kind: 'taskpane' } },
  // Function names must match RIBBON_FUNCTIONS in apps/excel-addin/src/commands/commands.ts (the manifest test checks it).
  { id: 'RefreshAll', label: 'Refresh all', tip: 'Fetch every block this add-in inserted again; revised values are highlighted.', action: { kind: 'function', name: 'refreshAllBlocks' } },
  { id: 'InsertAtSelection', label: 'Insert at selection', tip: 'Insert the taskpane\'s current query as a formatted block at the selected cell.', action: { kind: 'function', name: 'insertAtSelection' } },
];

/** The manifest XML of one target. */
export function buildManifest(t: ManifestTarget): string {
  const url = (path: string): string => esc(`${t.baseUrl}/${path}`);
  const icon = (indent: string): string => [16, 32, 80].map((s) => `${indent}<bt:Image size="${s}" resid="Icon.${s}x${s}"/>`).join('\n');
  // The taskpane's id is Office's reserved Office.AutoShowTaskpaneWithDocument: a workbook whose
  // settings ask for it opens the taskpane with itself (refresh on open, src/office/startup.ts).
  const control = (b: Button): string => `
                <Control xsi:type="Button" id="Econdata.${b.id}">
                  <Label resid="${b.id}.Label"/>
                  <Supertip>
                    <Title resid="${b.id}.Label"/>
                    <Description resid="${b.id}.Tooltip"/>
                  </Supertip>
                  <Icon>
${icon('                    ')}
                  </Icon>
                  ${b.action.kind === 'taskpane'
    ? `<Action xsi:type="ShowTaskpane">
                    <TaskpaneId>Office.AutoShowTaskpaneWithDocument</TaskpaneId>
                    <SourceLocation resid="Taskpane.Url"/>
                  </Action>`
    : `<Action xsi:type="ExecuteFunction">
                    <FunctionName>${b.action.name}</FunctionName>
                  </Action>`}
                </Control>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<!-- Generated by manifests/generate.ts: edit that file, then run pnpm run manifests in apps/excel-addin. -->
<OfficeApp xmlns="http://schemas.microsoft.com/office/appforoffice/1.1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:bt="http://schemas.microsoft.com/office/officeappbasictypes/1.0" xmlns:ov="http://schemas.microsoft.com/office/taskpaneappversionoverrides" xsi:type="TaskPaneApp">
  <Id>${t.id}</Id>
  <Version>${t.version}</Version>
  <ProviderName>Econdata</ProviderName>
  <DefaultLocale>en-US</DefaultLocale>
  <DisplayName DefaultValue="${esc(t.displayName)}"/>
  <Description DefaultValue="Indicator, trade and stock series straight into worksheets: a taskpane and ${t.namespace}.* cell formulas."/>
  <IconUrl DefaultValue="${url('assets/icon-32.png')}"/>
  <HighResolutionIconUrl DefaultValue="${url('assets/icon-64.png')}"/>
  <SupportUrl DefaultValue="${url('taskpane.html')}"/>
  <Hosts>
    <Host Name="Workbook"/>
  </Hosts>
  <Requirements>
    <Sets DefaultMinVersion="1.1">
      <Set Name="SharedRuntime" MinVersion="1.1"/>
    </Sets>
  </Requirements>
  <DefaultSettings>
    <SourceLocation DefaultValue="${url('taskpane.html')}"/>
  </DefaultSettings>
  <Permissions>ReadWriteDocument</Permissions>
  <VersionOverrides xmlns="http://schemas.microsoft.com/office/taskpaneappversionoverrides" xsi:type="VersionOverridesV1_0">
    <Hosts>
      <Host xsi:type="Workbook">
        <Runtimes>
          <Runtime resid="Taskpane.Url" lifetime="long"/>
        </Runtimes>
        <AllFormFactors>
          <ExtensionPoint xsi:type="CustomFunctions">
            <Script>
              <SourceLocation resid="Functions.Script.Url"/>
            </Script>
            <Page>
              <SourceLocation resid="Taskpane.Url"/>
            </Page>
            <Metadata>
              <SourceLocation resid="Functions.Metadata.Url"/>
            </Metadata>
            <Namespace resid="Functions.Namespace"/>
          </ExtensionPoint>
        </AllFormFactors>
        <DesktopFormFactor>
          <GetStarted>
            <Title resid="GetStarted.Title"/>
            <Description resid="GetStarted.Description"/>
            <LearnMoreUrl resid="GetStarted.LearnMoreUrl"/>
          </GetStarted>
          <FunctionFile resid="Taskpane.Url"/>
          <ExtensionPoint xsi:type="PrimaryCommandSurface">
            <OfficeTab id="TabHome">
              <Group id="Econdata.Group">
                <Label resid="Group.Label"/>
                <Icon>
${icon('                  ')}
                </Icon>${BUTTONS.map(control).join('')}
              </Group>
            </OfficeTab>
          </ExtensionPoint>
        </DesktopFormFactor>
      </Host>
    </Hosts>
    <Resources>
      <bt:Images>
${[16, 32, 80].map((s) => `        <bt:Image id="Icon.${s}x${s}" DefaultValue="${url(`assets/icon-${s}.png`)}"/>`).join('\n')}
      </bt:Images>
      <bt:Urls>
        <bt:Url id="Functions.Script.Url" DefaultValue="${url('assets/taskpane.js')}"/>
        <bt:Url id="Functions.Metadata.Url" DefaultValue="${url('functions.json')}"/>
        <bt:Url id="Taskpane.Url" DefaultValue="${url('taskpane.html')}"/>
        <bt:Url id="GetStarted.LearnMoreUrl" DefaultValue="${url('taskpane.html')}"/>
      </bt:Urls>
      <bt:ShortStrings>
        <bt:String id="Functions.Namespace" DefaultValue="${t.namespace}"/>
        <bt:String id="GetStarted.Title" DefaultValue="Econdata is ready"/>
        <bt:String id="Group.Label" DefaultValue="Econdata"/>
${BUTTONS.map((b) => `        <bt:String id="${b.id}.Label" DefaultValue="${esc(b.label)}"/>`).join('\n')}
      </bt:ShortStrings>
      <bt:LongStrings>
        <bt:String id="GetStarted.Description" DefaultValue="Open Econdata from the Home tab, connect, then insert series or type =${t.namespace}.INDICATOR(&quot;WB&quot;, &quot;NY.GDP.MKTP.CD&quot;, &quot;VN&quot;)."/>
${BUTTONS.map((b) => `        <bt:String id="${b.id}.Tooltip" DefaultValue="${esc(b.tip)}"/>`).join('\n')}
      </bt:LongStrings>
    </Resources>
  </VersionOverrides>
</OfficeApp>
`;
}

/** The file name of each target's manifest. */
export const MANIFEST_FILES = { dev: 'manifest.dev.xml', prod: 'manifest.prod.xml' } as const;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [name, target] of Object.entries(TARGETS) as Array<[keyof typeof TARGETS, () => ManifestTarget]>) {
    const file = join(MANIFEST_DIR, MANIFEST_FILES[name]);
    const t = target();
    writeFileSync(file, buildManifest(t));
    console.log(`wrote ${file} (${t.baseUrl}, version ${t.version})`);
  }
}
