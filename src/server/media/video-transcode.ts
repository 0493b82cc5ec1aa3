import fsp from 'node:fs/promises';
import path from 'node:path';
import { probe, runFfmpeg, type FfmpegRun } from './ffmpeg';
import { unreadable, unreadableOnFailure } from './processing-error';

export interface TranscodedVideo {
  /** MP4, H.264 (yuv420p) + AAC, moov box first. */
  mainPath: string;
  /** A PNG frame at 10% of the duration (at most 3 s in), or null when none could be taken. */
  posterPath: string | null;
  durationMs: number;
  width: number;
  height: number;
}

/**
 * At most 1920x1080 landscape or 1080x1920 portrait, aspect kept, never enlarged; H.264 with
 * yuv420p needs even sides, hence the second scale.
 */
const SCALE =
  "scale='if(gte(iw,ih),min(1920,iw),min(1080,iw))':'if(gte(iw,ih),min(1080,ih),min(1920,ih))':force_original_aspect_ratio=decrease," +
  'scale=trunc(iw/2)*2:trunc(ih/2)*2';

/**
 * A video anyone's browser plays: MP4 with H.264 and AAC, `+faststart` so playback starts before
 * the whole file arrived. Metadata (recording place and device in phone videos) is dropped.
 */
export async function transcodeVideo(input: string, workDir: string, run: FfmpegRun): Promise<TranscodedVideo> {
  const source = await probe(input, run);
  if (!source.video) throw unreadable('video');
  const mainPath = path.join(workDir, 'main.mp4');
  await unreadableOnFailure('video', runFfmpeg([
    '-i', input,
    '-map', '0:v:0', '-map', '0:a:0?',
    '-map_metadata', '-1', '-map_chapters', '-1', '-sn', '-dn',
    '-vf', SCALE,
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-b:a', '128k', '-ac', '2',
    '-max_muxing_queue_size', '1024',
    '-movflags', '+faststart',
    '-f', 'mp4', '-y', mainPath,
  ], run));
  const out = await probe(mainPath, run);
  if (!out.video || !out.durationMs) throw unreadable('video');
  const posterPath = await grabPoster(mainPath, workDir, out.durationMs, run);
  return { mainPath, posterPath, durationMs: out.durationMs, width: out.video.width, height: out.video.height };
}

/** The poster frame; very short clips may have no frame at the chosen time, so 0 s is tried next. */
async function grabPoster(video: string, workDir: string, durationMs: number, run: FfmpegRun): Promise<string | null> {
  const poster = path.join(workDir, 'poster.png');
  const at = Math.min(durationMs * 0.1, 3000) / 1000;
  for (const seconds of at > 0 ? [at, 0] : [0]) {
    await fsp.rm(poster, { force: true });
    await runFfmpeg(['-ss', seconds.toFixed(3), '-i', video, '-frames:v', '1', '-f', 'image2', '-c:v', 'png', '-y', poster], run, true);
    const size = await fsp.stat(poster).then((s) => s.size, () => 0);
    if (size > 0) return poster;
  }
  return null;
}
