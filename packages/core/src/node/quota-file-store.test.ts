import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../quota/fake-clock.ts';
import { quotaKeyId } from '../quota/key-id.ts';
import { QuotaLedger } from '../quota/ledger.ts';
import { FileQuotaStore } from './quota-file-store.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'econdata-quota-'));
});

describe('FileQuotaStore', () => {
  it('keeps the day across a restart, under the key fingerprint and never the key', async () => {
    const clock = new FakeClock();
    const keyId = await quotaKeyId('sandbox-free');
    const first = new QuotaLedger({ plan: 'free', store: new FileQuotaStore({ dir }), keyId, clock });
    for (let i = 0; i < 6; i += 1) (await first.acquire({ priority: 'interactive' })).answered();
    await clock.flush();
    // A new process: a new store object and a new ledger on the same folder.
    const second = new QuotaLedger({ plan: 'free', store: new FileQuotaStore({ dir }), keyId, clock });
    expect((await second.refresh()).day.used).toBe(6);
    const files = await readdir(dir);
    expect(files).toEqual([`quota-${keyId}.json`]);
    expect(keyId).toMatch(/^[0-9a-f]{16}$/);
    expect(await readFile(join(dir, files[0] as string), 'utf8')).not.toContain('sandbox-free');
  });

  it('loses no update when several stores change one log at once', async () => {
    const stores = Array.from({ length: 4 }, () => new FileQuotaStore({ dir }));
    await Promise.all(
      stores.flatMap((store, s) => Array.from({ length: 25 }, (_, i) => store.update('k', (log) => void log.sent.push(s * 100 + i)))),
    );
    const log = JSON.parse(await readFile(join(dir, 'quota-k.json'), 'utf8')) as { sent: number[] };
    expect(log.sent).toHaveLength(100);
  });

  it('loses no update when two processes change one log at once', async () => {
    const storeModule = fileURLToPath(new URL('./quota-file-store.ts', import.meta.url));
    const script = `import { FileQuotaStore } from ${JSON.stringify(storeModule)};
      const store = new FileQuotaStore({ dir: process.argv[1] });
      await Promise.all(Array.from({ length: 100 }, (_, i) => store.update('k', (log) => void log.sent.push(i))));`;
    const run = () =>
      new Promise<number | null>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, dir], { stdio: ['ignore', 'inherit', 'inherit'] });
        child.on('error', reject);
        child.on('exit', resolve);
      });
    expect(await Promise.all([run(), run()])).toEqual([0, 0]);
    const log = JSON.parse(await readFile(join(dir, 'quota-k.json'), 'utf8')) as { sent: number[] };
    expect(log.sent).toHaveLength(200);
  });

  it('breaks a lock left by a process that died', async () => {
    await writeFile(join(dir, 'quota-k.json.lock'), '2147483646 deadbeef');
    const store = new FileQuotaStore({ dir });
    expect(await store.update('k', (log) => log.sent.length)).toBe(0);
    expect(await readdir(dir)).toEqual(['quota-k.json']);
  });

  it('goes on when the process holding the lock is killed', async () => {
    const lockModule = fileURLToPath(new URL('./quota-file-lock.ts', import.meta.url));
    const script = `import { lockFile } from ${JSON.stringify(lockModule)};
      await lockFile(process.argv[1]);
      process.stdout.write('locked\\n');
      setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, join(dir, 'quota-k.json.lock')], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
      child.on('error', reject);
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    const store = new FileQuotaStore({ dir, timeoutMs: 5_000 });
    expect(await store.update('k', (log) => log.sent.push(1))).toBe(1);
  });

  it('says which file to delete when a live process keeps the lock', async () => {
    await writeFile(join(dir, 'quota-k.json.lock'), `${process.ppid} cafe`);
    const store = new FileQuotaStore({ dir, timeoutMs: 50 });
    await expect(store.update('k', () => 1)).rejects.toThrow(/Could not lock .*quota-k\.json\.lock within 50 ms/);
  });

  it('starts a damaged usage file again from what it still shows, and leaves a newer version\'s file alone', async () => {
    await writeFile(join(dir, 'quota-k.json'), '{"v":1,"sent":[1767225600000,17672256');
    const log = await new FileQuotaStore({ dir }).update('k', (l) => structuredClone(l));
    expect(log).toMatchObject({ v: 1, sent: [1767225600000], recovered: { note: expect.stringMatching(/was damaged \(not valid JSON\); it was moved to .*quota-k\.json\.damaged-/) as string } });
    await writeFile(join(dir, 'quota-k.json'), '{"v":2}');
    await expect(new FileQuotaStore({ dir }).update('k', () => 1)).rejects.toThrow(/written by a newer version/);
  });
});
