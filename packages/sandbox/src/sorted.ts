/**
 * The first index, from `from`, of a sorted array whose item no longer satisfies `before` (binary
 * search): the lower bound of a range in the sorted series, price bars and request timestamps.
 * @example lowerBound([2019, 2020, 2021], (y) => y < 2020) // 1
 */
export function lowerBound<T>(items: readonly T[], before: (item: T) => boolean, from = 0): number {
  let lo = from;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(items[mid]!)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
