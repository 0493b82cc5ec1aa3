import {
  privateShowRoutes,
  type CreatePrivateShowBody,
  type PrivateShowSettingsBody,
} from '@/common/contract/private-shows';
import { callRoute } from '@/client/lib/call-route';

export const getPrivateShowSettings = () => callRoute(privateShowRoutes.settings);
export const updatePrivateShowSettings = (body: PrivateShowSettingsBody) => callRoute(privateShowRoutes.updateSettings, { body });
export const requestPrivateShow = (body: CreatePrivateShowBody) => callRoute(privateShowRoutes.create, { body });
export const acceptPrivateShow = (id: string) => callRoute(privateShowRoutes.accept, { params: { id } });
export const declinePrivateShow = (id: string) => callRoute(privateShowRoutes.decline, { params: { id } });
export const cancelPrivateShow = (id: string) => callRoute(privateShowRoutes.cancel, { params: { id } });
