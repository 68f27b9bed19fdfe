/**
 * A downloaded "export" that is really the service's error answer (a JSON error body, or an HTML
 * error page from a proxy) is told apart from a damaged file, so the message can say what the
 * service said instead of "no header row found". The body is read by core's `readErrorBody`, the
 * one reader of the service's error answers.
 */
import { readErrorBody } from '@econdata/core';

/** What a file starting with an error answer holds, as a phrase ('the service\'s error answer "…"'), or null. */
export function errorAnswerIn(head: string): string | null {
  const body = readErrorBody(head);
  if (body.form === 'json') return `the service's error answer ${JSON.stringify(body.message ?? head.replace(/^\uFEFF/, '').trim().slice(0, 200))}`;
  if (body.form === 'html') return `an HTML page${body.message ? ` titled "${body.message}"` : ''}`;
  // Anything else (cut JSON, text, a damaged file): the caller's own error stands.
  return null;
}
