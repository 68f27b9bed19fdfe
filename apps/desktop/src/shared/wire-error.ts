/**
 * Errors across the bridge. Data-access errors are core's serialized EconError (`toJSON()`), revived
 * with `errorFromJSON` so the renderer gets core's classes back; keychain and sheets errors keep their
 * own serialized families (they already have `toJSON()`); anything else is an `internal` error whose
 * message is generic (its text could hold a path or worse, so it stays in main's log).
 */
import { errorFromJSON, isSerializedEconError, type EconError, type SerializedEconError } from '@econdata/core';

export interface SerializedOtherError {
  name: 'KeychainError' | 'SheetsError' | 'BridgeError';
  code: string;
  message: string;
  [field: string]: unknown;
}

export type WireError = SerializedEconError | SerializedOtherError;

/** An error from keychain, sheets or the bridge itself, revived in the renderer. */
export class DesktopError extends Error {
  readonly family: SerializedOtherError['name'];
  readonly code: string;
  readonly details: Record<string, unknown>;

  constructor(json: SerializedOtherError) {
    super(json.message);
    const { name, code, message: _message, ...details } = json;
    this.name = name;
    this.family = name;
    this.code = code;
    this.details = details;
  }

  toJSON(): SerializedOtherError {
    return { ...this.details, name: this.family, code: this.code, message: this.message };
  }
}

/** Rebuilds the error a WireError stands for: core's class for data errors, DesktopError otherwise. */
export function reviveError(error: WireError): EconError | DesktopError {
  if (isSerializedEconError(error)) return errorFromJSON(error);
  return new DesktopError(error as SerializedOtherError);
}

/** A bridge failure that is not one of the packages' errors (no answer, unknown operation, bad token). */
export function bridgeError(code: string, message: string): SerializedOtherError {
  return { name: 'BridgeError', code, message };
}
