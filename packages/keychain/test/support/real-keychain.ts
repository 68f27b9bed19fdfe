import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KeytarKeyStore } from '../../src/store/keytar-key-store.ts';

/** `scripts/test.sh` sets this inside its private D-Bus session: the real-keychain suites must run then. */
export const keychainRequired = process.env['ECONDATA_REQUIRE_KEYCHAIN'] === '1';

/** A unique account (profile) name for this run, so parallel runs and leftovers never collide. */
export function uniqueAccount(label: string): string {
  return `econdata-test-${label}-${process.pid}-${randomBytes(3).toString('hex')}`;
}

/** Whether a real keychain answers here: saves, reads and deletes a throwaway item. */
export async function probeRealKeychain(): Promise<{ ok: true } | { ok: false; reason: string }> {
  const store = new KeytarKeyStore();
  const account = uniqueAccount('probe');
  try {
    await store.set(account, 'probe-value-1234');
    const back = await store.get(account);
    await store.delete(account);
    return back === 'probe-value-1234' ? { ok: true } : { ok: false, reason: 'the keychain did not return the value just saved' };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/** What the OS's own tool sees for an item: `secret-tool lookup service econdata account <name>`. */
export function secretToolLookup(account: string, service = 'econdata'): string | undefined {
  const result = spawnSync('secret-tool', ['lookup', 'service', service, 'account', account], { encoding: 'utf8' });
  if (result.error) throw result.error;
  return result.status === 0 ? result.stdout : undefined;
}

/** Whether a command is on the PATH. */
export function hasCommand(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const repoRoot = resolve(fileURLToPath(import.meta.url), '../../../../..');
const childScript = resolve(fileURLToPath(import.meta.url), '../../fixtures/keytar-child.ts');
/** Shell helpers for a throwaway gnome-keyring in a private D-Bus session: start_keyring, stop_secret_service. */
const keyringHelpers = resolve(fileURLToPath(import.meta.url), '../../fixtures/keyring-session.sh');

/** The environment without any way to a session bus or a display. */
export function envWithoutKeychain(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['DBUS_SESSION_BUS_ADDRESS', 'DISPLAY', 'WAYLAND_DISPLAY', 'XDG_RUNTIME_DIR', 'ECONDATA_REQUIRE_KEYCHAIN']) delete env[name];
  return env;
}

export interface ChildOutcome {
  ok: boolean;
  className?: string;
  error?: { name: string; code: string; message: string; reason?: string; profile?: string };
  stdout: string;
}

/**
 * Runs the keytar child (`test/fixtures/keytar-child.ts`) with the given environment. `script` is a
 * bash script that runs the child with `eval "$KEYTAR_CHILD"`, e.g. inside a private dbus-run-session
 * with a keyring in some state (`source "$KEYRING_HELPERS"` gives start_keyring and stop_secret_service);
 * by default the child runs directly.
 */
export function runKeytarChild(env: NodeJS.ProcessEnv, account: string, key: string, script = 'eval "$KEYTAR_CHILD"'): ChildOutcome {
  const child = [process.execPath, '--import', 'tsx', childScript, account, key].map((a) => `'${a}'`).join(' ');
  const result = spawnSync('bash', ['-c', script], { cwd: repoRoot, env: { ...env, KEYTAR_CHILD: child, KEYRING_HELPERS: keyringHelpers }, encoding: 'utf8' });
  if (result.error) throw result.error;
  const stdout = result.stdout.trim();
  const jsonStart = stdout.lastIndexOf('{"ok"');
  if (jsonStart < 0) throw new Error(`The keytar child printed no outcome (exit ${result.status}): ${stdout}\n${result.stderr}`);
  return { ...(JSON.parse(stdout.slice(jsonStart)) as Omit<ChildOutcome, 'stdout'>), stdout };
}
