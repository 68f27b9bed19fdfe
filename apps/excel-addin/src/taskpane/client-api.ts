/**
 * The runtime's EconDataClient as @econdata/ui's EconDataApi port. Core's one call shape (a query
 * object, then options) satisfies the port as it is: this only says so to the type checker, so a
 * change on either side fails the build here rather than at run time in Excel.
 */
import type { EconDataClient } from '@econdata/core';
import type { EconDataApi } from '@econdata/ui';

/** The client as the UI's data port (the same object). */
export function clientApi(client: EconDataClient): EconDataApi {
  return client;
}
