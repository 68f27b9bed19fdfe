/** Waiting on the in-page workbook stand-in, whose formulas calculate asynchronously. */

/** Resolves when `check` holds, checked now and after every workbook change (`subscribe`). */
export function untilChanged(subscribe: (fn: () => void) => () => void, check: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (check()) return resolve();
    const stop = subscribe(() => {
      if (!check()) return;
      stop();
      resolve();
    });
  });
}
