import { spawn } from 'node:child_process';

/**
 * FFMPEG_PATH, else the binary shipped inside @ffmpeg-installer/<platform>. Loaded on first use:
 * the package throws on import when it has no binary for this platform, and that must fail the
 * job with a reason, not the start-up of an API that may never see a video.
 */
export async function resolveFfmpegPath(configured: string | null): Promise<string> {
  if (configured) return configured;
  const installer = await import('@ffmpeg-installer/ffmpeg');
  return (installer.default ?? installer).path;
}

export class FfmpegError extends Error {
  constructor(
    message: string,
    /** The tail of ffmpeg's own output, for the log only: never shown to a creator. */
    public readonly stderr: string,
    /** failed: ffmpeg refused the input; unavailable: it could not be started at all. */
    public readonly reason: 'failed' | 'unavailable' | 'timeout' | 'aborted',
  ) {
    super(message);
    this.name = 'FfmpegError';
  }
}

export interface FfmpegRun {
  ffmpegPath: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

const STDERR_KEEP = 64 * 1024;

/**
 * Runs ffmpeg with an argument array (never a shell string: a file name can hold no command) and
 * resolves with its stderr. A non-zero exit is an FfmpegError unless `allowFailure` (probing with
 * `-i` alone always exits 1). Past the timeout, or when `signal` aborts, the process is killed.
 */
export function runFfmpeg(args: string[], run: FfmpegRun, allowFailure = false): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(run.ffmpegPath, ['-hide_banner', '-nostdin', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let stopped: 'timeout' | 'aborted' | null = null;
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      stderr = (stderr + text).slice(-STDERR_KEEP);
    });
    const stop = (why: 'timeout' | 'aborted') => {
      stopped = why;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => stop('timeout'), run.timeoutMs);
    const onAbort = () => stop('aborted');
    run.signal?.addEventListener('abort', onAbort, { once: true });
    if (run.signal?.aborted) stop('aborted');
    child.on('error', (err) => {
      clearTimeout(timer);
      run.signal?.removeEventListener('abort', onAbort);
      reject(new FfmpegError(`ffmpeg could not start: ${err.message}`, stderr, 'unavailable'));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      run.signal?.removeEventListener('abort', onAbort);
      if (stopped) return reject(new FfmpegError(`ffmpeg ${stopped === 'timeout' ? 'timed out' : 'was stopped'}`, stderr, stopped));
      if (code !== 0 && !allowFailure) return reject(new FfmpegError(`ffmpeg exited with code ${code}`, stderr, 'failed'));
      resolve(stderr);
    });
  });
}

export interface ProbeResult {
  durationMs: number | null;
  video: { codec: string; width: number; height: number } | null;
  audio: { codec: string } | null;
}

/** Reads ffmpeg's description of an input (`Duration:` and the first video and audio streams). */
export function parseProbe(stderr: string): ProbeResult {
  const d = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  const durationMs = d ? Math.round(((Number(d[1]) * 60 + Number(d[2])) * 60 + Number(d[3])) * 1000) : null;
  // ", 320x240" after the pixel format; the codec tag "(avc1 / 0x31637661)" must not match.
  const v = /Stream #\d+:\d+[^:]*: Video: (\w+).*?, (\d{1,5})x(\d{1,5})[\s,]/.exec(stderr);
  const a = /Stream #\d+:\d+[^:]*: Audio: (\w+)/.exec(stderr);
  return {
    durationMs,
    video: v ? { codec: v[1], width: Number(v[2]), height: Number(v[3]) } : null,
    audio: a ? { codec: a[1] } : null,
  };
}

/** What ffmpeg makes of a file; an unreadable one has neither stream. */
export async function probe(file: string, run: FfmpegRun): Promise<ProbeResult> {
  return parseProbe(await runFfmpeg(['-i', file], run, true));
}
