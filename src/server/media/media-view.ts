import type { MediaFileStatus, MediaFileView } from '../../common/contract/media';
import type { MediaFileRow } from '../modules/media/media.repository';
import { downloadName } from './file-name';
import type { UrlSigner } from './signed-url';

export interface PresentOptions {
  /** The viewer may open the file (owner, admin, subscriber, buyer, or free content). */
  unlocked: boolean;
  /** Make `url` a download (Content-Disposition: attachment) named after the uploaded file. */
  download?: boolean;
}

const extOf = (key: string) => key.slice(key.lastIndexOf('.') + 1);

/** The name a download of the main file gets: the uploaded name with the served file's extension. */
export function mainDownloadName(row: MediaFileRow): string | null {
  return row.mainKey ? downloadName(row.originalName, extOf(row.mainKey)) : null;
}

/**
 * A media file as a viewer receives it (contract `MediaFileView`). Locked: no main URL and only
 * the blurred preview among the thumbnails, so nothing of the original leaves the server. The
 * failure reason is for the owner, who is always unlocked.
 */
export function presentMediaFile(signer: UrlSigner, row: MediaFileRow, opts: PresentOptions): MediaFileView {
  const signed = (key: string | null) => (key ? signer.url(key) : null);
  const preview = signed(row.previewKey);
  const ready = row.status === 'ready' && row.mainKey;
  const url = opts.unlocked && ready ? signer.url(row.mainKey!, opts.download ? { download: mainDownloadName(row)! } : {}) : null;
  const thumbnail = opts.unlocked ? signed(row.thumbnailKey) : preview;
  return {
    _id: row.id,
    type: row.purpose,
    kind: row.kind,
    status: row.status,
    failureReason: opts.unlocked ? row.failureReason : null,
    url,
    thumbnails: thumbnail ? [thumbnail] : [],
    preview,
    width: row.width,
    height: row.height,
    duration: row.durationMs === null ? null : row.durationMs / 1000,
    mimeType: row.mainContentType,
    size: row.sizeBytes,
    name: row.originalName,
    isLocked: !opts.unlocked,
  };
}

/** A signed link that downloads the main file under its uploaded name; null until it is ready. */
export function mediaDownloadUrl(signer: UrlSigner, row: MediaFileRow): string | null {
  return row.status === 'ready' && row.mainKey ? signer.url(row.mainKey, { download: mainDownloadName(row)! }) : null;
}

export const mediaFileStatus = (row: MediaFileRow): MediaFileStatus => ({
  _id: row.id,
  status: row.status,
  failureReason: row.failureReason,
});
