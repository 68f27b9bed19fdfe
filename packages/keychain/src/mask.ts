/**
 * How a key may be shown: its last four characters after an ellipsis, and only when the key is long
 * enough that four characters leave most of it hidden.
 */

/** Shortest key whose last four characters may be shown (below it they would be half the key). */
const MIN_LENGTH_TO_SHOW = 8;

/** The last four characters of a key that may be recorded for display, or undefined for a short key. */
export function lastFour(key: string): string | undefined {
  return key.length >= MIN_LENGTH_TO_SHOW ? key.slice(-4) : undefined;
}

/**
 * A key as it may appear in a message or on screen.
 *
 * @example maskKey('sk_live_0123abcd') === '…abcd'
 */
export function maskKey(key: string): string {
  return `…${lastFour(key) ?? ''}`;
}

/** The text with every occurrence of the key replaced by its mask: for messages that came from elsewhere. */
export function maskKeyIn(text: string, key: string | undefined): string {
  if (key === undefined || key.length === 0) return text;
  return text.split(key).join(maskKey(key));
}
