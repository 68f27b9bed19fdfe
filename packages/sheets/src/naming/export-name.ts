/**
 * The name of an export: what a person reads in Saved exports and the dialog proposes. It is a
 * display name, not a file name: any printable text up to EXPORT_NAME_MAX characters, colons,
 * slashes and accents included. The files get their names from it through `fileStem` (and the
 * library's id), which drop what a file system cannot take, so the name never has to.
 * One rule, three users: the desktop's request check, its export dialog (while typing), and the
 * dialog's proposal, which is made by `proposeExportName` and so always passes.
 */

/** The longest name, in characters (UTF-16 code units, as the request check counts them). */
export const EXPORT_NAME_MAX = 120;

// eslint-disable-next-line no-control-regex -- control characters are what the rule refuses
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- and what the proposal replaces
const CONTROLS = /[\u0000-\u001f\u007f]+/g;

/** Why `name` cannot name an export, as a sentence saying what to do; undefined when it can. */
export function exportNameProblem(name: string): string | undefined {
  if (name.trim() === '') return 'Give the export a name.';
  if (name.length > EXPORT_NAME_MAX) return `Shorten the name to ${EXPORT_NAME_MAX} characters (it has ${name.length}).`;
  if (CONTROL.test(name)) return 'Remove the line breaks or tabs from the name.';
  return undefined;
}

/**
 * A name the rule accepts, made from any text (a chart's title): control characters become spaces,
 * runs of spaces one, and a name too long is cut at a word with an ellipsis.
 *
 * @example proposeExportName('Inflation, consumer prices (annual %): Vietnam') // the same text
 */
export function proposeExportName(text: string): string {
  const flat = text.replace(CONTROLS, ' ').replace(/\s+/g, ' ').trim();
  if (flat === '') return 'Export';
  if (flat.length <= EXPORT_NAME_MAX) return flat;
  const cut = flat.slice(0, EXPORT_NAME_MAX - 1);
  const atWord = cut.lastIndexOf(' ');
  // A cut inside a surrogate pair would leave half a character: drop it.
  const kept = (atWord > EXPORT_NAME_MAX / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,;:]+$/, '').replace(/[\uD800-\uDBFF]$/, '');
  return `${kept}…`;
}

/** The longest file name stem `fileStem` makes, in characters (before the extension and any " (2)"). */
const FILE_STEM_MAX = 80;

/** What every file system takes: accents folded (đ too), anything else a dash, no dash or dot at either end. */
function safeStem(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/đ/g, 'd').replace(/Đ/g, 'D')
    .replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-._]+|[-.]+$/g, '');
}

/** `stem` cut to `max` at a word (a dash), never inside one unless a single word is longer than a third of it. */
function cutAtWord(stem: string, max: number): string {
  if (stem.length <= max) return stem;
  const atDash = stem.lastIndexOf('-', max);
  return (atDash > max / 3 ? stem.slice(0, atDash) : stem.slice(0, max)).replace(/[-.]+$/, '');
}

/**
 * A file name stem for a name (without extension): letters, digits, dots, dashes and underscores,
 * accents folded (Vietnamese đ too), everything else a dash; never empty, never a name Windows
 * reserves (CON, NUL, COM1 ...: Microsoft's rule, by the part before the first dot), at most `max`
 * (80) characters. A longer name is cut at a word, and what tells it apart is kept: a title's part
 * after its last ": " (the countries, the transform: "…: Vietnam, % change from a year ago") stays
 * whole and the part before is shortened (issue 28: "…change-from-a-yea.csv").
 *
 * @example fileStem('Inflation, consumer prices (annual %): Vietnam') // 'Inflation-consumer-prices-annual-Vietnam'
 */
export function fileStem(name: string, max = FILE_STEM_MAX): string {
  let stem = safeStem(name);
  if (stem.length > max) {
    const colon = name.lastIndexOf(': ');
    const head = colon > 0 ? safeStem(name.slice(0, colon)) : '';
    const tail = colon > 0 ? safeStem(name.slice(colon + 2)) : '';
    // The head keeps at least a few words (a quarter of the length); a tail longer than the rest is cut too.
    const tailRoom = max - Math.ceil(max / 4) - 1;
    stem = head && tail && tail.length <= tailRoom ? `${cutAtWord(head, max - tail.length - 1)}-${tail}` : cutAtWord(stem, max);
  }
  if (stem === '') return 'export';
  // Windows reads the part before the first dot as the device ("NUL.tar.gz" is NUL), so the
  // suffix goes there: "con.csv" becomes "con-export.csv", never "con.csv-export".
  const dot = stem.indexOf('.');
  const first = dot < 0 ? stem : stem.slice(0, dot);
  return /^(con|prn|aux|nul|com\d|lpt\d)$/i.test(first) ? `${first}-export${stem.slice(first.length)}` : stem;
}
