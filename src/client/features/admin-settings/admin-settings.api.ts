import { settingsRoutes, type AllSettingsValues, type SettingImageKey, type SettingImageUpload } from '@/common/contract/settings';
import { callRoute } from '@/client/lib/call-route';
import { upload } from '@/client/lib/upload';

/** Changes the given settings (only those); answers every setting as now stored. */
export const saveSettings = (changes: Partial<AllSettingsValues>) => callRoute(settingsRoutes.adminUpdate, { body: changes });

/** Uploads an image for one of the image settings; the server re-encodes it, stores it and sets the setting. */
export const uploadSettingImage = (key: SettingImageKey, file: File, onProgress?: (percent: number) => void) =>
  upload<{ data: SettingImageUpload }>(settingsRoutes.adminImage.url, [{ fieldname: 'image', file }], { customData: { key }, onProgress });
