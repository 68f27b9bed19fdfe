/**
 * Labels that stay tell-apart-able when space is short: a chart legend and a table's column headers
 * show series whose names share most of their words ("Consumer prices: Consumer price index (all
 * items), change vs previous month" and "..., change vs same month of previous year"). Cutting each
 * at the end makes them identical; this shortens the part they share and keeps the part that
 * differs. The full text stays the caller's to show on hover.
 */

/** A label to show and the full text it stands for (for a tooltip). */
interface DistinctLabel {
  short: string;
  full: string;
}

const ELLIPSIS = '…';

/** Cut at the end with an ellipsis, at a word when one is near. */
function cutEnd(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 1) return ELLIPSIS;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space >= max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:(]+$/, '')}${ELLIPSIS}`;
}

/** Cut in the middle, keeping both ends (what differs may be at either). */
function cutMiddle(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = Math.ceil((max - 1) / 2);
  const tail = max - 1 - head;
  return `${text.slice(0, head).trimEnd()}${ELLIPSIS}${tail > 0 ? text.slice(text.length - tail).trimStart() : ''}`;
}

/** Length of the longest common prefix of all texts that ends just after a space (a whole-word prefix). */
function sharedPrefix(texts: readonly string[]): number {
  const [first = ''] = texts;
  let n = 0;
  while (n < first.length && texts.every((t) => t[n] === first[n])) n += 1;
  // Back to a word boundary, and never the whole of a text (something must remain to tell them apart).
  const shortest = Math.min(...texts.map((t) => t.length));
  if (n >= shortest) n = shortest - 1;
  while (n > 0 && first[n - 1] !== ' ') n -= 1;
  return n;
}

/** Length of the longest common suffix that starts just before a space or a colon and a space. */
function sharedSuffix(texts: readonly string[], prefix: number): number {
  const [first = ''] = texts;
  let n = 0;
  const room = Math.min(...texts.map((t) => t.length - prefix));
  while (n < room && texts.every((t) => t[t.length - 1 - n] === first[first.length - 1 - n])) n += 1;
  if (n >= room) n = room - 1;
  while (n > 0 && first[first.length - n] !== ' ' && first.slice(first.length - n, first.length - n + 2) !== ': ') n -= 1;
  return Math.max(0, n);
}

/** The shared start said briefly: its first phrase (up to a colon) when short, else its first word. */
function lead(prefix: string): string {
  const phrase = /^[^:,;]{1,24}/.exec(prefix)?.[0]?.trim() ?? '';
  const word = prefix.split(' ')[0] ?? '';
  const kept = phrase.length > 0 && phrase.length <= 24 ? phrase : word.slice(0, 16);
  return kept ? `${kept}${ELLIPSIS} ` : '';
}

/**
 * Short labels for `texts`, each at most `max` characters, all different when the texts are:
 * unchanged when they fit; otherwise the words they all start (and end) with are shortened and what
 * differs is kept. A text repeated exactly gets " (2)", " (3)" so two lines never read the same.
 *
 * @example distinctLabels(['Consumer prices: CPI (all items), change vs previous month: Vietnam',
 *   'Consumer prices: CPI (all items), change vs same month of previous year: Vietnam'], 48)
 *   .map((l) => l.short) // ['Consumer prices… previous month: Vietnam', 'Consumer prices… same month of previous year: Vietnam']
 */
export function distinctLabels(texts: readonly string[], max: number): DistinctLabel[] {
  const fits = texts.every((t) => t.length <= max);
  let shorts: string[];
  if (fits || texts.length < 2) {
    shorts = texts.map((t) => cutEnd(t, max));
  } else {
    const p = sharedPrefix(texts);
    const s = sharedSuffix(texts, p);
    const first = texts[0] ?? '';
    const start = p > 0 ? lead(first.slice(0, p)) : '';
    const end = first.slice(first.length - s);
    // A long shared end is cut too, keeping its last words (often the country).
    const tail = end.length > 20 ? `${ELLIPSIS}${end.slice(end.length - 16).replace(/^\S*\s/, ' ')}` : end;
    shorts = texts.map((t) => {
      if (t.length <= max) return t;
      const differs = t.slice(p, t.length - s).trim();
      const room = Math.max(8, max - start.length - tail.length);
      return `${start}${cutEnd(differs, room)}${tail}`;
    });
    // Cutting the differing parts at their end can make them equal again: keep both their ends then.
    if (new Set(shorts).size < new Set(texts).size) {
      shorts = texts.map((t) => {
        if (t.length <= max) return t;
        const differs = t.slice(p, t.length - s).trim();
        return `${start}${cutMiddle(differs, Math.max(8, max - start.length - tail.length))}${tail}`;
      });
    }
  }
  // Equal texts (or cuts that still collide) are numbered, so no two labels read the same.
  const seen = new Map<string, number>();
  return texts.map((full, i) => {
    const short = shorts[i] ?? full;
    const n = (seen.get(short) ?? 0) + 1;
    seen.set(short, n);
    return { short: n === 1 ? short : `${short} (${n})`, full };
  });
}

/** What names have in common, said once, and what each keeps. */
export interface SharedName {
  /** The shared words ("GDP growth (annual %)"), or null when the names share no whole phrase. */
  shared: string | null;
  /** Each name without the shared words ("Vietnam", "Thailand"); the names themselves when shared is null. */
  parts: string[];
}

/** A series name's phrases with the separator after each ("GDP (current US$): " "Vietnam"). */
const phrases = (name: string): string[] => name.split(/(?<=(?::|,|;| –)\s)/);
const bare = (phrase: string): string => phrase.replace(/(?::|,|;| –)\s$/, '').trim();

/**
 * The phrases every name starts (and ends) with, said once, and each name's own part: a table of
 * five countries' GDP growth reads "GDP growth (annual %)" above it and "Vietnam", "Thailand"... in
 * its headers. Only whole phrases are shared (cut at ": ", ", ", "; " or " – "), so "GDP (current
 * US$)" and "GDP growth" share nothing; each name keeps a phrase of its own; with fewer than two
 * names, or names all equal, nothing is shared.
 *
 * @example sharedName(['GDP growth (annual %): Vietnam', 'GDP growth (annual %): Thailand'])
 *   // { shared: 'GDP growth (annual %)', parts: ['Vietnam', 'Thailand'] }
 */
export function sharedName(names: readonly string[]): SharedName {
  const none: SharedName = { shared: null, parts: [...names] };
  if (names.length < 2 || new Set(names).size < 2) return none;
  const split = names.map(phrases);
  const fewest = Math.min(...split.map((p) => p.length));
  const [first = []] = split;
  // Compared without their separators: "Vietnam" ends one name and "Vietnam, " starts the next phrase in another.
  const same = (at: (p: string[]) => string | undefined): boolean => split.every((p) => bare(at(p) ?? '\u0000') === bare(at(first) ?? '\u0001'));
  let head = 0;
  while (head < fewest - 1 && same((p) => p[head])) head += 1;
  let tail = 0;
  while (head + tail < fewest - 1 && same((p) => p[p.length - 1 - tail])) tail += 1;
  if (head === 0 && tail === 0) return none;
  const shared = [bare(first.slice(0, head).join('')), bare(first.slice(first.length - tail).join(''))].filter((t) => t !== '').join(' · ');
  const parts = split.map((p) => bare(p.slice(head, p.length - tail).join('')));
  return { shared, parts };
}
