import type { FastifyBaseLogger } from 'fastify';

/** Works on one id; `signal` aborts when the API shuts down. */
export type JobHandler = (id: string, signal: AbortSignal) => Promise<void>;

/** What a queue holds now (the metrics). */
export interface JobQueueStats {
  waiting: number;
  active: number;
  /** BullMQ only: jobs waiting for a retry (their backoff) or a later start. */
  delayed: number;
}

export interface JobQueue {
  /** What the queue is for (`media`, `data-exports`, ...): its label in the metrics. */
  readonly name: string;
  /** Queues an id; an id already waiting or running is not queued twice. */
  add(id: string): Promise<void>;
  /** Resolves once nothing is waiting or running (tests, the seed). */
  whenIdle(): Promise<void>;
  /** Stops taking jobs and aborts the running ones. */
  close(): Promise<void>;
  /** Depths now (BullMQ: of the queue shared by all instances). */
  stats(): Promise<JobQueueStats>;
}

/**
 * Jobs in this process's memory, `concurrency` at a time: the default on one machine, where the
 * database itself says what is left to do after a restart (pending rows are queued again at
 * start-up), so losing the memory queue loses no work.
 */
export function createInProcessQueue(handler: JobHandler, opts: { name: string; concurrency: number; log: FastifyBaseLogger }): JobQueue {
  const waiting: string[] = [];
  const known = new Set<string>();
  const running = new Set<Promise<void>>();
  const controller = new AbortController();
  let idle: (() => void)[] = [];
  let closed = false;

  const settleIdle = () => {
    if (waiting.length || running.size) return;
    const resolvers = idle;
    idle = [];
    for (const resolve of resolvers) resolve();
  };

  function pump() {
    while (!closed && running.size < opts.concurrency && waiting.length) {
      const id = waiting.shift()!;
      const job: Promise<void> = handler(id, controller.signal)
        .catch((err) => {
          if (!controller.signal.aborted) opts.log.error({ err, id, queue: opts.name }, 'job failed');
        })
        .finally(() => {
          running.delete(job);
          known.delete(id);
          pump();
          settleIdle();
        });
      running.add(job);
    }
  }

  return {
    name: opts.name,

    async add(id) {
      if (closed || known.has(id)) return;
      known.add(id);
      waiting.push(id);
      // Started on the next tick: the caller's own answer goes out before a job competes for the CPU.
      setImmediate(pump);
    },

    whenIdle() {
      return new Promise<void>((resolve) => {
        idle.push(resolve);
        setImmediate(settleIdle);
      });
    },

    async close() {
      closed = true;
      waiting.length = 0;
      controller.abort();
      await Promise.allSettled([...running]);
      settleIdle();
    },

    async stats() {
      return { waiting: waiting.length, active: running.size, delayed: 0 };
    },
  };
}
