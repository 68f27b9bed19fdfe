/**
 * Running jobs (fetches, exports) by the id the renderer chose: each gets an AbortSignal that
 * `cancel` fires, and a progress reporter that becomes 'progress' events.
 */
import { InvalidParameterError, type FetchProgress } from '@econdata/core';
import type { JobId } from '../../shared/contract.ts';
import type { BridgeEvent, ProgressPhase } from '../../shared/bridge.ts';

export interface Job {
  readonly id: JobId;
  readonly signal: AbortSignal;
  progress(phase: ProgressPhase, loaded: number, total?: number | null): void;
  /** core's fetchSeries `onProgress`, reported as 'fetching' requests done of planned. */
  fetchProgress(progress: FetchProgress): void;
}

let anonymous = 0;

export class JobRegistry {
  readonly #running = new Map<JobId, AbortController>();
  readonly #emit: (event: BridgeEvent) => void;

  constructor(emit: (event: BridgeEvent) => void) {
    this.#emit = emit;
  }

  /** Runs `work` as a job; the id must not be running already. */
  async run<T>(id: JobId | undefined, work: (job: Job) => Promise<T>): Promise<T> {
    const jobId = id ?? `main-${(anonymous += 1)}`;
    if (this.#running.has(jobId)) {
      throw new InvalidParameterError('jobId', `Invalid request: job "${jobId}" is already running; give each job its own id.`);
    }
    const controller = new AbortController();
    this.#running.set(jobId, controller);
    const progress: Job['progress'] = (phase, loaded, total = null) => {
      if (id !== undefined) this.#emit({ type: 'progress', jobId, phase, loaded, total });
    };
    const job: Job = {
      id: jobId,
      signal: controller.signal,
      progress,
      fetchProgress: ({ done, planned }) => progress('fetching', done, planned),
    };
    try {
      return await work(job);
    } finally {
      this.#running.delete(jobId);
    }
  }

  /** Fires the job's signal; false when no job of that id runs. */
  cancel(id: JobId): boolean {
    const controller = this.#running.get(id);
    if (controller === undefined) return false;
    controller.abort();
    return true;
  }

  /** Ids of the jobs running now. */
  running(): JobId[] {
    return [...this.#running.keys()];
  }
}
