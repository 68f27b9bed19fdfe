/**
 * Sandbox-only routes, outside /api/v1 and without a key: request counters, a reset, and a reload
 * of the data folder. No fault and no rate limit ever applies to them.
 */
import type { FastifyInstance } from 'fastify';
import type { LiveData } from '../data/live.ts';
import { serverError } from '../http/errors.ts';
import type { SandboxStats } from '../http/stats.ts';

export function sandboxRoutes(app: FastifyInstance, control: { stats(): SandboxStats; reset(): void; live: LiveData }): void {
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

  reloadRoute(app, control.live);
}

function reloadRoute(app: FastifyInstance, live: LiveData): void {
  app.post('/_sandbox/reload', {
    schema: {
      tags: ['Sandbox'],
      summary: 'Read the data folder again (sandbox only, no key)',
      description: 'Parses the data folder again and serves it from the next request; each source\'s last_updated follows its files\' dates. '
        + 'The sandbox also reloads by itself when a file of the folder changes. A folder that fails to parse is a 500 naming the problem, and the data served before stays.',
      security: [],
      response: {
        200: {
          type: 'object',
          required: ['success', 'reloaded', 'reloads', 'loadMs', 'last_updated'],
          properties: {
            success: { type: 'boolean', enum: [true] },
            reloaded: { type: 'boolean', description: 'false for the demo pack (no files to read)' },
            reloads: { type: 'integer', description: 'reloads since start, watched and asked for' },
            loadMs: { type: 'integer' },
            last_updated: { type: 'object', additionalProperties: { type: 'string' }, description: 'WB, IMF, GSO, trade, stocks, countries -> YYYY-MM-DD' },
            warnings: { type: 'array', items: { type: 'string' } },
          },
        },
        500: { $ref: 'ErrorResponse#' },
      },
    },
  }, async () => {
    try {
      const result = await live.reload();
      return { success: true, reloads: live.reloads, ...result };
    } catch (e) {
      throw serverError(`the data folder could not be reloaded (${e instanceof Error ? e.message : String(e)}); the data served before is still served`);
    }
  });
}
