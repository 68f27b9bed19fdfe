/**
 * The metadata lists: sources, a source's indicators, countries. Open to every plan.
 */
import type { FastifyInstance } from 'fastify';
import { checkEntitlement } from '../http/auth.ts';
import { text, type Params } from '../http/params.ts';
import { planOf } from '../http/pipeline.ts';
import { envelope, errorResponses } from '../http/schemas.ts';
import { FREQUENCIES, type Dataset } from '../data/model.ts';
import { findSource } from '../query/indicators.ts';

/** The /sources and /countries lists of one loaded dataset (a reload brings new maps, so new lists). */
function lists(dataset: Dataset) {
  const sources = [...dataset.sources.values()].map((s) => ({
    code: s.code, name: s.name, description: s.description,
    frequencies: FREQUENCIES.filter((f) => [...s.indicators.values()].some((i) => i.frequencies.includes(f))),
    last_updated: s.last_updated, indicator_count: s.indicators.size,
  }));
  return { sources, sourcesUpdated: sources.map((s) => s.last_updated).sort().pop() ?? '', countries: [...dataset.countries.values()] };
}

export function metadataRoutes(app: FastifyInstance, dataset: Dataset): void {
  const memo = new WeakMap<object, ReturnType<typeof lists>>();
  const current = () => {
    let l = memo.get(dataset.sources);
    if (!l) memo.set(dataset.sources, (l = lists(dataset)));
    return l;
  };

  app.get('/sources', {
    schema: {
      tags: ['Metadata'],
      summary: 'List data sources',
      description: 'The sources of GET /indicators, with their frequencies and indicator counts.',
      response: { 200: envelope('Source', 'Every source this service has data for.'), ...errorResponses() },
    },
  }, async (request) => {
    checkEntitlement(planOf(request), 'metadata');
    const { sources, sourcesUpdated } = current();
    return {
      success: true, data: sources,
      metadata: { source: dataset.demo ? 'DEMO DATA (generated, not real): data sources' : 'Econdata sandbox: data sources', last_updated: sourcesUpdated, total_records: sources.length },
    };
  });

  app.get('/sources/:source_code/indicators', {
    schema: {
      tags: ['Metadata'],
      summary: 'List the indicators of one source',
      description: 'Indicator codes with name, unit, frequencies and the first and last period with data. GSO codes are TABLE.ITEM.MEASURE (see the package README).',
      params: {
        type: 'object',
        required: ['source_code'],
        properties: { source_code: { type: 'string', description: 'WB, IMF or GSO.', example: 'GSO' } },
      },
      querystring: {
        type: 'object',
        properties: { q: { type: 'string', description: 'Keeps the indicators whose code or name contains this text (case-insensitive).', example: 'CPI' } },
      },
      response: {
        200: envelope('Indicator', 'The indicators of the source, sorted by code.'),
        ...errorResponses({ description: 'Data not found: unknown source.', example: 'Data not found: unknown source "OECD"; sources: WB, IMF, GSO' }),
      },
    },
  }, async (request) => {
    checkEntitlement(planOf(request), 'metadata');
    const src = findSource(dataset, String((request.params as Params)['source_code'] ?? ''));
    const q = text(request.query as Params, 'q')?.trim().toLowerCase();
    let data = [...src.indicators.values()];
    if (q) data = data.filter((i) => i.code.toLowerCase().includes(q) || i.name.toLowerCase().includes(q));
    return { success: true, data, metadata: { source: src.name, last_updated: src.last_updated, total_records: data.length } };
  });

  app.get('/countries', {
    schema: {
      tags: ['Metadata'],
      summary: 'List countries',
      description: 'ISO 3166 countries and territories, the World Bank economies ISO lacks (Kosovo XK, Channel Islands JG), and World Bank aggregates (is_aggregate, e.g. 1W World).',
      response: { 200: envelope('Country', 'Countries and aggregates, sorted by code.'), ...errorResponses() },
    },
  }, async (request) => {
    checkEntitlement(planOf(request), 'metadata');
    const { name, last_updated } = dataset.countryList;
    const { countries } = current();
    return { success: true, data: countries, metadata: { source: name, last_updated, total_records: countries.length } };
  });
}
