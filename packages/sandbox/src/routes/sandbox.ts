/**
 * Sandbox-only routes, outside /api/v1 and without a key: request counters and a reset.
 * No fault and no rate limit ever applies to them.
 */
import type { FastifyInstance } from 'fastify';
import type { SandboxStats } from '../http/stats.ts';

export function sandboxRoutes(app: FastifyInstance, control: { stats(): SandboxStats; reset(): void }): void {
  app.get('/_sandbox/stats', {
    schema: {
      tags: ['Sandbox'],
      summary: 'Request counters (sandbox only, no key)',
      description: 'How many /api/v1 requests were received, answered, refused (401, 403, rate limit) and faulted, overall and per key.',
      security: [],
      response: { 200: { $ref: 'SandboxStats#' } },
    },
  }, async () => control.stats());

  app.post('/_sandbox/reset', {
    schema: {
      tags: ['Sandbox'],
      summary: 'Reset counters, rate-limit windows and the fault sequence (sandbox only, no key)',
      security: [],
      response: {
        200: { type: 'object', properties: { success: { type: 'boolean', enum: [true] } }, description: 'Reset done.' },
      },
    },
  }, async () => {
    control.reset();
    return { success: true };
  });
}
