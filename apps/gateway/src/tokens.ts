/** Analysts' personal tokens: random, shown once, stored only as their SHA-256. */
import { createHash, randomBytes } from 'node:crypto';

/** A new token: `egw_` and 32 random bytes, base64url. */
export function newToken(): string {
  return `egw_${randomBytes(32).toString('base64url')}`;
}

/** What is stored and looked up: the token's SHA-256, hex. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The token a request carries: `Authorization: Bearer <token>` (preferred) or `?api_key=<token>` (spec 5). */
export function tokenOf(authorization: string | undefined, apiKeyParam: unknown): string | undefined {
  const m = /^\s*Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (m?.[1]) return m[1];
  return typeof apiKeyParam === 'string' && apiKeyParam !== '' ? apiKeyParam : undefined;
}
