/**
 * A downloaded "export" that is really the service's error answer (a JSON error body, or an HTML
 * error page from a proxy) is told apart from a damaged file, so the message can say what the
 * service said instead of "no header row found". The spec does not fix the error body's shape, so
 * the usual places for a message are tried in turn.
 */

function messageOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const b = body as Record<string, unknown>;
  const error = b['error'];
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null) {
    const m = (error as Record<string, unknown>)['message'];
    if (typeof m === 'string') return m;
  }
  for (const key of ['message', 'detail']) if (typeof b[key] === 'string') return b[key];
  return null;
}

/** What a file starting with an error answer holds, as a phrase ('the service\'s error answer "…"'), or null. */
export function errorAnswerIn(head: string): string | null {
  const text = head.replace(/^\uFEFF/, '').trim();
  if (text.startsWith('{')) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return null; // not JSON after all (or cut short): the caller's own error stands
    }
    return `the service's error answer ${JSON.stringify(messageOf(body) ?? text.slice(0, 200))}`;
  }
  if (/^<(!doctype html|html)/i.test(text)) {
    const title = /<title>([^<]*)<\/title>/i.exec(text)?.[1]?.trim();
    return `an HTML page${title ? ` titled "${title}"` : ''}`;
  }
  return null;
}
