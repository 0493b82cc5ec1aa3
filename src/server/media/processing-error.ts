import { FfmpegError } from './ffmpeg';

/** A processing failure whose message a creator can read and act on; it becomes `failureReason`. */
export class MediaProcessingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MediaProcessingError';
  }
}

export const unreadable = (noun: 'video' | 'audio') =>
  new MediaProcessingError(`The ${noun} could not be read: it may be damaged or in an unsupported format`);

/**
 * ffmpeg refusing the input (a non-zero exit) means the file is the problem; a timeout or an
 * abort is passed on as it is, so the job can tell them apart.
 */
export async function unreadableOnFailure<T>(noun: 'video' | 'audio', work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof FfmpegError && err.reason === 'failed') throw unreadable(noun);
    throw err;
  }
}
