import { once } from 'node:events';
import pino from 'pino';

/**
 * Lines are written when this many characters wait (about forty access lines), and at least every
 * FLUSH_MS. 4 kB batches still cost a light request a fifth of its CPU; 12 kB, a twentieth.
 */
const BATCH_CHARS = 12288;
const FLUSH_MS = 1000;

/**
 * Where the API's log lines go: stdout (or `dest`), a batch at a time. pino's default destination hands every
 * line to the thread pool as its own write; with one access line per request that cost more than
 * everything else a light request does (`GET /settings/public`: 0.13 → 0.08 ms of CPU a request,
 * about 30k → 50k requests in 4 s; without any access log, 60k: README "API bench").
 *
 * The batch is kept here as a list of lines and handed to pino's destination (sonic-boom) whole:
 * sonic-boom's own `minLength` batching measures the UTF-8 length of its whole pending buffer on
 * every line, flattening a string of up to 16 kB per request (7 % of a light request's time).
 * A line waits at most a second; what waits is written when the app closes and, synchronously,
 * when the process exits.
 */
export function logDestination(dest: number | string = 1) {
  const boom = pino.destination({ dest, sync: false });
  let lines: string[] = [];
  let chars = 0;
  const flush = () => {
    if (!chars) return;
    const batch = lines.join('');
    lines = [];
    chars = 0;
    boom.write(batch);
  };
  const stream = {
    write(line: string) {
      lines.push(line);
      chars += line.length;
      if (chars >= BATCH_CHARS) flush();
    },
  };
  const timer = setInterval(flush, FLUSH_MS);
  timer.unref();
  // pino ends its destination when the event loop runs dry ('beforeExit'): what waits here is
  // handed over first. At 'exit' there is no loop left, so it is written synchronously, unless
  // the destination has already ended.
  const onExit = () => {
    if ((boom as unknown as { destroyed: boolean }).destroyed) return;
    flush();
    // The file may not be open yet when the process ends at once; then nothing can be written.
    try { boom.flushSync(); } catch { /* not open */ }
  };
  process.on('beforeExit', flush);
  process.once('exit', onExit);
  return {
    stream,
    /** Resolves once the destination is open (tests). */
    ready: () => once(boom, 'ready').then(() => undefined),
    /** Hands what waits to the destination, which writes it at once (its own batching is off). */
    close() {
      clearInterval(timer);
      process.removeListener('beforeExit', flush);
      process.removeListener('exit', onExit);
      flush();
    },
  };
}
