/** Keeps secrets out of every message, excerpt and log line the client produces. */

/** Replaces api_key values and every occurrence of the key itself with '***'. */
export function redactApiKey(text: string, key?: string): string {
  let out = text.replace(/(api_key=)[^&\s"'<>]*/gi, '$1***');
  if (key && key.length >= 4) out = out.split(key).join('***');
  return out;
}

/** A short, single-line, secret-free excerpt of a body, for invalid_response errors. */
export function excerptOf(text: string, key?: string, max = 160): string {
  const flat = redactApiKey(text, key).replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}...` : flat;
}
