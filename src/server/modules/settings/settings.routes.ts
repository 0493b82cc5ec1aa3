import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addRoute } from '../../lib/route';
import { serializedOnce } from '../../lib/serialized-once';
import { badRequest } from '../../lib/http-error';
import { readMultipartForm, requireFiles } from '../../media/multipart-form';
import { SETTING_IMAGE_KEYS, settingsRoutes, type SettingImageKey } from '../../../common/contract/settings';
import type { SetOptions } from './settings.service';
import { encodeSiteImage, storeSiteImage, uploadedKeyOf } from './settings-images';

export default async function settingsModule(app: FastifyInstance) {
  /** Every operator change of settings leaves one audit row with the changed keys, in the write's transaction. */
  const auditChange = (request: FastifyRequest): NonNullable<SetOptions['onChange']> => (tx, change) =>
    app.audit.record(tx, request, { action: 'settings.update', targetType: 'settings', ...change });

  // Every page load asks for these, and they change rarely: `getPublic` hands out one object per
  // cached snapshot, serialised once.
  const sendPublic = serializedOnce();
  addRoute(app, settingsRoutes.public, async (_request, reply) => sendPublic(reply, await app.settings.getPublic()));

  addRoute(app, settingsRoutes.keys, async (request) => ({ data: await app.settings.pick(request.body.keys) }));

  addRoute(app, settingsRoutes.adminList, async () => ({ data: await app.settings.getAll() }));

  addRoute(app, settingsRoutes.adminUpdate, async (request) => ({
    data: await app.settings.set(request.body as Record<string, unknown>, { onChange: auditChange(request) }),
  }));

  /**
   * One write path: the upload stores the re-encoded file, then sets the setting through the same
   * `settings.set` as PUT (validation, audit row). The replaced file is deleted after the commit
   * when it was an upload too; the new one is deleted again when the change fails.
   */
  addRoute(app, settingsRoutes.adminImage, async (request) => {
    const form = await readMultipartForm(request, ['image']);
    const key = form.fields.key;
    if (!(SETTING_IMAGE_KEYS as readonly string[]).includes(key ?? '')) {
      const message = `key must be one of: ${SETTING_IMAGE_KEYS.join(', ')}`;
      throw badRequest(message, [{ field: 'key', message }]);
    }
    const missing = requireFiles(form, ['image']);
    if (missing.length) throw badRequest(missing[0].message, missing);
    const settingKey = key as SettingImageKey;
    const image = await encodeSiteImage(form.files.image.buffer, settingKey);
    const stored = await storeSiteImage(app.storage, image);
    // The value replaced, as the change read it from the database (not from this instance's cache).
    let previous = '';
    const audit = auditChange(request);
    try {
      await app.settings.set({ [settingKey]: stored.url }, {
        onChange: async (tx, change) => {
          previous = String(change.before[settingKey] ?? '');
          await audit(tx, change);
        },
      });
    } catch (err) {
      await app.storage.delete(stored.key).catch(() => undefined);
      throw err;
    }
    const old = uploadedKeyOf(app.storage, previous);
    if (old) await app.storage.delete(old).catch((err) => request.log.warn({ err, key: old }, 'could not delete the replaced site image'));
    return { data: { key: settingKey, url: stored.url } };
  });
}
