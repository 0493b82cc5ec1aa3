import { geoRoutes } from '@/common/contract/settings';
import { callRoute } from '@/client/lib/call-route';

/**
 * Whether the visitor's country is blocked site-wide. On the server the visitor's IP is passed on
 * in X-Forwarded-For (the API would otherwise see the web server's address).
 */
export async function checkBlock(ip?: string): Promise<boolean> {
  const res = await callRoute(geoRoutes.check, { headers: ip ? { 'X-Forwarded-For': ip } : undefined, token: null });
  return res.data.blocked;
}
