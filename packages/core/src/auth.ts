/**
 * Where the client gets its API key: asked once per request, so a rotated key takes effect at once.
 * The desktop reads it from the OS keychain (@econdata/keychain), the add-in from its own storage.
 */
export type KeyProvider = () => string | Promise<string>;

/** How the key travels: the Authorization header (default) or the api_key query parameter. */
export type AuthMode = 'header' | 'query';
