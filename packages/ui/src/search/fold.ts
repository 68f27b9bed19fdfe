/**
 * Folding text for search: one form for what is indexed and what is typed, so that "Lạm phát",
 * "LAM PHAT" and "lam phat" are the same words. NFD splits a letter from its accents, which are then
 * dropped; Vietnamese đ/Đ is a letter of its own (no decomposition), so it gets its own mapping to d.
 */

const COMBINING_MARKS = /[\u0300-\u036f]/g;
const D_STROKE = /[đĐ]/g;
const NOT_WORD = /[^\p{L}\p{N}]+/u;

/** Lower case, without accents, đ as d: `foldText('Lạm phát Đồng')` is `'lam phat dong'`. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(COMBINING_MARKS, '').replace(D_STROKE, 'd').toLowerCase();
}

/** The words of folded text: runs of letters and digits (codes split at `.`, `_`, `-` too). */
export function foldedWords(folded: string): string[] {
  return folded.split(NOT_WORD).filter((w) => w !== '');
}

/**
 * Whether `a` and `b` are at most one edit apart: one letter inserted, deleted or replaced, or two
 * neighbouring letters swapped ("inflaiton"), the typo a hurried hand makes most.
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (la === lb) {
    // A replacement at i, or a swap of i and i + 1; the rest must then be equal.
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a.charCodeAt(i) === b.charCodeAt(i + 1) && a.charCodeAt(i + 1) === b.charCodeAt(i) && a.slice(i + 2) === b.slice(i + 2);
  }
  // One letter more in the longer word, at i.
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}
