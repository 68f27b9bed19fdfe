/**
 * The three indicator sources: WB (WDI, annual), IMF (WEO, annual, projections flagged) and GSO
 * (the monthly and quarterly tables of gso-tables.ts).
 */
import type { CountryTable } from './countries.ts';
import { MONTH, numberCell, patternCell, QUARTER, readTable, yearCell, type DataFiles } from './files.ts';
import { GSO_TABLES, gsoItemCode, type GsoTable } from './gso-tables.ts';
import type { SourceCode, SourceData } from './model.ts';
import { SourceBuilder } from './source-builder.ts';

export interface LoadedSource {
  data: SourceData;
  warnings: string[];
}

/** The name a source gets in `metadata.source`; the demo pack says it is not real data. */
export function sourceName(files: DataFiles, name: string): string {
  return files.demo ? `DEMO DATA (generated, not real): ${name}` : name;
}

/** Values whose country code has no ISO2 mapping are not served; the warning names the codes. */
function unmappedWarning(file: string, codes: Map<string, number>): string[] {
  if (codes.size === 0) return [];
  const rows = [...codes.values()].reduce((a, b) => a + b, 0);
  const list = [...codes.keys()].slice(0, 15).join(', ') + (codes.size > 15 ? ', ...' : '');
  return [`${file}: ${rows} rows for ${codes.size} codes without an ISO 2-letter code are not served (${list})`];
}

/** How one annual, country-by-indicator source is laid out in the data folder (WDI and WEO alike). */
interface AnnualSourceLayout {
  code: SourceCode;
  name: string;
  description: string;
  /** indicator_id, country_code (ISO3 or ISO2), year, value [, is_projection] */
  valuesFile: string;
  /** indicator_id, name, unit [, more columns the description may use] */
  indicatorsFile: string;
  /** An indicator's description, from its row in the indicators file. */
  describe: (name: string, unit: string, row: string[], optional: (column: string) => number) => string;
}

/** Loads an annual source: values by indicator, country and year, described by an indicator catalogue. */
function loadAnnualSource(files: DataFiles, countries: CountryTable, layout: AnnualSourceLayout): LoadedSource | undefined {
  const values = readTable(files, layout.valuesFile, ['indicator_id', 'country_code', 'year', 'value']);
  if (!values) return undefined;
  const builder = new SourceBuilder(layout.code, sourceName(files, layout.name), layout.description, files.modified(layout.valuesFile) ?? '');
  const units = new Map<string, string>();
  const meta = readTable(files, layout.indicatorsFile, ['indicator_id', 'name', 'unit']);
  if (meta) {
    meta.each((r) => {
      const code = r[meta.col('indicator_id')]!.toUpperCase();
      const unit = r[meta.col('unit')]!;
      const name = r[meta.col('name')]!;
      units.set(code, unit);
      builder.declare({ code, name, unit, description: layout.describe(name, unit, r, (c) => meta.optional(c)) });
    });
  }
  const [ind, ctry, yr, val] = ['indicator_id', 'country_code', 'year', 'value'].map((c) => values.col(c));
  // Only the IMF's file has it: years after the last actual year are projections.
  const proj = values.optional('is_projection');
  const unmapped = new Map<string, number>();
  values.each((r, i) => {
    const code = r[ctry!]!;
    const iso2 = countries.toIso2(code);
    if (!iso2) return void unmapped.set(code, (unmapped.get(code) ?? 0) + 1);
    const indicator = r[ind!]!.toUpperCase();
    const cells = { year: yearCell(values, i, r[yr!]), value: numberCell(values, i, r[val!]) };
    if (proj < 0) return void builder.add(indicator, iso2, 'annual', units.get(indicator) ?? '', cells);
    const flag = r[proj];
    builder.add(indicator, iso2, 'annual', units.get(indicator) ?? '', { ...cells, isProjection: flag === 'true' ? true : flag === 'false' ? false : null });
  });
  const { data, undeclared } = builder.finish();
  return { data, warnings: [...unmappedWarning(values.file, unmapped), ...undeclaredWarning(layout.indicatorsFile, undeclared)] };
}

/** WB: World Development Indicators, annual. */
export function loadWorldBank(files: DataFiles, countries: CountryTable): LoadedSource | undefined {
  return loadAnnualSource(files, countries, {
    code: 'WB', name: 'World Bank, World Development Indicators',
    description: 'World Development Indicators: annual series for economies and aggregates',
    valuesFile: 'wb_wdi_values.csv', indicatorsFile: 'wb_wdi_indicators.csv',
    describe: (_name, _unit, row, optional) => row[optional('source_note')] ?? '',
  });
}

/** IMF: World Economic Outlook, annual, projections flagged. */
export function loadImf(files: DataFiles, countries: CountryTable): LoadedSource | undefined {
  return loadAnnualSource(files, countries, {
    code: 'IMF', name: 'IMF, World Economic Outlook',
    description: 'World Economic Outlook: annual series; years after the IMF\'s last actual year are projections (is_projection)',
    valuesFile: 'imf_weo_values.csv', indicatorsFile: 'imf_weo_indicators.csv',
    describe: (name, unit) => `${name} (${unit})`,
  });
}

export function loadGso(files: DataFiles): LoadedSource | undefined {
  const builder = new SourceBuilder(
    'GSO', sourceName(files, 'General Statistics Office of Viet Nam (GSO)'),
    '', '',
  );
  const topics: string[] = [];
  for (const table of GSO_TABLES) {
    const t = readTable(files, table.file, ['period', table.itemColumn, table.nameColumn, ...(table.flowColumn ? [table.flowColumn] : [])]);
    if (!t) continue;
    topics.push(table.topic);
    const modified = files.modified(table.file) ?? '';
    if (modified > builder.data.last_updated) builder.data.last_updated = modified;
    const measures = table.measures.map((m) => ({ ...m, index: t.optional(m.column) })).filter((m) => m.index >= 0);
    const [per, item, name] = ['period', table.itemColumn, table.nameColumn].map((c) => t.col(c));
    const nameVi = t.optional(table.nameViColumn);
    const flow = table.flowColumn ? t.col(table.flowColumn) : -1;
    const declared = new Set<string>();
    // GSO labels some rows alike in Vietnamese ("Dầu thô" for crude oil and the FDI sector's crude
    // oil; "Trong đó: Nguyên chiếc(*)" under cars and under motorcycles): those get the English item too.
    const viItems = new Map<string, Set<string>>();
    if (nameVi >= 0) {
      t.each((r) => {
        const key = `${flow >= 0 ? r[flow]! : ''}\u0000${r[nameVi] ?? ''}`;
        viItems.set(key, (viItems.get(key) ?? new Set()).add(r[item!]!));
      });
    }
    const itemVi = (r: readonly string[]): string => {
      const label = r[nameVi]!;
      return (viItems.get(`${flow >= 0 ? r[flow]! : ''}\u0000${label}`)?.size ?? 0) > 1 ? `${label} (${r[name!]!})` : label;
    };
    t.each((r, i) => {
      const period = patternCell(t, i, r[per!], table.frequency === 'monthly' ? MONTH : QUARTER, `a ${table.frequency} period`);
      const year = Number(period.slice(0, 4));
      const prefix = gsoPrefix(table, flow >= 0 ? r[flow]! : undefined);
      const itemCode = gsoItemCode(table, r[item!]!);
      for (const m of measures) {
        const code = `${prefix}.${itemCode}.${m.code}`;
        if (!declared.has(code)) {
          declared.add(code);
          const label = `${r[name!]!}, ${m.label}`;
          builder.declare({
            code, name: `${gsoTitle(table.title, table.table, flow >= 0 ? r[flow]! : undefined)}: ${label}`, unit: m.unit, description: `${prefix} table (${table.file}), column ${m.column}: ${label}`,
            ...(nameVi >= 0 && r[nameVi] ? { name_vi: `${gsoTitle(table.titleVi, table.table, flow >= 0 ? r[flow]! : undefined)}: ${itemVi(r)}, ${m.labelVi}` } : {}),
          });
          if (itemCode === 'TOTAL') builder.data.aliases.set(`${prefix}.${m.code}`, code);
        }
        const value = numberCell(t, i, r[m.index]);
        if (value === null) continue; // an empty cell is a missing observation
        builder.add(code, 'VN', table.frequency, m.unit, { year, period, value });
        // The December release's year-to-date figure is the year's figure.
        if (m.annualUnit && period.endsWith('-12')) builder.add(code, 'VN', 'annual', m.annualUnit, { year, value });
      }
    });
  }
  if (topics.length === 0) return undefined;
  // Named from the tables the folder has: the demo pack has two of the five.
  builder.data.description = `GSO tables for Viet Nam, monthly unless noted: ${topics.join(', ')}`;
  return { data: builder.finish().data, warnings: [] };
}

/** TABLE part of a GSO code: the table, plus the flow for the trade table (`TRADE.EXPORT`). */
/**
 * A table's title (English or Vietnamese) for a row: the flow's own title in a table split by flow
 * ("Merchandise exports"), so two flows of one item never share a name; a flow the table does not
 * name gets the table's code and the flow ("TRADE, re-export").
 */
function gsoTitle(title: GsoTable['title'], table: string, flow: string | undefined): string {
  if (typeof title === 'string') return title;
  return title[(flow ?? '').toUpperCase()] ?? `${table}, ${flow ?? ''}`;
}

function gsoPrefix(table: GsoTable, flow: string | undefined): string {
  return flow === undefined ? table.table : `${table.table}.${flow.toUpperCase().replace(/[^A-Z0-9_]+/g, '_')}`;
}

function undeclaredWarning(file: string, codes: string[]): string[] {
  return codes.length === 0 ? [] : [`${file}: no name or unit for ${codes.length} indicator(s) found in the values (${codes.slice(0, 10).join(', ')})`];
}
