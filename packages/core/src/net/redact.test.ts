import { describe, expect, it } from 'vitest';
import { excerptOf, redactApiKey, redactSecrets } from './redact.ts';

const KEY = 'sk_live+Sec/RET=ab cd';
const b64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64');
const b64url = (s: string): string => Buffer.from(s, 'utf8').toString('base64url');

describe('redactSecrets: every encoding of the key', () => {
  const encodings: Array<[string, string]> = [
    ['literal', KEY],
    ['encodeURIComponent (upper-case hex)', encodeURIComponent(KEY)],
    ['lower-case hex', encodeURIComponent(KEY).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase())],
    ['every byte percent-encoded', [...Buffer.from(KEY)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('')],
    ['form encoding (space as +)', new URLSearchParams({ k: KEY }).toString().slice(2)],
    ['form-decoded (+ read as space)', KEY.replace(/\+/g, ' ')],
    ['base64 of the key', b64(KEY)],
    ['base64 of key: (HTTP Basic, no password)', b64(`${KEY}:`)],
    ['base64 of user:key', b64(`u:${KEY}`)],
    ['base64 of ab:key', b64(`ab:${KEY}`)],
    ['base64url of the key', b64url(KEY)],
    ['base64 of key:password', b64(`${KEY}:hunter2`)],
  ];
  it.each(encodings)('%s is redacted', (_name, encoded) => {
    const text = `The service said: no data for ${encoded} today`;
    const out = redactSecrets(text, [KEY]);
    expect(out).toMatch(/^The service said: no data for .*\*\*\*.* today$/);
    // What is left between the words can no longer give the key back in any of its encodings.
    const left = out.slice('The service said: no data for '.length, -' today'.length).replace('***', '');
    expect(left.length).toBeLessThanOrEqual(8);
    for (const [, other] of encodings) expect(out).not.toContain(other);
    expect(Buffer.from(left, 'base64').toString('latin1')).not.toContain('Sec/RET');
  });

  it('a multi-byte key is matched by its UTF-8 bytes, percent-encoded', () => {
    const key = 'khóa-bí-mật-123';
    expect(redactSecrets(`x=${encodeURIComponent(key)}&y=1`, [key])).toBe('x=***&y=1');
  });

  it('leaves text without the key alone, and ignores keys shorter than 4 characters', () => {
    expect(redactSecrets('nothing secret here: %2B, abc', [KEY, 'abc'])).toBe('nothing secret here: %2B, abc');
  });

  it('redactApiKey also hides api_key values, spelled api%5Fkey too', () => {
    expect(redactApiKey('GET /x?api_key=zzz&api%5Fkey=yyy')).toBe('GET /x?api_key=***&api%5Fkey=***');
  });

  it('excerptOf reads only the head of a large body, and never leaves half a key at its end', () => {
    const body = `${'x'.repeat(150)}${encodeURIComponent(KEY)}${'y'.repeat(5_000_000)}`;
    const excerpt = excerptOf(body, KEY);
    expect(excerpt).toBe(`${'x'.repeat(150)}***${'y'.repeat(7)}...`);
  });
});
