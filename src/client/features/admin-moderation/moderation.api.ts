import { adminContentRoutes, type AdminContentType } from '@/common/contract/admin-content';
import { reportRoutes, type ResolveReportBody } from '@/common/contract/reports';
import { callRoute } from '@/client/lib/call-route';

export const resolveReport = (id: string, body: ResolveReportBody) => callRoute(reportRoutes.adminResolve, { params: { id }, body });

export const hideContent = (type: AdminContentType, id: string, reason: string) =>
  callRoute(adminContentRoutes.hide, { params: { type, id }, body: { reason } });

export const unhideContent = (type: AdminContentType, id: string) => callRoute(adminContentRoutes.unhide, { params: { type, id } });
