import crypto from 'node:crypto';
import type { PerformerAccount } from '../../../common/contract/performers';
import type { Executor } from '../../db/client';
import { notFound } from '../../lib/http-error';
import { encodeAvatar, encodePhoto } from '../../media/images';
import type { UploadedFile } from '../../media/multipart-form';
import type { VideoKind } from '../../media/video-sniff';
import { PUBLIC_PREFIX } from '../../storage/storage';
import { prepareDocuments, type DocumentField } from '../auth/auth.service';
import { usersRepository } from '../users/users.repository';
import { lockProfile, type PerformerDeps } from './performer-account.service';
import { performersRepository, type NewPerformer } from './performers.repository';

interface NewFile {
  key: string;
  buffer: Buffer;
  contentType: string;
}

const publicKey = (folder: string, ext: string) => `${PUBLIC_PREFIX}${folder}/${crypto.randomUUID()}.${ext}`;

/** Avatar, cover, welcome video and identity documents of the signed-in creator. */
export function createPerformerMediaService(deps: PerformerDeps, load: (userId: string) => Promise<PerformerAccount>) {
  const { db, storage, log } = deps;

  /**
   * Stores the new files, points the rows at them in one transaction (`commit` returns the keys it
   * replaced), then deletes the replaced files. A failed transaction deletes the new files again,
   * so neither an orphan file nor a row pointing at nothing is left behind.
   */
  async function replaceFiles(files: NewFile[], commit: (tx: Executor) => Promise<(string | null)[]>) {
    const stored: string[] = [];
    let replaced: (string | null)[];
    try {
      for (const f of files) {
        await storage.put(f.key, f.buffer, f.contentType);
        stored.push(f.key);
      }
      replaced = await db.transaction(commit);
    } catch (err) {
      await Promise.all(stored.map((key) => storage.delete(key).catch(() => undefined)));
      throw err;
    }
    await removeFiles(replaced);
  }

  /** Best effort: a file left over is only wasted space, never a reason to fail the request. */
  async function removeFiles(keys: (string | null)[]) {
    for (const key of keys) {
      if (key) await storage.delete(key).catch((err) => log.warn({ err, key }, 'could not delete a replaced file'));
    }
  }

  async function lockUser(tx: Executor, userId: string) {
    const user = await usersRepository.lockById(tx, userId);
    if (!user) throw notFound('Account not found');
    return user;
  }

  return {
    /** 256px WebP under public/avatars/, like a fan's avatar. */
    async uploadAvatar(userId: string, file: Buffer): Promise<PerformerAccount> {
      const image = await encodeAvatar(file, 'avatar');
      const key = publicKey('avatars', image.ext);
      await replaceFiles([{ key, buffer: image.buffer, contentType: image.contentType }], async (tx) => {
        const before = await lockUser(tx, userId);
        await usersRepository.update(tx, userId, { avatarPath: key });
        return [before.avatarPath];
      });
      return load(userId);
    },

    /** Re-encoded JPEG (at most 2048px) under public/covers/. */
    async uploadCover(userId: string, file: Buffer): Promise<PerformerAccount> {
      const image = await encodePhoto(file, 'cover');
      const key = publicKey('covers', image.ext);
      await replaceFiles([{ key, buffer: image.buffer, contentType: image.contentType }], async (tx) => {
        const before = await lockUser(tx, userId);
        await usersRepository.update(tx, userId, { coverPath: key });
        return [before.coverPath];
      });
      return load(userId);
    },

    /**
     * Stored as uploaded (container checked by its bytes) and served from /files/public/. Not
     * transcoded yet: the video-processing issue adds the ffmpeg job (MP4, thumbnail, duration).
     */
    async uploadWelcomeVideo(userId: string, video: { buffer: Buffer; kind: VideoKind }): Promise<PerformerAccount> {
      const key = publicKey('welcome-videos', video.kind.ext);
      await replaceFiles([{ key, buffer: video.buffer, contentType: video.kind.contentType }], async (tx) => {
        const before = await lockProfile(tx, userId);
        await performersRepository.update(tx, userId, { welcomeVideoPath: key });
        return [before.welcomeVideoPath];
      });
      return load(userId);
    },

    async removeWelcomeVideo(userId: string): Promise<PerformerAccount> {
      const previous = await db.transaction(async (tx) => {
        const before = await lockProfile(tx, userId);
        if (before.welcomeVideoPath) await performersRepository.update(tx, userId, { welcomeVideoPath: null });
        return before.welcomeVideoPath;
      });
      await removeFiles([previous]);
      return load(userId);
    },

    /** New identity images (private, like at registration); an admin has to check them again. */
    async uploadDocuments(userId: string, files: Partial<Record<DocumentField, UploadedFile>>): Promise<PerformerAccount> {
      const documents = await prepareDocuments(files);
      const newFiles = documents.map((d) => ({ key: d.key, buffer: d.image.buffer, contentType: d.image.contentType }));
      await replaceFiles(newFiles, async (tx) => {
        const before = await lockProfile(tx, userId);
        const patch: Partial<NewPerformer> = {};
        const replaced: (string | null)[] = [];
        for (const d of documents) {
          if (d.field === 'idDocument') {
            patch.idDocumentPath = d.key;
            replaced.push(before.idDocumentPath);
          } else {
            patch.selfiePath = d.key;
            replaced.push(before.selfiePath);
          }
        }
        // New documents undo any earlier decision: with both on file the creator waits in the
        // operators' queue again; with one missing there is nothing to review yet.
        const complete = Boolean((patch.idDocumentPath ?? before.idDocumentPath) && (patch.selfiePath ?? before.selfiePath));
        Object.assign(patch, {
          verificationStatus: complete ? 'pending' : 'not_submitted',
          verificationSubmittedAt: complete ? new Date() : null,
          verificationReviewedAt: null,
          verificationReviewedBy: null,
        });
        await performersRepository.update(tx, userId, patch);
        return replaced;
      });
      return load(userId);
    },
  };
}
