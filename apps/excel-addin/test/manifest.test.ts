/**
 * The committed manifests: what the generator gives (byte for byte), readable by Office's own
 * manifest reader, well-formed (xmllint), and right in the ways that break an add-in silently:
 * resource ids, https URLs, the functions' metadata URL, the shared runtime, the ribbon's function names.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OfficeAddinManifest } from 'office-addin-manifest';
import { describe, expect, it } from 'vitest';
import { RIBBON_FUNCTIONS } from '../src/commands/commands.ts';
import { addinViteConfig } from '../vite.config.ts';
import { buildManifest, DEFAULT_PROD_BASE_URL, MANIFEST_DIR, MANIFEST_FILES, officeVersion, TARGETS, type ManifestTarget } from '../../../manifests/generate.ts';

const targets: Array<[keyof typeof MANIFEST_FILES, ManifestTarget]> = [['dev', TARGETS.dev()], ['prod', TARGETS.prod(DEFAULT_PROD_BASE_URL)]];
const attrs = (xml: string, pattern: RegExp): string[] => [...xml.matchAll(pattern)].map((m) => m[1]!);

describe.each(targets)('manifest.%s.xml', (name, target) => {
  const file = join(MANIFEST_DIR, MANIFEST_FILES[name]);
  const xml = readFileSync(file, 'utf8');

  it('is exactly what the generator gives (regenerate with the manifests script after a change)', () => {
    expect(xml).toBe(buildManifest(target));
  });

  it('is read by office-addin-manifest with the expected id, version and settings', async () => {
    const info = await OfficeAddinManifest.readManifestFile(file);
    expect(info).toMatchObject({
      id: target.id, version: officeVersion(), displayName: target.displayName, providerName: 'Econdata', defaultLocale: 'en-US',
      officeAppType: 'TaskPaneApp', hosts: ['Workbook'], permissions: 'ReadWriteDocument', manifestType: 'xml',
      defaultSettings: { sourceLocation: `${target.baseUrl}/taskpane.html` },
      iconUrl: `${target.baseUrl}/assets/icon-32.png`, highResolutionIconUrl: `${target.baseUrl}/assets/icon-64.png`,
    });
    expect(info.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(info.version).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
  });

  it('is well-formed XML (xmllint --noout)', () => {
    expect(() => execFileSync('xmllint', ['--noout', file], { stdio: 'pipe' })).not.toThrow();
  });

  it('defines every resource id it uses, uses every one it defines, and defines each once', () => {
    const used = new Set(attrs(xml, /\bresid="([^"]+)"/g));
    const defined = attrs(xml, /<bt:(?:Image|Url|String) id="([^"]+)"/g);
    expect(new Set(defined).size).toBe(defined.length);
    expect([...used].filter((id) => !defined.includes(id))).toEqual([]);
    expect(defined.filter((id) => !used.has(id))).toEqual([]);
    for (const id of defined) expect(id.length).toBeLessThanOrEqual(32); // Office's limit on resource ids
  });

  it('has only https URLs, all on the add-in\'s own origin', () => {
    const urls = attrs(xml, /"(\w+:\/\/[^"]+)"/g).filter((u) => !u.startsWith('http://schemas.microsoft.com/') && !u.startsWith('http://www.w3.org/'));
    expect(urls.length).toBeGreaterThan(8);
    for (const u of urls) expect(u.startsWith(`${target.baseUrl}/`), u).toBe(true);
    expect(target.baseUrl.startsWith('https://')).toBe(true);
  });

  it('declares custom functions with its namespace (ECON, ECONDEV in dev), their metadata URL, and the shared runtime page', () => {
    const url = (id: string): string | undefined => new RegExp(`<bt:Url id="${id}" DefaultValue="([^"]+)"/>`).exec(xml)?.[1];
    expect(url('Functions.Metadata.Url')).toBe(`${target.baseUrl}/functions.json`);
    expect(url('Functions.Script.Url')).toBe(`${target.baseUrl}/assets/taskpane.js`);
    expect(url('Taskpane.Url')).toBe(`${target.baseUrl}/taskpane.html`);
    expect(xml).toContain(`<bt:String id="Functions.Namespace" DefaultValue="${target.namespace}"/>`);
    expect(xml).toMatch(/<ExtensionPoint xsi:type="CustomFunctions">\s*<Script>\s*<SourceLocation resid="Functions.Script.Url"\/>\s*<\/Script>\s*<Page>\s*<SourceLocation resid="Taskpane.Url"\/>\s*<\/Page>\s*<Metadata>\s*<SourceLocation resid="Functions.Metadata.Url"\/>\s*<\/Metadata>\s*<Namespace resid="Functions.Namespace"\/>/);
    // One runtime for all three surfaces: the Runtime, the functions' Page, the FunctionFile and the taskpane are one URL.
    expect(attrs(xml, /<Runtime resid="([^"]+)" lifetime="long"\/>/g)).toEqual(['Taskpane.Url']);
    expect(attrs(xml, /<FunctionFile resid="([^"]+)"\/>/g)).toEqual(['Taskpane.Url']);
    expect(xml).toContain('<Set Name="SharedRuntime" MinVersion="1.1"/>');
  });

  it('binds the ribbon to the function names src/commands registers', () => {
    expect(attrs(xml, /<FunctionName>([^<]+)<\/FunctionName>/g)).toEqual(Object.values(RIBBON_FUNCTIONS));
    expect(attrs(xml, /<Control xsi:type="Button" id="([^"]+)">/g)).toEqual(['Econdata.OpenTaskpane', 'Econdata.RefreshAll', 'Econdata.InsertAtSelection']);
  });

  it('points at icons that exist in public/assets', () => {
    for (const path of attrs(xml, /DefaultValue="[^"]+\/(assets\/icon-\d+\.png)"/g)) expect(existsSync(join(import.meta.dirname, '../public', path)), path).toBe(true);
  });
});

describe('manifest targets', () => {
  it('dev and prod have different ids (both can be installed) and the same version', () => {
    expect(TARGETS.dev().id).not.toBe(TARGETS.prod(DEFAULT_PROD_BASE_URL).id);
    expect(TARGETS.dev().version).toBe(TARGETS.prod(DEFAULT_PROD_BASE_URL).version);
  });

  it('dev and prod declare different custom-function namespaces (one namespace twice shows #REF!), prod keeps ECON (issue 28, item 11)', async () => {
    const namespace = (xml: string): string | undefined => /<bt:String id="Functions.Namespace" DefaultValue="([^"]+)"\/>/.exec(xml)?.[1];
    const [dev, prod] = ['manifest.dev.xml', 'manifest.prod.xml'].map((f) => readFileSync(join(MANIFEST_DIR, f), 'utf8'));
    expect([namespace(dev!), namespace(prod!)]).toEqual(['ECONDEV', 'ECON']);
    expect(dev).toContain('type =ECONDEV.INDICATOR(');
    expect(prod).toContain('type =ECON.INDICATOR(');
    // What the build writes in its formulas: the dev server's namespace is the dev manifest's, a build's production's.
    const define = async (command: 'serve' | 'build'): Promise<unknown> => (await addinViteConfig(command, { https: false, sandbox: false })).define?.['__ECON_NAMESPACE__'];
    expect([await define('serve'), await define('build')]).toEqual(['"ECONDEV"', '"ECON"']);
  });

  it('a production URL that is not https is refused with what to do', () => {
    expect(() => TARGETS.prod('http://addin.example.com')).toThrow('ADDIN_BASE_URL must be https:// (Office refuses anything else), got http://addin.example.com');
    expect(TARGETS.prod('https://cdn.example.com/econdata/').baseUrl).toBe('https://cdn.example.com/econdata');
  });
});
