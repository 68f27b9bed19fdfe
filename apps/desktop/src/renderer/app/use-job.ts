/**
 * React state around one job at a time (fetch, export, re-run): running, its progress, its result or
 * error, and Cancel. The job itself (its id, main's progress events, jobs.cancel on abort) is run by
 * the client (`../../shared/client.ts`): this hook only hands it a signal and a progress listener.
 */
import { useCallback, useRef, useState } from 'react';
import type { ProgressPhase } from '../../shared/bridge.ts';
import type { JobOptions } from '../../shared/client.ts';

interface JobProgress {
  phase: ProgressPhase | 'starting';
  loaded: number;
  total: number | null;
}

export interface JobState<T> {
  running: boolean;
  progress: JobProgress | null;
  result: T | null;
  error: unknown;
  /** Runs `work` with the job's options; resolves with its value, or undefined when it failed or was cancelled. */
  run(work: (options: Required<JobOptions>) => Promise<T>): Promise<T | undefined>;
  cancel(): void;
  reset(): void;
}

/** One job at a time, its progress from main's events. */
export function useJob<T>(): JobState<T> {
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<JobProgress | null>(null);
  const [result, setResult] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  // The job whose state is shown; a newer run (or reset) makes an older one's outcome irrelevant.
  const current = useRef<AbortController | null>(null);

  const run = useCallback(async (work: (options: Required<JobOptions>) => Promise<T>) => {
    const controller = new AbortController();
    current.current = controller;
    const mine = (): boolean => current.current === controller;
    setRunning(true);
    setError(null);
    setProgress({ phase: 'starting', loaded: 0, total: null });
    try {
      const value = await work({ signal: controller.signal, onProgress: (p) => { if (mine()) setProgress(p); } });
      if (mine()) setResult(value);
      return value;
    } catch (e) {
      if (mine()) setError(e);
      return undefined;
    } finally {
      if (mine()) {
        setRunning(false);
        setProgress(null);
      }
    }
  }, []);

  const cancel = useCallback(() => current.current?.abort(), []);

  const reset = useCallback(() => {
    current.current = null;
    setRunning(false);
    setProgress(null);
    setResult(null);
    setError(null);
  }, []);

  return { running, progress, result, error, run, cancel, reset };
}
