import { Queue, Worker } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { JobHandler, JobQueue } from './job-queue';

export interface BullQueueOptions {
  redisUrl: string;
  /** REDIS_PREFIX: deployments and test runs sharing one Redis never see each other's jobs. */
  redisPrefix: string;
  name: string;
  concurrency: number;
  log: FastifyBaseLogger;
}

const IDLE_POLL_MS = 50;

/**
 * Jobs in Redis through BullMQ, for several API instances: every instance runs a worker, so a
 * video uploaded to one may be transcoded by another, and a job whose instance died is picked up
 * again when BullMQ sees it stalled. A job stopped by shutdown throws, so BullMQ retries it.
 */
export async function createBullQueue(handler: JobHandler, opts: BullQueueOptions): Promise<JobQueue> {
  const connection = { url: opts.redisUrl };
  const name = `${opts.redisPrefix}-${opts.name}`;
  const controller = new AbortController();
  const queue = new Queue(name, {
    connection,
    defaultJobOptions: {
      attempts: 3,
      backoff: { type: 'exponential', delay: 10_000 },
      // Nothing reads finished jobs: the media_files row is the record.
      removeOnComplete: true,
      removeOnFail: 1000,
    },
  });
  const worker = new Worker<{ id: string }>(name, async (job) => handler(job.data.id, controller.signal), {
    connection,
    concurrency: opts.concurrency,
  });
  queue.on('error', (err) => opts.log.warn({ err }, 'media queue Redis problem'));
  worker.on('error', (err) => opts.log.warn({ err }, 'media worker Redis problem'));
  worker.on('failed', (job, err) => {
    if (!controller.signal.aborted) opts.log.error({ err, id: job?.data.id, queue: opts.name }, 'job failed');
  });
  try {
    await Promise.all([queue.waitUntilReady(), worker.waitUntilReady()]);
  } catch (err) {
    await Promise.allSettled([worker.close(true), queue.close()]);
    throw new Error(`Cannot connect to Redis (REDIS_URL) for media jobs: ${(err as Error).message}`, { cause: err });
  }

  return {
    name: opts.name,

    async add(id) {
      // The file id as job id: queuing the same file twice while it waits adds nothing.
      await queue.add('process', { id }, { jobId: id });
    },

    async whenIdle() {
      for (;;) {
        const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        if (Object.values(counts).every((n) => n === 0)) return;
        await new Promise((resolve) => setTimeout(resolve, IDLE_POLL_MS));
      }
    },

    async close() {
      controller.abort();
      await worker.close();
      await queue.close();
    },

    async stats() {
      const counts = await queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed');
      return { waiting: counts.waiting + counts.prioritized, active: counts.active, delayed: counts.delayed };
    },
  };
}
