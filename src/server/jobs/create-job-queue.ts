import type { FastifyInstance } from 'fastify';
import { createBullQueue } from './bullmq-queue';
import { createInProcessQueue, type JobHandler, type JobQueue } from './job-queue';

/**
 * The app's job queue for one kind of work: BullMQ when REDIS_URL is set (every instance runs a
 * worker), otherwise in this process's memory. Its depths and failures are reported at /metrics.
 */
export async function createJobQueue(
  app: Pick<FastifyInstance, 'config' | 'log' | 'metrics'>,
  handler: JobHandler,
  opts: { name: string; concurrency: number },
): Promise<JobQueue> {
  const { config, log } = app;
  const counted: JobHandler = async (id, signal) => {
    try {
      await handler(id, signal);
    } catch (err) {
      // A job stopped by shutdown is retried, not failed.
      if (!signal.aborted) app.metrics.jobFailed(opts.name);
      throw err;
    }
  };
  const queue = config.redisUrl
    ? await createBullQueue(counted, { redisUrl: config.redisUrl, redisPrefix: config.redisPrefix, log, ...opts })
    : createInProcessQueue(counted, { log, ...opts });
  app.metrics.watchQueue(queue);
  return queue;
}
