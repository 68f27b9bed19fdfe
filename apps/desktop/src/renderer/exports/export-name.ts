/** The name the export dialog proposes for what is shown (sheets' proposeExportName makes it a valid export name). Pure. */

/**
 * A short name for a fetch, used as the default export name ("GDP (current US$): Viet Nam, Thailand");
 * with `words` (a transform in words, as analysis ends each title with it) said once at the end.
 */
export function fetchName(titles: readonly string[], words = ''): string {
  const suffix = words ? `, ${words}` : '';
  if (suffix && titles.length > 0 && titles.every((t) => t.endsWith(suffix))) return `${fetchName(titles.map((t) => t.slice(0, -suffix.length)))}${suffix}`;
  if (titles.length === 0) return 'Export';
  const parts = titles.map((t) => t.split(': '));
  const head = parts[0]?.[0] ?? '';
  if (parts.length > 1 && parts.every((p) => p.length === 2 && p[0] === head)) return `${head}: ${parts.map((p) => p[1]).join(', ')}`;
  return titles.length === 1 ? (titles[0] ?? 'Export') : `${titles[0]} and ${titles.length - 1} more`;
}
