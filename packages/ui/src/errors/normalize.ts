/**
 * One shape for every error a component may receive: an `EconError` instance, its serialized JSON
 * (a plain object that crossed Electron IPC or the web bridge), or anything else thrown.
 */
import { ERROR_NAMES, errorFromJSON, isEconError, isSerializedEconError, type EconError, type EconErrorDetails, type ErrorCode } from '@econdata/core';

/** Every code of core's taxonomy, including `key_unavailable` (the key provider threw): core's own list. */
export const ERROR_CODES = Object.keys(ERROR_NAMES) as readonly ErrorCode[];

export type UiErrorCode = ErrorCode;

/** The fields of an error the UI reads (core's own details); `unknown` marks something that is not one of core's errors. */
export type UiError = { code: UiErrorCode | 'unknown'; message: string }
  & Pick<EconErrorDetails, 'status' | 'parameter' | 'value' | 'retryAfterMs' | 'resetAt' | 'scope' | 'serverMessage'>;

const CODES: ReadonlySet<string> = new Set(ERROR_CODES);

function copyFields(source: Partial<EconError> | Record<string, unknown>, out: UiError): UiError {
  const s = source as Record<string, unknown>;
  if (typeof s['status'] === 'number') out.status = s['status'];
  if (typeof s['parameter'] === 'string') out.parameter = s['parameter'];
  if (typeof s['value'] === 'string') out.value = s['value'];
  if (typeof s['retryAfterMs'] === 'number') out.retryAfterMs = s['retryAfterMs'];
  const reset = s['resetAt'];
  if (reset instanceof Date) out.resetAt = reset;
  else if (typeof reset === 'string' && !Number.isNaN(Date.parse(reset))) out.resetAt = new Date(reset);
  if (s['scope'] === 'minute' || s['scope'] === 'day') out.scope = s['scope'];
  if (typeof s['serverMessage'] === 'string') out.serverMessage = s['serverMessage'];
  return out;
}

/** Whether a value carries one of core's error codes (an instance or its JSON). */
export function hasErrorCode(value: unknown): value is { code: UiErrorCode; message: string } {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { code?: unknown; message?: unknown };
  return typeof v.code === 'string' && CODES.has(v.code) && typeof v.message === 'string';
}

/**
 * Normalizes anything thrown or received into a UiError. Core's own guard and reviver come first;
 * a plain object with a known code is read field by field, so a code newer than this build of core
 * (or a class name other than EconError) still reads right.
 */
export function toUiError(error: unknown): UiError {
  if (isEconError(error) || isSerializedEconError(error)) {
    const revived: EconError = errorFromJSON(error);
    return copyFields(revived, { code: revived.code, message: revived.message });
  }
  if (hasErrorCode(error)) return copyFields(error as unknown as Record<string, unknown>, { code: error.code, message: error.message });
  if (error instanceof Error) {
    // A DOMException from an aborted fetch is a cancellation, not a failure.
    if (error.name === 'AbortError') return { code: 'aborted', message: error.message };
    return { code: 'unknown', message: error.message };
  }
  return { code: 'unknown', message: typeof error === 'string' ? error : 'An unexpected error occurred' };
}

/**
 * Whether an error is a redirect core refused to follow (`invalid_response` with a 3xx status, or
 * status 0: a browser's refused redirect, whose status and target it hides): the service address
 * is being redirected, and the remedy is the final address, not a retry.
 */
export function isRedirect(e: UiError): boolean {
  return e.code === 'invalid_response' && e.status !== undefined && (e.status === 0 || (e.status >= 300 && e.status < 400));
}

/** Whether an error is the caller's own cancellation (not to be shown as a failure). */
export function isAbort(error: unknown): boolean {
  return toUiError(error).code === 'aborted';
}
