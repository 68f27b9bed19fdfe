/**
 * What a person should do after each error, one sentence per code: the one owner of this advice
 * (core's messages say what happened; they carry no advice of their own). Every surface ends its
 * sentence with it: a panel or message bar in both apps, and a worksheet cell, which may add how
 * Excel recalculates. A new code is a compile error here until it has its advice.
 */
import type { UiError } from './normalize.ts';

export const ERROR_ADVICE: Readonly<Record<UiError['code'], string>> = {
  invalid_parameter: 'Correct it and try again.',
  bad_request: 'Change the query and try again.',
  authentication: 'Paste a new key in the connection settings and save it.',
  key_unavailable: 'Unlock the keychain, or save the key again in the connection settings, then retry.',
  permission_denied: 'Choose data your plan includes, or upgrade the plan.',
  rate_limited: 'Wait for the limit to reset, then retry.',
  quota_exhausted: 'Cached data stays available; a higher plan allows more.',
  not_found: 'Check the codes, or widen the years or dates.',
  server_error: 'The fault is on the service\'s side: retry in a few minutes.',
  connection: 'Check the address and your network connection, then retry.',
  timeout: 'Retry; if it keeps happening, ask for fewer series at once.',
  aborted: 'Nothing was changed; run it again to fetch it.',
  invalid_response: 'Check that the base URL points at the Economic Data Service, then retry.',
  storage: 'Nothing was sent to the service; retry once the file can be used.',
  unknown: 'Retry; if it happens again, report it with these words.',
};
