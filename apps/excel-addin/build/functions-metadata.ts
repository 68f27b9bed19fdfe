/**
 * functions.json, generated from the JSDoc of src/functions/functions.ts by custom-functions-metadata
 * (the same generator as `custom-functions-metadata generate`): emitted into dist on build, served
 * at /functions.json in `vite dev`, never written by hand.
 */
import { join } from 'node:path';
import { generateCustomFunctionsMetadata } from 'custom-functions-metadata';
import type { Plugin } from 'vite';

/** The file whose JSDoc describes the functions. */
const FUNCTIONS_SOURCE = 'src/functions/functions.ts';

/** The metadata JSON text of the functions in `root`; throws with the generator's own messages. */
export async function functionsMetadata(root: string): Promise<string> {
  const result = await generateCustomFunctionsMetadata(join(root, FUNCTIONS_SOURCE), false);
  if (result.errors.length > 0) throw new Error(`custom-functions-metadata found problems in ${FUNCTIONS_SOURCE}:\n${result.errors.join('\n')}`);
  return result.metadataJson;
}

/** Emits dist/functions.json on build; serves /functions.json (fresh on each request) in dev. */
export function functionsJson(): Plugin {
  let root = process.cwd();
  return {
    name: 'econdata-functions-json',
    configResolved(config) {
      root = config.root;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if ((req.url ?? '').split('?')[0] !== '/functions.json') return next();
        functionsMetadata(root).then((json) => {
          res.setHeader('Content-Type', 'application/json; charset=utf-8');
          res.end(json);
        }, (error: unknown) => {
          res.statusCode = 500;
          res.end(error instanceof Error ? error.message : String(error));
        });
      });
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'functions.json', source: await functionsMetadata(root) });
    },
  };
}
