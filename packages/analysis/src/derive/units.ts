/**
 * The unit of a derived series, worked out from its operands' units through the expression
 * ("current US$" ÷ "persons" is "current US$ per person"), with a warning where the units do not
 * combine meaningfully (a sum of US dollars and persons) and a refusal where a currency conversion
 * makes no sense (a percentage, an index or a count divided by an exchange rate).
 */
import { InvalidParameterError } from '@econdata/core';
import type { Node } from './expression.ts';

/** What a unit measures, as far as combining it goes. */
export type UnitClass = 'scalar' | 'usd' | 'lcu' | 'currency' | 'exchange_rate' | 'percent' | 'index' | 'count' | 'other' | 'unknown';

export interface OperandUnit {
  name: string;
  /** The column's label, for sentences ('GDP (current US$)'). */
  label: string;
  unit: string | null;
}

interface U {
  cls: UnitClass;
  text: string;
  /** The unit this becomes when multiplied by 100 (a ratio becomes "% of GDP", a deflated value "... at 2010 prices"). */
  times100?: string;
  /** Already multiplied by 100 (100*a/b): a ratio of it is a percentage. */
  hundred?: boolean;
}

/** Classifies a unit text. Exchange rates first: "local currency units per US$" names both currencies. */
function unitClass(unit: string | null): UnitClass {
  if (unit === null || unit.trim() === '') return 'unknown';
  if (/per\s+(US\$|USD|U\.S\. dollar)/i.test(unit)) return 'exchange_rate';
  if (/%|percent/i.test(unit)) return 'percent';
  if (/index|=\s*100/i.test(unit)) return 'index';
  if (/US\$|\bUSD\b|US dollar/i.test(unit)) return 'usd';
  if (/\bVND\b|\bLCU\b|local currency/i.test(unit)) return 'lcu';
  if (/international \$|\bPPP\b|\$|€|\bEUR\b/i.test(unit)) return 'currency';
  if (/^(persons?|people|population|shares|number|count|units?)\b/i.test(unit.trim())) return 'count';
  return 'other';
}

/** A count's unit for "per ...": persons -> person. */
const singular = (unit: string): string => (/^persons$/i.test(unit) ? 'person' : /^people$/i.test(unit) ? 'person' : /^shares$/i.test(unit) ? 'share' : unit);

/** A label without its trailing "(unit)": 'GDP (current US$)' -> 'GDP'. */
const shortLabel = (label: string): string => label.replace(/\s*\([^()]*\)\s*$/, '').replace(/:.*$/, '') || label;

const toUsd = (unit: string): string => unit.replace(/\bVND\b|\bLCU\b|local currency units?|local currency/gi, 'US$');
const toLcu = (unit: string): string => unit.replace(/US\$|\bUSD\b|US dollars?/g, 'local currency units');
/** The price basis dropped when a value is deflated: 'current US$' -> 'US$'. */
const uncurrent = (unit: string): string => unit.replace(/^current\s+/i, '');

/** Why a unit has no currency to convert: the sentence of the refusal. */
function noCurrency(o: OperandUnit, cls: UnitClass): InvalidParameterError {
  const what = cls === 'percent' ? 'a percentage' : cls === 'index' ? 'an index' : 'a count';
  return new InvalidParameterError(
    'expression',
    `${o.name} (${o.label}) is in ${o.unit}, ${what}: it has no currency, so an exchange rate cannot convert it. Convert the series it is measured against instead, or remove the exchange rate from the expression.`,
  );
}

interface Walk {
  operands: ReadonlyMap<string, OperandUnit>;
  warnings: string[];
}

function rateConversion(w: Walk, op: '*' | '/', value: Node, vu: U): U {
  const o = value.type === 'operand' ? w.operands.get(value.name)! : { name: 'the expression', label: 'the expression', unit: vu.text };
  if (vu.cls === 'percent' || vu.cls === 'index' || vu.cls === 'count') throw noCurrency(o, vu.cls);
  if (op === '/') {
    if (vu.cls === 'usd') throw new InvalidParameterError('expression', `${o.name} (${o.label}) is already in US dollars (${o.unit}): dividing by the exchange rate (local currency per US$) gives nothing meaningful. To get local currency, multiply by the rate (${o.name}*rate).`);
    if (vu.cls === 'lcu') return { cls: 'usd', text: toUsd(vu.text) };
  } else {
    if (vu.cls === 'lcu') throw new InvalidParameterError('expression', `${o.name} (${o.label}) is already in local currency (${o.unit}): multiplying by the exchange rate (local currency per US$) gives nothing meaningful. To get US dollars, divide by the rate.`);
    if (vu.cls === 'usd') return { cls: 'lcu', text: toLcu(vu.text) };
  }
  w.warnings.push(`The exchange rate converts local currency to US dollars; ${o.name} (${o.label}) is in ${vu.text || 'no stated unit'}, which is not known to be local currency.`);
  return { cls: 'other', text: `${vu.text} ${op === '/' ? 'per' : '×'} local currency unit per US$` };
}

function differ(w: Walk, node: Extract<Node, { type: 'binary' }>, l: U, r: U): void {
  const name = (n: Node, u: U): string => (n.type === 'operand' ? `${n.name} (${w.operands.get(n.name)!.label}, ${u.text || 'no unit'})` : `(${u.text || 'no unit'})`);
  const verb = node.op === '+' ? 'Adding' : 'Subtracting';
  w.warnings.push(`${verb} ${name(node.left, l)} and ${name(node.right, r)}: the units differ, so the result may mean nothing. Check the expression before using it.`);
}

function walk(node: Node, w: Walk): U {
  switch (node.type) {
    case 'number': return { cls: 'scalar', text: '' };
    case 'operand': {
      const o = w.operands.get(node.name)!;
      return { cls: unitClass(o.unit), text: o.unit ?? '' };
    }
    case 'negate': return walk(node.arg, w);
    case 'binary': {
      const l = walk(node.left, w);
      const r = walk(node.right, w);
      return combine(node, l, r, w);
    }
  }
}

/** `value` times a number: ×100 turns a pending ratio into its percentage, or marks the value for a ratio to come. */
function hundredTimes(factor: Node, value: U): U {
  if (factor.type !== 'number' || factor.value !== 100) return value;
  return value.times100 ? { cls: 'percent', text: value.times100 } : { ...value, hundred: true };
}

function combine(node: Extract<Node, { type: 'binary' }>, l: U, r: U, w: Walk): U {
  switch (node.op) {
    case '+': case '-':
      if (l.cls === 'scalar') return r;
      if (r.cls === 'scalar') return l;
      if (l.text === r.text) return { cls: l.cls, text: l.text };
      if (l.cls !== 'unknown' && r.cls !== 'unknown') differ(w, node, l, r);
      return { cls: 'other', text: l.cls === 'unknown' ? r.text : r.cls === 'unknown' ? l.text : `${l.text} ${node.op} ${r.text}` };
    case '*':
      if (l.cls === 'scalar' && r.cls === 'scalar') return l;
      if (r.cls === 'scalar') return hundredTimes(node.right, l);
      if (l.cls === 'scalar') return hundredTimes(node.left, r);
      if (r.cls === 'exchange_rate') return rateConversion(w, '*', node.left, l);
      if (l.cls === 'exchange_rate') return rateConversion(w, '*', node.right, r);
      return { cls: 'other', text: `${l.text} × ${r.text}` };
    case '/':
      if (r.cls === 'scalar') return l;
      if (r.cls === 'exchange_rate') return rateConversion(w, '/', node.left, l);
      if (l.cls === 'scalar') return { cls: 'other', text: `per ${r.text}` };
      if (l.text === r.text && l.cls !== 'unknown') {
        const of = node.right.type === 'operand' ? shortLabel(w.operands.get(node.right.name)!.label) : 'the divisor';
        return l.hundred ? { cls: 'percent', text: `% of ${of}` } : { cls: 'other', text: 'ratio', times100: `% of ${of}` };
      }
      if (r.cls === 'count') return { cls: l.cls, text: `${l.text} per ${singular(r.text)}` };
      if (r.cls === 'index') {
        const base = /(\S+)\s*=\s*100/.exec(r.text)?.[1];
        const prices = base && base !== 'period' ? `${uncurrent(l.text)} at ${base} prices` : `${uncurrent(l.text)} at the base period's prices`;
        return { cls: l.cls, text: `${l.text} per index point`, times100: prices };
      }
      if (l.cls === 'unknown' || r.cls === 'unknown') return { cls: 'unknown', text: '' };
      return { cls: 'other', text: `${l.text} per ${r.text}` };
    case '^':
      if (r.cls !== 'scalar') w.warnings.push('A power whose exponent is a series: the result has no unit that can be named.');
      if (l.cls === 'scalar') return l;
      return { cls: 'other', text: node.right.type === 'number' ? `(${l.text})^${node.right.value}` : '' };
  }
}

/**
 * The unit of an expression over operands with these units (null when nothing can be said), and
 * the warnings a reader must see; throws InvalidParameterError('expression') for a currency
 * conversion of a percentage, an index or a count, or one that goes the wrong way.
 */
export function derivedUnit(tree: Node, operands: readonly OperandUnit[]): { unit: string | null; warnings: string[] } {
  const w: Walk = { operands: new Map(operands.map((o) => [o.name, o])), warnings: [] };
  const u = walk(tree, w);
  const unit = u.cls === 'scalar' || u.text === '' ? null : u.text;
  return { unit, warnings: w.warnings };
}

/** Whether a unit is an exchange rate (local currency per US$): such an operand is looked up by year, not converted. */
export const isExchangeRate = (unit: string | null): boolean => unitClass(unit) === 'exchange_rate';
