/**
 * Main's side of errors across the bridge: every thrown value becomes a WireError. Errors of the
 * packages keep their own `toJSON()`; anything else is reported with its message (Node's file errors
 * say which file and why), after removing every secret main knows of, in every encoding (core's one redaction rule).
 */
import { periodStarts } from '@econdata/analysis';
import { isEconError, isSerializedEconError, redactSecrets, type Series } from '@econdata/core';
import { isKeychainError } from '@econdata/keychain';
import { isSheetsError } from '@econdata/sheets';
import { bridgeError, type SerializedOtherError, type WireError } from '../shared/wire-error.ts';

/** The serialized form of anything thrown in main. */
export function toWireError(error: unknown, secrets: Iterable<string> = []): WireError {
  const list = [...secrets];
  const clean = <T>(json: T): T => JSON.parse(redactSecrets(JSON.stringify(json), list)) as T;
  if (isEconError(error)) return clean(error.toJSON());
  if (isSerializedEconError(error)) return clean(error);
  if (isKeychainError(error) || isSheetsError(error)) {
    const json = error instanceof Error ? (error as unknown as { toJSON(): SerializedOtherError }).toJSON() : (error as unknown as SerializedOtherError);
    return clean(json);
  }
  const message = error instanceof Error ? error.message : String(error);
  return clean(bridgeError('internal', `The explorer could not do that: ${message}`));
}

/** A Float64Array that JSON leaves out (its toJSON gives nothing); Electron's structured clone copies it as any Float64Array. */
class CloneOnly extends Float64Array {
  toJSON(): undefined {
    return undefined;
  }
}

/**
 * A series' period starts (analysis's periodStarts: recorded by the transform that made it, else
 * read here, in main, once per axis) to send beside it: the same memory, no copy. Over Electron's
 * IPC the renderer receives them; web mode's JSON bridge drops them (the renderer reads them then).
 */
export function startsForWire(series: Series): Float64Array {
  const x = periodStarts(series);
  return new CloneOnly(x.buffer as ArrayBuffer, x.byteOffset, x.length);
}
