/**
 * Keeps secrets out of every message, excerpt and log line the client produces: the one redaction
 * rule, which the desktop's main process asks too (for every key it knows).
 *
 * A hostile or careless service can echo the key in any encoding it received or re-encoded, so each
 * key is searched for as:
 *   - itself, each character also matched percent-encoded (UTF-8 bytes, %2B or %2b, in any mix),
 *     a space also as '+' and a '+' also as a space (form encoding, and its decoding);
 *   - base64 and base64url, at each of the three alignments it can have inside a longer encoded
 *     text (`key:` of HTTP Basic, `user:key`, the key alone), padded or not.
 * Keys shorter than 4 characters are not searched for (they would match ordinary words).
 */

const MIN_SECRET = 4;
/** The shortest run of whole base64 groups searched for: shorter runs would match ordinary text. */
const MIN_BASE64_BYTES = 6;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** One character of the key, as a pattern: itself, or its UTF-8 bytes percent-encoded in either case. */
function charPattern(ch: string): string {
  const percent = [...utf8(ch)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  const forms = [escapeRegExp(ch), percent];
  if (ch === ' ') forms.push('\\+');
  if (ch === '+') forms.push(' ');
  return `(?:${forms.join('|')})`;
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/**
 * The base64 texts that stand for the key wherever it starts inside an encoded text: at offset 0, 1
 * or 2 (mod 3) the key's bytes from the first whole group on encode the same way whatever precedes
 * them. Each is widened to the partial groups on both sides (at most 3 characters before, 4 after).
 */
function base64Patterns(key: string): string[] {
  const bytes = utf8(key);
  const out: string[] = [];
  for (let skip = 0; skip < 3; skip++) {
    const whole = Math.floor((bytes.length - skip) / 3) * 3;
    if (whole < MIN_BASE64_BYTES) continue;
    const core = base64(bytes.subarray(skip, skip + whole));
    for (const text of new Set([core, core.replace(/\+/g, '-').replace(/\//g, '_')])) {
      out.push(`[A-Za-z0-9+/_-]{0,3}${escapeRegExp(text)}[A-Za-z0-9+/_-]{0,4}={0,2}`);
    }
  }
  return out;
}

const patternCache = new Map<string, RegExp>();

/** The pattern matching every encoding of one key (cached: the same key is redacted often). */
function secretPattern(key: string): RegExp {
  let re = patternCache.get(key);
  if (re === undefined) {
    const plain = [...key].map(charPattern).join('');
    re = new RegExp([plain, ...base64Patterns(key)].join('|'), 'gi');
    if (patternCache.size > 64) patternCache.clear();
    patternCache.set(key, re);
  }
  return re;
}

/**
 * Replaces every encoding of each secret (see above) with '***'. Matching ignores case only where
 * the encoding does (the %XX digits): the `i` flag would also let a key's letters match in another
 * case, a harmless over-match.
 *
 * @example redactSecrets('echo: sk_a%2BB%2fc', ['sk_a+B/c']) // 'echo: ***'
 */
export function redactSecrets(text: string, secrets: Iterable<string>): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= MIN_SECRET) out = out.replace(secretPattern(secret), '***');
  return out;
}

/** Replaces api_key values (also spelled api%5Fkey) and every encoding of the key itself with '***'. */
export function redactApiKey(text: string, key?: string): string {
  const out = text.replace(/(api(?:_|%5f)key=)[^&\s"'<>]*/gi, '$1***');
  return key ? redactSecrets(out, [key]) : out;
}

/** A short, single-line, secret-free excerpt of a body, for invalid_response errors. */
export function excerptOf(text: string, key?: string, max = 160): string {
  // Only the head is redacted (a body may be megabytes); the margin holds the longest encoding of a
  // key that starts inside the excerpt (9 characters per character: %XX%XX%XX), so none is cut in half.
  const head = text.length > 2 * max ? text.slice(0, 2 * max + 9 * (key?.length ?? 0) + 64) : text;
  const flat = redactApiKey(head, key).replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}...` : flat;
}
