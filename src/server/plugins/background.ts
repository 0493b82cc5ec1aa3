import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/** How long closing the app waits for running background work before dropping it (logged). */
export const BACKGROUND_DRAIN_MS = 10_000;

export interface Background {
  /**
   * Runs `work` after the current request, without the request waiting for it. A failure is logged
   * with `label`, never thrown or left unhandled. Started while the app is closing: not run (logged).
   */
  run(label: string, work: () => Promise<unknown>): void;
  /** Resolves when no background work is running (tests, and shutdown). */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    background: Background;
  }
}

/**
 * Work a request starts but does not wait for (e.g. the password-reset mail, so the answer takes the
 * same time whether or not the address is known). Registered after the database and the mailer:
 * its onClose hook runs before theirs (Fastify runs them in reverse order), once every HTTP request
 * has finished, and waits up to BACKGROUND_DRAIN_MS for the running work, so it still has both.
 */
export default fp(async function background(app: FastifyInstance) {
  const inFlight = new Set<Promise<void>>();
  let closing = false;

  const idle = async () => {
    while (inFlight.size) await Promise.allSettled([...inFlight]);
  };

  app.decorate('background', {
    run(label, work) {
      if (closing) {
        app.log.warn({ label }, 'background work not started: the server is closing');
        return;
      }
      // setImmediate: the work starts after the caller's answer is on its way, never inside it.
      const running = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .then(
          () => undefined,
          (err: unknown) => app.log.error({ err, label }, 'background work failed'),
        )
        .finally(() => inFlight.delete(running));
      inFlight.add(running);
    },
    idle,
  } satisfies Background);

  app.addHook('onClose', async () => {
    closing = true;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), BACKGROUND_DRAIN_MS);
    });
    const result = await Promise.race([idle().then(() => 'done' as const), timedOut]);
    clearTimeout(timer);
    if (result === 'timeout') app.log.warn({ pending: inFlight.size }, 'closing without waiting for background work');
  });
}, { name: 'background', dependencies: ['db', 'mail'] });
