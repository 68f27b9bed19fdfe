/**
 * A long operation in main (fetch, export, open) with its progress and a cancel: the renderer picks
 * the job id, main reports progress events under it, and `jobs.cancel` stops it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ProgressPhase } from '../../shared/contract.ts';
import { newJobId } from '../../shared/client.ts';
import { useSession } from './session.tsx';

export interface JobProgress {
  phase: ProgressPhase | 'starting';
  loaded: number;
  total: number | null;
}

export interface JobState<T> {
  running: boolean;
  progress: JobProgress | null;
  result: T | null;
  error: unknown;
  /** Runs `work` with a fresh job id; resolves with its value, or undefined when it failed or was cancelled. */
  run(work: (jobId: string) => Promise<T>): Promise<T | undefined>;
  cancel(): void;
  reset(): void;
}

/** One job at a time, its progress from main's events. */
export function useJob<T>(): JobState<T> {
  const { client } = useSession();
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<JobProgress | null>(null);
  const [result, setResult] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const current = useRef<string | null>(null);

  useEffect(() => client.onEvent((e) => {
    if (e.type === 'progress' && e.jobId === current.current) setProgress({ phase: e.phase, loaded: e.loaded, total: e.total });
  }), [client]);

  const run = useCallback(async (work: (jobId: string) => Promise<T>) => {
    const jobId = newJobId();
    current.current = jobId;
    setRunning(true);
    setError(null);
    setProgress({ phase: 'starting', loaded: 0, total: null });
    try {
      const value = await work(jobId);
      if (current.current === jobId) setResult(value);
      return value;
    } catch (e) {
      if (current.current === jobId) setError(e);
      return undefined;
    } finally {
      if (current.current === jobId) {
        setRunning(false);
        setProgress(null);
      }
    }
  }, []);

  const cancel = useCallback(() => {
    const jobId = current.current;
    if (!jobId) return;
    client.call('jobs.cancel', { jobId }).catch((e: unknown) => setError(e));
  }, [client]);

  const reset = useCallback(() => {
    current.current = null;
    setRunning(false);
    setProgress(null);
    setResult(null);
    setError(null);
  }, []);

  return { running, progress, result, error, run, cancel, reset };
}
