/** A Field's hint, or its error in place of the hint (both at once read as two rules for one box). */
export function fieldState(hint: string | undefined, error: string | undefined): { hint?: string; validationMessage?: string; validationState?: 'error' } {
  if (error) return { validationMessage: error, validationState: 'error' };
  return hint ? { hint } : {};
}
