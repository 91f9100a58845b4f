import { mkdirSync, rmSync } from 'node:fs';
import { basename } from 'node:path';
import { AppError, errorPayload } from '../../../src-shared/errors';
import type { BatchJobStatus } from '../../../src-shared/contract/print.contract';
import type { BackendContext } from '../context';
import { runBatch, stagingDir, type BatchParams } from './batch-print';
import type { BatchMessage } from './batch-server';
import { runBatchInWorker } from './kept-batch-worker';

/**
 * Batch print jobs of one backend: started, polled (print.jobStatus),
 * cancelled, and their result fetched. Each job runs in a print worker
 * (kept-batch-worker.ts); the backend thread only relays messages, so it
 * stays responsive.
 */
interface Job {
  status: BatchJobStatus;
  cancel: () => void;
  done: Promise<void>;
}

const managers = new WeakMap<BackendContext, Map<string, Job>>();
const KEEP_FINISHED = 50;
/** A worker busy inside one long render gets this long to stop by itself before it is terminated. */
const CANCEL_GRACE_MS = 300;

function jobsOf(ctx: BackendContext): Map<string, Job> {
  let m = managers.get(ctx);
  if (!m) managers.set(ctx, (m = new Map()));
  return m;
}

export function startBatchJob(ctx: BackendContext, params: Omit<BatchParams, 'jobId'>): BatchJobStatus {
  const jobs = jobsOf(ctx);
  const jobId = globalThis.crypto.randomUUID();
  mkdirSync(params.outDir, { recursive: true });
  const status: BatchJobStatus = {
    jobId,
    state: 'running',
    done: 0,
    total: params.rosterIds.length,
    current: null,
    error: null,
    outputs: [],
    files: [],
    startedAt: new Date().toISOString(),
    finishedAt: null,
  };
  const finish = (state: BatchJobStatus['state'], extra: Partial<BatchJobStatus> = {}) => {
    Object.assign(status, { state, current: null, finishedAt: new Date().toISOString(), ...extra });
  };
  let committing = false;
  const onMessage = (m: BatchMessage) => {
    if (m.type === 'committing') committing = true;
    else if (m.type === 'progress') Object.assign(status, { done: m.done, total: m.total, current: m.current });
    else if (m.type === 'done') finish('done', { outputs: m.outputs, files: m.outputs.map((o) => basename(o)), done: status.total });
    else finish(m.code === 'CANCELLED' ? 'cancelled' : 'failed', { error: m.code === 'CANCELLED' ? null : m.message });
  };
  const full: BatchParams = { ...params, jobId };
  let ended = () => {};
  const done = new Promise<void>((resolve) => (ended = resolve));
  let cancelRequested = false;
  const inWorker = runBatchInWorker(
    ctx,
    full,
    (m) => {
      onMessage(m);
      if (m.type === 'done' || m.type === 'error') ended();
    },
    (error) => {
      if (status.state === 'running') {
        // stopped mid-render: nothing was moved into place; remove what it staged
        rmSync(stagingDir(full), { recursive: true, force: true });
        if (cancelRequested) finish('cancelled');
        else finish('failed', { error: error?.message ?? 'The print worker stopped unexpectedly.' });
      }
      ended();
    },
  );
  let job: Job;
  if (inWorker) {
    const cancel = () => {
      cancelRequested = true;
      inWorker.cancel();
      // files are only renamed into place after a final cancel check, so terminating can never leave a partial file
      setTimeout(() => {
        // once the worker is moving finished files into place it is let finish: the batch is done
        if (status.state === 'running' && !committing) inWorker.terminate();
      }, CANCEL_GRACE_MS).unref();
    };
    job = { status, cancel, done };
  } else {
    let cancelled = false;
    void runBatch(
      ctx.db,
      full,
      (p) => onMessage({ type: 'progress', ...p }),
      () => cancelled,
      () => onMessage({ type: 'committing' }),
    )
      .then(
        (outputs) => onMessage({ type: 'done', outputs }),
        (e: unknown) => onMessage({ type: 'error', ...errorPayload(e) }),
      )
      .finally(ended);
    job = { status, cancel: () => (cancelled = true), done };
  }
  jobs.set(jobId, job);
  // forget the oldest finished jobs so a long session does not grow without end
  const finished = [...jobs.values()].filter((j) => j.status.state !== 'running');
  for (const j of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED))) jobs.delete(j.status.jobId);
  return { ...status };
}

function requireJob(ctx: BackendContext, jobId: string): Job {
  const job = jobsOf(ctx).get(jobId);
  if (!job) throw new AppError('NOT_FOUND', 'There is no such print job (it may have finished long ago).', { path: ['jobId'] });
  return job;
}

export function jobStatus(ctx: BackendContext, jobId: string): BatchJobStatus {
  return { ...requireJob(ctx, jobId).status };
}

/** Asks the job to stop and waits until it has (and has cleaned up). */
export async function cancelJob(ctx: BackendContext, jobId: string): Promise<BatchJobStatus> {
  const job = requireJob(ctx, jobId);
  if (job.status.state === 'running') job.cancel();
  await job.done;
  return { ...job.status };
}

/** Waits for a job to end (tests, the CLI). */
export async function waitForJob(ctx: BackendContext, jobId: string): Promise<BatchJobStatus> {
  const job = requireJob(ctx, jobId);
  await job.done;
  return { ...job.status };
}
