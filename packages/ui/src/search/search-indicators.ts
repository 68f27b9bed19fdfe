/**
 * One search over the indicators of every source: `searchIndicators(entries, text, { limit })`.
 * Pure and outside React; both apps' search boxes call it and nothing else matches indicators.
 *
 * Matching: the text and the indicators are folded (case, accents, đ); every term of the query
 * must match the code, the name (and `name_vi` where the service sends one), the unit or the
 * description. A term is a word, or a synonym phrase standing for its whole group (synonyms.ts).
 * A query word matches an indexed word that equals it, starts with it (typing "infl" already
 * finds), or, for words of five letters or more, lies one edit away ("inflaton").
 *
 * Ranking, best first: the code itself ("FP.CPI.TOTL.ZG"), then codes starting with the text when
 * it is written like a code ("NY.GDP": a dot, an underscore or a digit), then indicators whose name holds every term, then the rest. Within a rank: better word
 * matches (equal > starts with > one edit; the typed phrase above its synonyms), then more phrases
 * of the synonym groups found, in the name above elsewhere (a headline "Consumer price index (CPI)"
 * above one CPI component), then the shorter name, then the order of `entries`.
 *
 * Headline before component: a table's series are named "Table: Item, measure" ("Consumer prices:
 * Core inflation, change vs previous month"); one whose item is not the table's total (a core
 * index, a sector, a commodity) ranks below the matches that are not components, within its rank,
 * whenever its table's total matches the query too. "lạm phát" then lists GSO's CPI before its
 * core inflation; "core inflation" or "gạo" (rice), which the total does not match, names the component.
 */
import type { IndicatorInfo } from '@econdata/core';
import { foldedWords, foldText, withinOneEdit } from './fold.ts';
import { queryTerms, type Phrase } from './synonyms.ts';

/** An indicator of the catalogue: core's IndicatorInfo with the code of its source. */
export interface SearchEntry extends IndicatorInfo {
  source: string;
}

export interface SearchOptions {
  /** At most this many results (default 50). */
  limit?: number;
  /** Only this source's indicators (the source picker as a filter). */
  source?: string;
}

const FIELD_CODE = 0;
const FIELD_NAME = 1;
const FIELD_OTHER = 2;
/** How well a word matched: equal, starts with, one edit away. */
const EXACT = 3;
const PREFIX = 2;
const TYPO = 1;
/** Typo tolerance starts at words of this length. */
const TYPO_MIN_LENGTH = 5;

/** The index of one `entries` array: folded codes, name lengths, and every word's postings. */
export interface IndicatorIndex {
  readonly entries: readonly SearchEntry[];
  readonly codes: readonly string[];
  readonly nameLengths: Uint32Array;
  /** Every distinct folded word, and its position in that list. */
  readonly vocabulary: readonly string[];
  readonly wordIds: ReadonlyMap<string, number>;
  /** Per word of the vocabulary: entry * 4 + field, for each field of each entry holding it. */
  readonly postings: readonly Int32Array[];
  /** Per entry: its name's folded words joined by single spaces, with a leading space (phrases). */
  readonly texts: readonly string[];
  /** Per entry: the folded words of its name, and of its Vietnamese name (empty without one), for coverage. */
  readonly nameWords: readonly Int32Array[];
  readonly nameViWords: readonly Int32Array[];
  /** Per entry: its table (source and the name before ": ") when it has one, else -1. */
  readonly tables: Int32Array;
  /** Per entry: 1 when it is a table's total ("TOTAL" in its code, or an item "Total…", "…all items", "Whole…"). */
  readonly totals: Uint8Array;
}

const TOTAL_CODE = /(^|\.)TOTAL(\.|$)/i;
const TOTAL_ITEM = /^(total|whole)\b|\ball items\b/;

/** The table of a series named "Table: Item, measure", and whether the item is the table's total. */
function tableOf(e: SearchEntry): { table: string; total: boolean } | undefined {
  const colon = e.name.indexOf(': ');
  if (colon <= 0) return undefined;
  const item = foldText(e.name.slice(colon + 2)).trim();
  return { table: `${e.source}\u0000${e.name.slice(0, colon)}`, total: TOTAL_CODE.test(e.code) || TOTAL_ITEM.test(item) };
}

const built = new WeakMap<readonly SearchEntry[], IndicatorIndex>();

/** The index of `entries`, built once per array and kept while the array lives. */
export function indexIndicators(entries: readonly SearchEntry[]): IndicatorIndex {
  const known = built.get(entries);
  if (known) return known;
  const ids = new Map<string, number>();
  const lists: number[][] = [];
  const add = (word: string, posting: number): void => {
    let id = ids.get(word);
    if (id === undefined) {
      id = lists.length;
      ids.set(word, id);
      lists.push([]);
    }
    const list = lists[id] as number[];
    if (list[list.length - 1] !== posting) list.push(posting);
  };
  const codes: string[] = [];
  const texts: string[] = [];
  const nameWords: Int32Array[] = [];
  const nameViWords: Int32Array[] = [];
  const nameLengths = new Uint32Array(entries.length);
  const tables = new Int32Array(entries.length).fill(-1);
  const totals = new Uint8Array(entries.length);
  const tableIds = new Map<string, number>();
  entries.forEach((e, i) => {
    const table = tableOf(e);
    if (table) {
      if (!tableIds.has(table.table)) tableIds.set(table.table, tableIds.size);
      tables[i] = tableIds.get(table.table)!;
      totals[i] = table.total ? 1 : 0;
    }
    const code = foldText(e.code);
    codes.push(code);
    const nameVi = typeof e['name_vi'] === 'string' ? e['name_vi'] : '';
    nameLengths[i] = e.name.length;
    const fields: Array<[number, string]> = [[FIELD_CODE, code], [FIELD_NAME, ''], [FIELD_OTHER, `${e.unit ?? ''} ${e.description ?? ''}`]];
    for (const [field, text] of fields) {
      if (field === FIELD_NAME) {
        // English and Vietnamese folded apart: the same words as the joined text, and each name's words for coverage.
        const english = foldedWords(foldText(e.name));
        const vietnamese = nameVi ? foldedWords(foldText(nameVi)) : [];
        const words = english.concat(vietnamese);
        texts.push(` ${words.join(' ')}`);
        for (const w of new Set(words)) add(w, i * 4 + field);
        nameWords.push(Int32Array.from(english, (w) => ids.get(w)!));
        nameViWords.push(Int32Array.from(vietnamese, (w) => ids.get(w)!));
        continue;
      }
      const words = foldedWords(field === FIELD_CODE ? text : foldText(text));
      for (const w of new Set(words)) add(w, i * 4 + field);
    }
  });
  const index: IndicatorIndex = { entries, codes, nameLengths, vocabulary: [...ids.keys()], wordIds: ids, postings: lists.map((l) => Int32Array.from(l)), texts, nameWords, nameViWords, tables, totals };
  built.set(entries, index);
  return index;
}

/** Per entry, for one word or phrase: the match quality overall and in the name (0: none). */
interface Hits {
  any: Uint8Array;
  name: Uint8Array;
  /** The indexed words the word matched (equal, starting with it, one edit away): what a name's coverage counts. */
  tokens: number[];
}

/**
 * Where a word is found. Typed words match equal words, words starting with them and, from five
 * letters, words one edit away; a synonym's words (the list's own, spelt right) match equal words
 * only: loosely they would only add noise, and one lookup is much cheaper than a vocabulary scan.
 */
function wordHits(index: IndicatorIndex, word: string, typed: boolean): Hits {
  const n = index.entries.length;
  const hits: Hits = { any: new Uint8Array(n), name: new Uint8Array(n), tokens: [] };
  const collect = (v: number, quality: number): void => {
    hits.tokens.push(v);
    for (const posting of index.postings[v] as Int32Array) {
      const entry = posting >> 2;
      if (hits.any[entry]! < quality) hits.any[entry] = quality;
      if ((posting & 3) === FIELD_NAME && hits.name[entry]! < quality) hits.name[entry] = quality;
    }
  };
  if (!typed) {
    const v = index.wordIds.get(word);
    if (v !== undefined) collect(v, EXACT);
    return hits;
  }
  const typos = word.length >= TYPO_MIN_LENGTH;
  const prefix = word.length >= 2;
  const vocabulary = index.vocabulary;
  for (let v = 0; v < vocabulary.length; v++) {
    const token = vocabulary[v] as string;
    const quality = token === word ? EXACT : prefix && token.startsWith(word) ? PREFIX : typos && withinOneEdit(word, token) ? TYPO : 0;
    if (quality > 0) collect(v, quality);
  }
  return hits;
}

/**
 * Every word of the phrase must match; the phrase's quality is its weakest word's.
 */
function phraseHits(index: IndicatorIndex, phrase: Phrase, typos: boolean, cache: Map<string, Hits>): Hits {
  let result: Hits | undefined;
  for (const word of phrase) {
    const key = `${typos ? 't' : 'e'}${word}`;
    let hits = cache.get(key);
    if (!hits) {
      hits = wordHits(index, word, typos);
      cache.set(key, hits);
    }
    if (phrase.length === 1) return hits;
    if (!result) result = { any: hits.any.slice(), name: hits.name.slice(), tokens: hits.tokens };
    else {
      const { any, name } = result;
      const hitsAny = hits.any;
      const hitsName = hits.name;
      for (let i = 0; i < any.length; i++) {
        if (any[i] === 0) continue;
        if (hitsAny[i]! < any[i]!) any[i] = hitsAny[i]!;
        if (hitsName[i]! < name[i]!) name[i] = hitsName[i]!;
      }
    }
  }
  if (!result) return { any: new Uint8Array(index.entries.length), name: new Uint8Array(index.entries.length), tokens: [] };
  if (phrase.length > 1) {
    // In the name, a phrase's words must stand together ("consumer price index", not "Consumer
    // prices: Gold price index"); elsewhere, like any words of a query, they may be apart. Checking
    // long descriptions for the phrase too would cost most of a frame at 10,000 indicators.
    const needle = ` ${phrase.join(' ')}`;
    for (let i = 0; i < result.name.length; i++) {
      if (result.name[i]! > 0 && !index.texts[i]!.includes(needle)) result.name[i] = 0;
    }
  }
  return result;
}

/**
 * How much of a name the query accounts for: the share of its words that a query word or synonym
 * matched (a phrase of several words only where its words stand together). "Inflation, consumer
 * prices (annual %)" is three quarters inflation; "Consumer prices: Core inflation, change vs
 * previous month" three eighths: the first is what someone typing "inflation" most likely wants.
 */
interface Matched {
  /** Per vocabulary word: 1 when a one-word phrase matched it. */
  singles: Uint8Array;
  /** Per phrase of several words, the indexed words each of its words matched. */
  phrases: Array<Uint8Array[]>;
}

function nameCoverage(words: Int32Array, { singles, phrases }: Matched, buffer: Uint8Array): number {
  const n = words.length;
  if (n === 0) return 0;
  const covered = n <= buffer.length ? buffer : new Uint8Array(n);
  for (let j = 0; j < n; j++) covered[j] = singles[words[j]!]!;
  for (const phrase of phrases) {
    const len = phrase.length;
    for (let j = 0; j + len <= n; j++) {
      let k = 0;
      while (k < len && phrase[k]![words[j + k]!] === 1) k++;
      if (k === len) covered.fill(1, j, j + len);
    }
  }
  let count = 0;
  for (let j = 0; j < n; j++) count += covered[j]!;
  return count / n;
}

/**
 * The entries matching `text`, best first (see the module comment for the rules).
 *
 * @example searchIndicators(catalogue, 'lạm phát', { limit: 20 }) // CPI of WB, IMF and GSO
 */
export function searchIndicators(entries: readonly SearchEntry[], text: string, options: SearchOptions = {}): SearchEntry[] {
  const limit = options.limit ?? 50;
  const folded = foldText(text).trim();
  const words = foldedWords(folded);
  if (words.length === 0 || limit <= 0) return [];
  const index = indexIndicators(entries);
  const n = entries.length;
  // Per entry: the sum over terms of the best phrase's quality (a synonym's counts 0.9 of the typed
  // phrase's), and, to break ties, how many phrases of the terms were found (in the name: 1, elsewhere: 0.1).
  const score = new Float64Array(n);
  const breadth = new Float64Array(n);
  const inName = new Uint8Array(n).fill(1);
  const alive = new Uint8Array(n).fill(1);
  const cache = new Map<string, Hits>();
  // What the query's words matched, for a name's coverage: one-word phrases' tokens, and per
  // phrase of several words, each word's tokens (they count only where they stand together).
  const vocabularySize = index.vocabulary.length;
  const all: Matched = { singles: new Uint8Array(vocabularySize), phrases: [] };
  const typedOnly: Matched = { singles: new Uint8Array(vocabularySize), phrases: [] };
  const tokenSet = (tokens: readonly number[]): Uint8Array => {
    const set = new Uint8Array(vocabularySize);
    for (const t of tokens) set[t] = 1;
    return set;
  };

  for (const term of queryTerms(words)) {
    const best = new Float64Array(n);
    const bestName = new Uint8Array(n);
    term.alternatives.forEach((phrase, a) => {
      const hits = phraseHits(index, phrase, a === 0, cache);
      for (const matched of a === 0 ? [all, typedOnly] : [all]) {
        if (phrase.length === 1) for (const t of hits.tokens) matched.singles[t] = 1;
        else matched.phrases.push(phrase.map((w) => tokenSet(cache.get(`${a === 0 ? 't' : 'e'}${w}`)?.tokens ?? [])));
      }
      const weight = a === 0 ? 1 : 0.9;
      for (let i = 0; i < n; i++) {
        const q = hits.any[i]!;
        if (q === 0 || alive[i] === 0) continue;
        if (q * weight > best[i]!) best[i] = q * weight;
        if (hits.name[i]! > 0) {
          bestName[i] = 1;
          breadth[i] = breadth[i]! + 1;
        } else breadth[i] = breadth[i]! + 0.1;
      }
    });
    for (let i = 0; i < n; i++) {
      if (best[i] === 0) alive[i] = 0;
      else {
        score[i] = score[i]! + best[i]!;
        if (bestName[i] === 0) inName[i] = 0;
      }
    }
  }

  const compact = folded.replace(/\s+/g, '');
  // A code prefix ranks second when the text is written like a code ("NY.GDP", "CPI.TOTAL", "NGDP_R"):
  // a plain word such as "cpi" or "trade" is a word first, or GSO's 60 CPI.* codes would bury the
  // consumer price series of every other source.
  const codeLike = /[._\d]/.test(compact);
  const rank = (i: number): number => {
    const code = index.codes[i] as string;
    if (code === compact) return 0;
    if (codeLike && code.startsWith(compact)) return 1;
    return inName[i] === 1 ? 2 : 3;
  };
  const found: Array<{ i: number; rank: number }> = [];
  for (let i = 0; i < n; i++) {
    // An exact code or code prefix ranks first even where the words alone would not match ("NY.GDP.M").
    const r = rank(i);
    if (alive[i] === 1 || r <= 1) {
      if (options.source === undefined || entries[i]!.source === options.source) found.push({ i, rank: r });
    }
  }
  // The tables whose total matches the query: their other series are components, ranked below.
  const totalFound = new Set<number>();
  for (const f of found) if (index.totals[f.i] === 1) totalFound.add(index.tables[f.i]!);
  const component = (i: number): number => (index.totals[i] === 0 && totalFound.has(index.tables[i]!) ? 1 : 0);
  const coverage = new Float64Array(n);
  // A Vietnamese name counts for what was typed only: GSO's "CHỈ SỐ GIÁ TIÊU DÙNG" is all synonym of
  // "consumer prices", which would otherwise put every GSO CPI series above the World Bank's.
  const covered = new Uint8Array(256);
  for (const f of found) coverage[f.i] = Math.max(nameCoverage(index.nameWords[f.i]!, all, covered), nameCoverage(index.nameViWords[f.i]!, typedOnly, covered));
  found.sort((a, b) => a.rank - b.rank || component(a.i) - component(b.i) || score[b.i]! - score[a.i]! || coverage[b.i]! - coverage[a.i]! || breadth[b.i]! - breadth[a.i]! || index.nameLengths[a.i]! - index.nameLengths[b.i]! || a.i - b.i);
  return found.slice(0, limit).map((f) => entries[f.i] as SearchEntry);
}
