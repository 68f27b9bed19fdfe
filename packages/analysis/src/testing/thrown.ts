/** The refusal a call throws, for the engine's tests (fails the test when it throws none or another error). */
import { InvalidParameterError } from '@econdata/core';
import { expect } from 'vitest';

export function thrown(f: () => unknown): InvalidParameterError {
  try {
    f();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidParameterError);
    return error as InvalidParameterError;
  }
  throw new Error('expected a refusal');
}
