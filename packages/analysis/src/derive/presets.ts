/**
 * The derived series one click away in both apps and in the formula: each is an expression and the
 * operand to add beside the user's series (a), as data, so every entry point builds the same
 * request. The added operand is a World Bank indicator for the same country and years.
 */
import { InvalidParameterError, type SeriesQuery } from '@econdata/core';
import type { DerivedOperand, DerivedRequest, PresetId } from './types.ts';

export interface DerivedPreset {
  id: PresetId;
  /** The button's text. */
  label: string;
  /** What it computes, for a tooltip or the README. */
  description: string;
  expression: string;
  /** The operand added as b: a World Bank indicator, with its own transform when it needs one. */
  operand: { indicator: string; transform?: string };
  /** Words after the series' title. */
  words: string;
  /** The same words in Vietnamese, for series named in Vietnamese (core's NameLanguage 'vi'). */
  wordsVi: string;
}

export const DERIVED_PRESETS: readonly DerivedPreset[] = [
  {
    id: 'per_capita', label: 'Per capita', words: 'per capita', wordsVi: 'bình quân đầu người', expression: 'a/b',
    operand: { indicator: 'SP.POP.TOTL' },
    description: 'Divided by the population (World Bank SP.POP.TOTL).',
  },
  {
    id: 'share_of_gdp', label: 'Share of GDP', words: 'share of GDP', wordsVi: 'tỷ trọng trong GDP', expression: 'a/b*100',
    operand: { indicator: 'NY.GDP.MKTP.CD' },
    description: 'As a percentage of GDP in current US$ (World Bank NY.GDP.MKTP.CD); the series must be in current US$ too.',
  },
  {
    id: 'real', label: 'Real', words: 'real, deflated by the GDP deflator', wordsVi: 'giá trị thực, loại trừ yếu tố giá bằng chỉ số giảm phát GDP', expression: 'a/b*100',
    // The data has the deflator's growth (annual %), not its level: Level=pch chains it into an index, 100 at the first year.
    operand: { indicator: 'NY.GDP.DEFL.KD.ZG', transform: 'Level=pch' },
    description: 'Divided by the GDP deflator (rebuilt from World Bank NY.GDP.DEFL.KD.ZG, 100 at the first year) × 100: at the first year\'s prices.',
  },
  {
    id: 'usd', label: 'In US dollars', words: 'in US dollars', wordsVi: 'tính bằng đô la Mỹ', expression: 'a/b',
    operand: { indicator: 'PA.NUS.FCRF' },
    description: 'Local currency divided by the official exchange rate (World Bank PA.NUS.FCRF, LCU per US$, period average); a monthly or quarterly series uses its year\'s rate.',
  },
];

/** The calendar years a query covers, as far as it says. */
function yearsOf(q: SeriesQuery): { start_year?: number; end_year?: number } {
  if (q.kind === 'indicator') return { ...(q.start_year !== undefined ? { start_year: q.start_year } : {}), ...(q.end_year !== undefined ? { end_year: q.end_year } : {}) };
  if (q.kind === 'trade') {
    const from = q.period ?? q.start_period;
    const to = q.period ?? q.end_period;
    return { ...(from ? { start_year: Number(from.slice(0, 4)) } : {}), ...(to ? { end_year: Number(to.slice(0, 4)) } : {}) };
  }
  return { ...(q.start_date ? { start_year: Number(q.start_date.slice(0, 4)) } : {}), ...(q.end_date ? { end_year: Number(q.end_date.slice(0, 4)) } : {}) };
}

/** The country a query is about: its own (indicators), Vietnam for GSO, trade and stocks (the service's Vietnamese data). */
const countryOf = (q: SeriesQuery): string => (q.kind === 'indicator' && q.country ? q.country : 'VN');

/**
 * The request a preset makes of the user's series: it is operand a, the preset's indicator for the
 * same country and years is b.
 * @example presetRequest('per_capita', { name: 'a', query: gdpVN }) // a/b with b = SP.POP.TOTL for VN
 */
export function presetRequest(id: PresetId, series: Omit<DerivedOperand, 'name'>, transform?: string): DerivedRequest {
  const preset = DERIVED_PRESETS.find((p) => p.id === id);
  if (!preset) throw new InvalidParameterError('preset', `Unknown preset "${String(id)}": expected one of ${DERIVED_PRESETS.map((p) => p.id).join(', ')}.`);
  const b: DerivedOperand = {
    name: 'b',
    query: { kind: 'indicator', source: 'WB', indicator: preset.operand.indicator, country: countryOf(series.query), ...yearsOf(series.query) },
    ...(preset.operand.transform ? { transform: preset.operand.transform } : {}),
  };
  const a: DerivedOperand = { name: 'a', query: series.query, ...(series.transform ? { transform: series.transform } : {}) };
  return { expression: preset.expression, operands: [a, b], words: preset.words, preset: preset.id, ...(transform ? { transform } : {}) };
}
