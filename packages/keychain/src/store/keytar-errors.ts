import { KeychainError, KeychainUnavailableError, type UnavailableReason } from '../errors.ts';
import { maskKeyIn } from '../mask.ts';

/**
 * Turns keytar's native errors into errors a user can act on. keytar passes libsecret's (or the
 * macOS/Windows API's) message through as a plain Error, so the only thing to go by is the text.
 */

export type KeyOperation = 'read' | 'save' | 'delete' | 'list';

/** Recognized native messages, most specific first. */
const PATTERNS: ReadonlyArray<{ test: RegExp; reason: UnavailableReason }> = [
  // libsecret/GDBus without a session bus: "Cannot autolaunch D-Bus without X11 $DISPLAY",
  // "Could not connect: No such file or directory", "Failed to connect to socket ...".
  { test: /autolaunch D-Bus|Could not connect:|Failed to connect to socket|DBUS_SESSION_BUS_ADDRESS/i, reason: 'no_session_bus' },
  // A locked default keyring: "Cannot create an item in a locked collection", "... locked object".
  { test: /\blocked (collection|object|item)|collection is locked/i, reason: 'locked' },
  // A session bus without a Secret Service, or one without a default keyring (it would have to prompt):
  // "The name org.freedesktop.secrets was not provided by any .service files",
  // "Object does not exist at path “/org/freedesktop/secrets/collection/login”".
  { test: /org\.freedesktop\.secrets|ServiceUnknown|Object does not exist at path|couldn't initialize prompt/i, reason: 'no_secret_service' },
];

const HEADLESS_HINT = 'or set ECONDATA_API_KEY for headless use and CI. Econdata never stores keys in a plain file instead.';

// Each message leads with what is wrong, then which key it stops, then the fix. The cause comes
// first because @econdata/core puts a key provider's message after its own "Could not read the API
// key of this profile: ", which must not be followed by a second "Cannot read the API key of ...".
const WHAT_AND_FIX: Record<UnavailableReason, { what: string; fix: string }> = {
  no_session_bus: {
    what: 'No OS keychain is reachable (there is no D-Bus session bus)',
    fix: 'On Linux, install and unlock a Secret Service such as gnome-keyring in a desktop session (or start one with dbus-run-session), ' + HEADLESS_HINT,
  },
  no_secret_service: {
    what: 'No OS keychain is reachable (no Secret Service with an unlocked default keyring answers on the D-Bus session bus)',
    fix: 'On Linux, install and unlock a Secret Service such as gnome-keyring, ' + HEADLESS_HINT,
  },
  locked: {
    what: 'The OS keychain is locked',
    fix: 'Unlock the default keyring (log in to the desktop session, or run gnome-keyring-daemon --unlock), ' + HEADLESS_HINT,
  },
  module_unavailable: {
    what: 'The keychain module (keytar) could not be loaded',
    fix: 'Reinstall the dependencies so keytar is built for this Node or Electron version, ' + HEADLESS_HINT,
  },
};

const DONE: Record<KeyOperation, string> = { read: 'read', save: 'saved', delete: 'deleted', list: 'listed' };

/** What the failure stops: which operation, on which profile's key. */
function consequence(op: KeyOperation, account: string | undefined): string {
  if (op === 'list' || account === undefined) return "so Econdata's API keys cannot be listed";
  return `so the API key of profile "${account}" cannot be ${DONE[op]}`;
}

/** The native message, with the key masked in case a backend ever echoed it. */
function nativeMessage(error: unknown, key: string | undefined): string {
  const text = error instanceof Error ? error.message : String(error);
  return maskKeyIn(text, key);
}

/** Which unavailable-keychain case a native message describes, if any. */
export function unavailableReason(message: string): UnavailableReason | undefined {
  return PATTERNS.find((p) => p.test.test(message))?.reason;
}

/**
 * The error to throw for a failed keytar call: KeychainUnavailableError when no keychain can be used,
 * KeychainError('keychain_failed') otherwise. The key is never part of it.
 */
export function keytarError(error: unknown, op: KeyOperation, account: string | undefined, key?: string): KeychainError {
  const native = nativeMessage(error, key);
  const profile = account === undefined ? {} : { profile: account };
  const reason = unavailableReason(native);
  if (reason !== undefined) {
    const { what, fix } = WHAT_AND_FIX[reason];
    return new KeychainUnavailableError(reason, `${what}, ${consequence(op, account)} (keytar: ${native}). ${fix}`, profile);
  }
  return new KeychainError(
    'keychain_failed',
    `The OS keychain refused, ${consequence(op, account)} (keytar: ${native}). Check the keychain in your system's keychain manager and try again, ${HEADLESS_HINT}`,
    profile,
  );
}

/** The error for keytar's native module failing to load (not installed, not built for this runtime). */
export function keytarLoadError(error: unknown, op: KeyOperation, account: string | undefined): KeychainUnavailableError {
  const native = nativeMessage(error, undefined);
  const profile = account === undefined ? {} : { profile: account };
  const { what, fix } = WHAT_AND_FIX.module_unavailable;
  return new KeychainUnavailableError('module_unavailable', `${what}, ${consequence(op, account)} (${native}). ${fix}`, profile);
}
