import type { Logger } from 'pino';
import { recordJobRun } from './metrics.ts';

// The gateway's timers (payment expiry, renewals; the notice worker has its own loop of the same
// shape). Every replica runs every job: what makes a due item handled once is the job's own SQL
// (row locks with SKIP LOCKED, a transaction-scoped advisory lock), not which process runs it
// (ADR 053). This only keeps one run at a time in a process and lets a stopping replica finish the
// run it is in.

export type IntervalJob = {
  /** No new run starts; resolves when the run in progress (if any) has ended. */
  stop(): Promise<void>;
};

export function startIntervalJob(options: {
  name: string;
  intervalMs: number;
  logger: Logger;
  run: () => Promise<unknown>;
}): IntervalJob {
  const { name, intervalMs, logger, run } = options;
  let running: Promise<void> | null = null;
  let stopped = false;
  const timer = setInterval(() => {
    if (stopped || running) return;
    running = run()
      .then(
        () => recordJobRun(name, false),
        (error: unknown) => {
          recordJobRun(name, true);
          logger.error({ err: error, job: name }, `${name} failed; the next run tries again`);
        },
      )
      .finally(() => (running = null));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
