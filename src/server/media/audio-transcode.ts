import path from 'node:path';
import { probe, runFfmpeg, type FfmpegRun } from './ffmpeg';
import { unreadable, unreadableOnFailure } from './processing-error';

export interface TranscodedAudio {
  mainPath: string;
  ext: 'mp3' | 'm4a';
  contentType: string;
  durationMs: number;
}

/** The last `time=HH:MM:SS.xx` of an ffmpeg run: how much it really decoded. */
function decodedMs(stderr: string): number | null {
  const all = [...stderr.matchAll(/time=(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/g)];
  const m = all[all.length - 1];
  return m ? Math.round(((Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1000) : null;
}

/**
 * MP3 plays everywhere and is kept as uploaded, once a full decode shows it is audio (which also
 * gives its true duration: VBR files without a header only have an estimate). Everything else
 * becomes AAC in an .m4a, metadata dropped.
 */
export async function transcodeAudio(input: string, sniffedExt: string, workDir: string, run: FfmpegRun): Promise<TranscodedAudio> {
  const source = await probe(input, run);
  if (!source.audio) throw unreadable('audio');
  if (sniffedExt === 'mp3' && source.audio.codec === 'mp3') {
    const stderr = await unreadableOnFailure('audio', runFfmpeg(['-i', input, '-map', '0:a:0', '-f', 'null', '-'], run));
    const durationMs = decodedMs(stderr) ?? source.durationMs;
    if (!durationMs) throw unreadable('audio');
    return { mainPath: input, ext: 'mp3', contentType: 'audio/mpeg', durationMs };
  }
  const mainPath = path.join(workDir, 'main.m4a');
  await unreadableOnFailure('audio', runFfmpeg([
    '-i', input,
    '-map', '0:a:0', '-vn', '-sn', '-dn', '-map_metadata', '-1',
    '-c:a', 'aac', '-b:a', '192k',
    '-movflags', '+faststart',
    '-f', 'mp4', '-y', mainPath,
  ], run));
  const out = await probe(mainPath, run);
  if (!out.audio || !out.durationMs) throw unreadable('audio');
  return { mainPath, ext: 'm4a', contentType: 'audio/mp4', durationMs: out.durationMs };
}
