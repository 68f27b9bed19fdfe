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

/**
 * A file name stem for a name (without extension): letters, digits, dots, dashes and underscores,
 * accents folded (Vietnamese đ too), everything else a dash; never empty, never a name Windows
 * reserves (CON, NUL, COM1 ...: Microsoft's rule, by the part before the first dot), at most 80
 * characters.
 *
 * @example fileStem('Inflation, consumer prices (annual %): Vietnam') // 'Inflation-consumer-prices-annual-Vietnam'
 */
export function fileStem(name: string): string {
  const stem = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/đ/g, 'd').replace(/Đ/g, 'D')
    .replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-._]+|[-.]+$/g, '').slice(0, 80).replace(/[-.]+$/, '');
  if (stem === '') return 'export';
  // Windows reads the part before the first dot as the device ("NUL.tar.gz" is NUL), so the
  // suffix goes there: "con.csv" becomes "con-export.csv", never "con.csv-export".
  const dot = stem.indexOf('.');
  const first = dot < 0 ? stem : stem.slice(0, dot);
  return /^(con|prn|aux|nul|com\d|lpt\d)$/i.test(first) ? `${first}-export${stem.slice(first.length)}` : stem;
}
