import { adminUserRoutes, type AdminUserStatusBody } from '@/common/contract/admin-users';
import { callRoute } from '@/client/lib/call-route';

/** The operators' writes on an account (contract `adminUserRoutes`). */
export const setUserStatus = (id: string, body: AdminUserStatusBody) => callRoute(adminUserRoutes.setStatus, { params: { id }, body });

export const setUserRole = (id: string, role: 'admin' | 'user') => callRoute(adminUserRoutes.setRole, { params: { id }, body: { role } });

export const warnUser = (id: string, reason: string) => callRoute(adminUserRoutes.warn, { params: { id }, body: { reason } });
