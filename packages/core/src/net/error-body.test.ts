import { describe, expect, it } from 'vitest';
import { readErrorBody } from './error-from-response.ts';

describe('readErrorBody, the one reader of error answers', () => {
  it.each([
    ['{"error":"Data not found: X"}', 'json', 'Data not found: X'],
    ['\uFEFF{"success":false,"error":{"message":"Data not found: X","parameter":"indicator"}}', 'json', 'Data not found: X'],
    ['{"detail":"Unprocessable"}', 'json', 'Unprocessable'],
    ['{"unrelated":true}', 'json', undefined],
    ['<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head></html>', 'html', '502 Bad Gateway'],
    ['<html><body><h1>Service Unavailable</h1></body></html>', 'html', 'Service Unavailable'],
    ['Too many requests', 'text', 'Too many requests'],
    ['{"error":"cut sho', 'text', '{"error":"cut sho'],
    ['', 'other', undefined],
    ['x'.repeat(301), 'other', undefined],
  ])('%j is %s', (text, form, message) => {
    expect(readErrorBody(text)).toMatchObject({ form, message });
  });

  it('keeps the parameter and scope the service names', () => {
    expect(readErrorBody('{"error":{"message":"Rate limit exceeded","scope":"day","parameter":"x"}}')).toEqual({ form: 'json', message: 'Rate limit exceeded', parameter: 'x', scope: 'day', isHtml: false });
  });
});
