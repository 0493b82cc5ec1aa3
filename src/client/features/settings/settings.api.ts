import { settingsRoutes } from '@/common/contract/settings';
import type { PublicSettingKey } from '@/common/constants/settings';
import { callRoute } from '@/client/lib/call-route';

export const getPublicSettings = () => callRoute(settingsRoutes.public);

export const getSettingsByKeys = (keys: PublicSettingKey[]) => callRoute(settingsRoutes.keys, { body: { keys } });
