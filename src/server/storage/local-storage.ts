import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import { contentTypeOf, isPublicKey, isValidKey, resolveRange, type Storage } from './storage';

/**
 * Files under `DATA_DIR/uploads/<key>`. Writes go to a temporary name first and are renamed
 * into place, so a reader never sees half a file.
 */
export function createLocalStorage(opts: { root: string; publicBaseUrl: string }): Storage {
  const resolve = (key: string) => {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(opts.root, ...key.split('/'));
  };

  async function writeAtomically(key: string, write: (tmp: string) => Promise<void>) {
    const file = resolve(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    try {
      await write(tmp);
      await fsp.rename(tmp, file);
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
  }

  return {
    async put(key, body) {
      await writeAtomically(key, (tmp) => fsp.writeFile(tmp, body, { flag: 'wx' }));
    },

    // A copy, not a move: the caller owns its file (a temporary upload) and removes it itself.
    async putFile(key, filePath) {
      await writeAtomically(key, (tmp) => fsp.copyFile(filePath, tmp, fs.constants.COPYFILE_EXCL));
    },

    async get(key, range) {
      if (!isValidKey(key)) return null;
      const file = resolve(key);
      let stat: fs.Stats;
      try {
        stat = await fsp.stat(file);
      } catch {
        return null;
      }
      if (!stat.isFile()) return null;
      const part = range ? resolveRange(range, stat.size) : null;
      return {
        stream: fs.createReadStream(file, part ?? {}),
        contentType: contentTypeOf(key),
        size: stat.size,
        modifiedAt: stat.mtime,
        range: part,
      };
    },

    async delete(key) {
      await fsp.rm(resolve(key), { force: true });
    },

    publicUrl(key) {
      if (!isPublicKey(key)) throw new Error(`Not a public storage key: ${key}`);
      return `${opts.publicBaseUrl}/${key}`;
    },
  };
}
