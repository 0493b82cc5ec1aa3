import pino from 'pino';

/**
 * Lines are written when this many bytes wait (about forty access lines), and at least every
 * FLUSH_MS. 4 kB batches still cost a light request a fifth of its CPU; 12 kB, a twentieth.
 */
const BATCH_BYTES = 12288;
const FLUSH_MS = 1000;

/**
 * Where the API's log lines go: stdout (or `dest`), a batch at a time. pino's default destination hands every
 * line to the thread pool as its own write; with one access line per request that cost more than
 * everything else a light request does (`GET /settings/public`: 0.13 → 0.08 ms of CPU a request,
 * about 30k → 50k requests in 4 s; without any access log, 60k: README "API bench"). A line waits at most a second; the batch is
 * written at once when the process exits (pino's exit hook) or the app closes.
 */
export function logDestination(dest: number | string = 1) {
  const stream = pino.destination({ dest, sync: false, minLength: BATCH_BYTES });
  const timer = setInterval(() => stream.flush(), FLUSH_MS);
  timer.unref();
  return {
    stream,
    close() {
      clearInterval(timer);
      stream.flush();
    },
  };
}
