/**
 * The packaging configuration, checked offline (TOOLCHAIN.md): one electron-vite build, then
 * electron-builder --dir against a placeholder Electron (a file holding Electron's fuse wire, so the
 * fuses are really flipped), then the app.asar's file list and the packaged binary's fuses.
 * Electron itself cannot be downloaded here; what runs is the configuration, not the app.
 *
 * The build goes to a temporary folder (not apps/desktop/out, which web mode and the e2e suites may
 * be serving at the same time); electron-builder runs with electron-builder.yml as it is, except that
 * its `out/**` entry takes the files from that folder.
 */
import { execFile } from 'node:child_process';
import { chmod, cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_NAMES } from '../shared/contract.ts';

const run = promisify(execFile);
const APP = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** Electron's fuse order (v1): RunAsNode, EnableCookieEncryption, EnableNodeOptionsEnvironmentVariable, EnableNodeCliInspectArguments, EnableEmbeddedAsarIntegrityValidation, OnlyLoadAppFromAsar, LoadBrowserProcessSpecificV8Snapshot, GrantFileProtocolExtraPrivileges. */
const ELECTRON_DEFAULTS = '10011001';

/** The file names inside an asar archive, from its header (UInt32 sizes, then the JSON tree). */
async function asarFiles(path: string): Promise<string[]> {
  const head = await readFile(path);
  const length = head.readUInt32LE(12);
  const tree = JSON.parse(head.toString('utf8', 16, 16 + length)) as { files: Record<string, unknown> };
  const out: string[] = [];
  const walk = (node: { files?: Record<string, unknown> }, prefix: string): void => {
    for (const [name, child] of Object.entries(node.files ?? {})) {
      const path = `${prefix}/${name}`;
      if ((child as { files?: unknown }).files !== undefined) walk(child as { files: Record<string, unknown> }, path);
      else out.push(path);
    }
  };
  walk(tree, '');
  return out.sort();
}

describe('packaging (electron-vite build + electron-builder --dir, offline)', () => {
  let files: string[] = [];
  let fuses = '';
  let builderConfig = '';
  let work = '';
  let built = '';

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'desktop-pack-'));
    const dist = join(work, 'electron-dist');
    await cp(join(APP, 'node_modules/electron/LICENSE'), join(dist, 'LICENSE'), { recursive: true });
    await writeFile(join(dist, 'version'), '45.4.1');
    await writeFile(join(dist, 'electron'), Buffer.concat([Buffer.from('#!/bin/sh\n# placeholder Electron: packaging checks only\n'), Buffer.from(SENTINEL), Buffer.from([1, 8]), Buffer.from(ELECTRON_DEFAULTS)]));
    await chmod(join(dist, 'electron'), 0o755);
    const bin = (name: string): string => join(APP, 'node_modules/.bin', name);
    built = join(work, 'build');
    await run(bin('electron-vite'), ['build', '--outDir', built], { cwd: APP, maxBuffer: 32 * 1024 * 1024 });
    builderConfig = await readFile(join(APP, 'electron-builder.yml'), 'utf8');
    const filesBlock = /^files:\n((?: {2}- .*\n)+)/m.exec(builderConfig)?.[1] ?? '';
    const patterns = filesBlock.split('\n').filter(Boolean).map((line) => line.replace(/^ {2}- /, '').replace(/^'(.*)'$/, '$1'));
    expect(patterns).toContain('out/**');
    const config = join(work, 'builder.json');
    await writeFile(config, JSON.stringify({
      extends: join(APP, 'electron-builder.yml'),
      files: patterns.map((p) => (p === 'out/**' ? { from: built, to: 'out' } : p)),
    }));
    // electron-builder picks its dependency walker from the user agent: pnpm's is the fast, exact one here.
    const env = { ...process.env, npm_config_user_agent: 'pnpm/10.34.9 npm/? node/v20 linux x64' };
    await run(bin('electron-builder'), ['--dir', '--linux', '--config', config, `-c.electronDist=${dist}`, `-c.directories.output=${join(work, 'out')}`], { cwd: APP, env, maxBuffer: 32 * 1024 * 1024 });
    const unpacked = join(work, 'out/linux-unpacked');
    files = await asarFiles(join(unpacked, 'resources/app.asar'));
    const binary = await readFile(join(unpacked, 'econdata-explorer'));
    const at = binary.indexOf(SENTINEL) + SENTINEL.length;
    fuses = binary.toString('latin1', at + 2, at + 2 + binary[at + 1]!);
  }, 300_000);

  it('packs the built main, preload and renderer and package.json', () => {
    expect(files).toContain('/package.json');
    expect(files).toContain('/out/main/index.js');
    expect(files).toContain('/out/preload/index.cjs');
    expect(files).toContain('/out/renderer/index.html');
    expect(files.some((f) => /^\/out\/renderer\/assets\/index-[\w-]+\.js$/.test(f))).toBe(true);
  });

  it('packs nothing of the tests, the data, the sources or node_modules/.bin', () => {
    const bad = files.filter((f) => /(^|\/)(test|tests|__tests__)\//.test(f) || /\.test\.[cm]?[jt]sx?$/.test(f)
      || /shared\/data|\.csv$/.test(f) || /\.tsx?$/.test(f) || f.includes('node_modules/.bin') || f.startsWith('/src/')
      || /node_modules\/(@econdata|react|react-dom|electron|vitest|typescript)\//.test(f));
    expect(bad).toEqual([]);
    // Outside out/ and package.json only keytar (the one runtime dependency, native) and what it requires.
    const top = new Set(files.filter((f) => f.startsWith('/node_modules/')).map((f) => f.split('/')[2]));
    expect(top.has('keytar')).toBe(true);
    expect(files.filter((f) => !f.startsWith('/node_modules/') && !f.startsWith('/out/') && f !== '/package.json')).toEqual([]);
  });

  it('flips the fuses: RunAsNode off, cookie encryption on, NODE_OPTIONS and --inspect off, asar integrity and asar-only on', () => {
    expect(fuses).toBe('01001100');
  });

  it('boots the built main process (electron stubbed): the embedded sandbox starts and a fetch, an XLSX export and its reopening work', async () => {
    // The bundle reads package.json two levels up (sheets' version), as the packaged app has it.
    await cp(join(APP, 'package.json'), join(work, 'package.json'));
    const boot = join(APP, 'test/boot');
    const { stdout } = await run(process.execPath, ['--import', join(boot, 'register.mjs'), join(boot, 'boot.mjs'), join(built, 'main/index.js')], {
      cwd: work, env: { ...process.env, ECONDATA_HOME: await mkdtemp(join(tmpdir(), 'desktop-boot-')), ECONDATA_DEMO: '1' }, maxBuffer: 32 * 1024 * 1024,
    });
    const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, { ok: boolean; value: unknown }> & { window: string; handlers: number };
    expect(result.window).toBe('app://explorer/index.html');
    expect(result.handlers).toBe(OPERATION_NAMES.length);
    expect(result.status).toMatchObject({ ok: true, value: { host: 'electron', data: 'demo', service: { kind: 'sandbox' } } });
    expect(result.series).toMatchObject({ ok: true, value: [{ ok: true, series: { id: 'indicator:WB:NY.GDP.MKTP.CD:VN:2019-2020', periods: ['2019', '2020'] } }] });
    expect(result.saved).toMatchObject({ ok: true, value: { format: 'xlsx', saved: { name: 'boot' } } });
    expect(result.opened).toMatchObject({ ok: true, value: { series: [{ id: 'indicator:WB:NY.GDP.MKTP.CD:VN:2019-2020' }] } });
  });

  it('targets NSIS (Windows), DMG (macOS), AppImage and deb (Linux)', () => {
    expect(builderConfig).toMatch(/^win:\n {2}target: \[nsis\]$/m);
    expect(builderConfig).toMatch(/^mac:\n {2}target: \[dmg\]$/m);
    expect(builderConfig).toMatch(/^linux:\n {2}target: \[AppImage, deb\]$/m);
  });
});
