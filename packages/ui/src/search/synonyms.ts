/**
 * Words economists use for the same thing, kept here and nowhere else (no screen hard-codes one).
 * Each group lists phrases as typed (any language, any accents); a query phrase found in a group
 * matches an indicator that has ANY phrase of the group. Keep the groups short and unambiguous: a
 * phrase in two groups, or one that is too general ("rate", "total"), floods every search.
 */
import { foldedWords, foldText, withinOneEdit } from './fold.ts';

const SYNONYMS: readonly (readonly string[])[] = [
  ['inflation', 'CPI', 'consumer prices', 'consumer price index', 'lạm phát', 'chỉ số giá tiêu dùng'],
  ['GDP', 'gross domestic product', 'output', 'tổng sản phẩm trong nước', 'tổng sản phẩm quốc nội'],
  ['growth', 'percent change', 'change vs same', 'YoY', 'tăng trưởng'],
  ['exports', 'export', 'exports of goods', 'merchandise exports', 'xuất khẩu'],
  ['imports', 'import', 'imports of goods', 'merchandise imports', 'nhập khẩu'],
  ['unemployment', 'jobless', 'thất nghiệp'],
  ['population', 'dân số'],
  ['interest rate', 'lending rate', 'lãi suất'],
  ['exchange rate', 'LCU per US$', 'tỷ giá', 'tỷ giá hối đoái'],
  ['trade balance', 'balance of trade', 'external balance on goods', 'net exports', 'cán cân thương mại'],
  ['current account', 'cán cân vãng lai'],
  ['industrial production', 'IIP', 'industrial output', 'sản xuất công nghiệp'],
  ['retail sales', 'retail', 'bán lẻ'],
  ['FDI', 'foreign direct investment', 'đầu tư trực tiếp nước ngoài'],
  ['government debt', 'public debt', 'gross debt', 'nợ công'],
  ['remittances', 'kiều hối'],
];

/** A phrase as folded words. */
export type Phrase = readonly string[];

/** Every group's phrases folded, and an index from a phrase's text to its group. */
const FOLDED: readonly (readonly Phrase[])[] = SYNONYMS.map((group) => group.map((p) => foldedWords(foldText(p))));
const BY_PHRASE = new Map<string, number>();
FOLDED.forEach((group, g) => group.forEach((p) => BY_PHRASE.set(p.join(' '), g)));
const LONGEST = Math.max(...FOLDED.flat().map((p) => p.length));

/** One part of a query: what was typed, and the phrases any of which satisfies it (the typed one first). */
export interface QueryTerm {
  typed: Phrase;
  alternatives: readonly Phrase[];
}

/** A one-word phrase one edit away from `word` (five letters or more): "inflaton" is still inflation. */
function nearPhrase(word: string): number | undefined {
  if (word.length < 5) return undefined;
  for (const [text, g] of BY_PHRASE) if (!text.includes(' ') && withinOneEdit(word, text)) return g;
  return undefined;
}

/**
 * Splits folded query words into terms: the longest run of words that is a synonym phrase (or a
 * word one edit from a one-word phrase) becomes one term with its group's phrases as alternatives;
 * any other word is a term of its own.
 */
export function queryTerms(words: readonly string[]): QueryTerm[] {
  const terms: QueryTerm[] = [];
  for (let i = 0; i < words.length;) {
    let taken = 0;
    for (let n = Math.min(LONGEST, words.length - i); n > 0 && taken === 0; n--) {
      const phrase = words.slice(i, i + n);
      const g = BY_PHRASE.get(phrase.join(' '));
      if (g !== undefined) {
        terms.push({ typed: phrase, alternatives: [phrase, ...(FOLDED[g] ?? []).filter((p) => p.join(' ') !== phrase.join(' '))] });
        taken = n;
      }
    }
    if (taken === 0) {
      const word = words[i] as string;
      const g = nearPhrase(word);
      terms.push({ typed: [word], alternatives: [[word], ...(g === undefined ? [] : (FOLDED[g] ?? []))] });
      taken = 1;
    }
    i += taken;
  }
  return terms;
}
