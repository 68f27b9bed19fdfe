import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export const KEYS = { free: 'sandbox-free', basic: 'sandbox-basic', pro: 'sandbox-pro', enterprise: 'sandbox-enterprise' } as const;

/** GET with a Bearer key (or none). */
export function get(app: FastifyInstance, url: string, key: string | null = KEYS.enterprise): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url, headers: key ? { authorization: `Bearer ${key}` } : {} });
}

export function post(app: FastifyInstance, url: string, body: unknown, key: string | null = KEYS.enterprise): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST', url, payload: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
  });
}

export interface ErrorJson {
  success: false;
  error: { status: number; code: string; message: string; parameter?: string; scope?: string };
}

/** The error body of a response, checked to have the one error shape and the response's status. */
export function errorOf(res: LightMyRequestResponse): ErrorJson['error'] {
  const body = res.json() as ErrorJson;
  if (body.success !== false || body.error?.status !== res.statusCode) {
    throw new Error(`not an error body for status ${res.statusCode}: ${res.body.slice(0, 300)}`);
  }
  return body.error;
}

/** The names (and Vietnamese names) that two or more listed indicators of one source share, with their codes: none is the rule. */
export function sharedNames(list: ReadonlyArray<{ code: string; name: string; name_vi?: string }>): string[] {
  const byName = new Map<string, string[]>();
  for (const info of list) {
    for (const name of [info.name, info.name_vi]) if (name !== undefined) byName.set(name, [...(byName.get(name) ?? []), info.code]);
  }
  return [...byName].filter(([, codes]) => codes.length > 1).map(([name, codes]) => `${name}: ${codes.join(', ')}`);
}
