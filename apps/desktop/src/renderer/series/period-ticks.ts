/**
 * Ticks of a time axis at the starts of the series' own periods: a monthly series is labelled by
 * months (or years when they are many), never by days ("1/16", "1/31" under six months of trade).
 * Pure, over UTC seconds, so it is unit-tested.
 */
import type { Frequency } from '@econdata/core';

/** Steps in months a tick may take, smallest first. */
const STEPS = [1, 2, 3, 6, 12, 24, 60, 120, 240];
const FIRST_STEP: Readonly<Record<Exclude<Frequency, 'daily'>, number>> = { monthly: 1, quarterly: 3, annual: 12 };

const seconds = (year: number, month: number): number => Date.UTC(year, month, 1) / 1000;

/**
 * Tick positions (UTC seconds) between `min` and `max`: period starts, every `step` months, the
 * smallest step (not below the frequency's own) that keeps at most `most` ticks; and the step taken.
 */
export function periodTicks(min: number, max: number, frequency: Exclude<Frequency, 'daily'>, most: number): { ticks: number[]; step: number } {
  const from = new Date(min * 1000);
  const to = new Date(max * 1000);
  const months = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + to.getUTCMonth() - from.getUTCMonth() + 1;
  const candidates = STEPS.filter((s) => s >= FIRST_STEP[frequency]);
  const step = candidates.find((s) => months / s <= Math.max(1, most)) ?? candidates[candidates.length - 1]!;
  const ticks: number[] = [];
  // Start on a month that is a multiple of the step (January for a year or more), at or after min.
  let y = from.getUTCFullYear();
  let m = Math.ceil(from.getUTCMonth() / Math.min(step, 12)) * Math.min(step, 12);
  if (seconds(y, m) < min) m += Math.min(step, 12);
  while (m >= 12) { y += 1; m -= 12; }
  if (step > 12) y = Math.ceil(y / (step / 12)) * (step / 12);
  for (let t = seconds(y, m); t <= max; ) {
    ticks.push(t);
    m += step;
    t = seconds(y + Math.floor(m / 12), m % 12);
  }
  return { ticks, step };
}

/** A tick's label: the year alone when ticks are a year or more apart, else the period itself. */
export function periodTickLabel(value: number, frequency: Exclude<Frequency, 'daily'>, step: number): string {
  const d = new Date(value * 1000);
  if (step >= 12 || frequency === 'annual') return String(d.getUTCFullYear());
  if (frequency === 'quarterly') return `${d.getUTCFullYear()}-Q${Math.floor(d.getUTCMonth() / 3) + 1}`;
  return d.toISOString().slice(0, 7);
}
