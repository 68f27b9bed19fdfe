/**
 * The profile-name rule, the one definition (the keychain account it names, the settings file, the
 * desktop's request schemas and its form). No imports: the desktop's renderer reads it too, through
 * `@econdata/keychain/profile-name`, without pulling the keychain into the page.
 */

const MAX_NAME_LENGTH = 64;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;
const NAME = /^[A-Za-z0-9][A-Za-z0-9 ._-]*$/;

/** The profile-name rule in words, for messages that show the accepted form (the desktop's request schemas, its form). */
export const PROFILE_NAME_FORM = 'a profile name of 1 to 64 letters, digits, spaces, dots, dashes or underscores, starting with a letter or digit';

/**
 * Why a profile name is refused, or undefined when it is fine: the one definition of a profile
 * name (the keychain account it names, the settings file, the desktop's requests and form).
 */
export function nameProblem(name: unknown): string | undefined {
  if (typeof name !== 'string') return 'must be a string';
  if (name.length === 0) return 'must not be empty';
  if (name.trim() !== name) return 'must not start or end with spaces';
  if (name.length > MAX_NAME_LENGTH) return `must be at most ${MAX_NAME_LENGTH} characters`;
  if (CONTROL.test(name)) return 'must not contain control characters';
  if (!NAME.test(name)) return `must be ${PROFILE_NAME_FORM}`;
  return undefined;
}
