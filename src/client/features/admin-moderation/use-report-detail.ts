import useSWR from 'swr';
import { reportRoutes, type AdminReportDetail } from '@/common/contract/reports';
import { routeUrl } from '@/client/lib/call-route';
import { fetcher } from '@/client/lib/fetcher';
import { listSwrOptions } from '@/client/lib/swr-options';

/** One report with its target in place (`GET /admin/reports/:id`); null id waits. */
export function useReportDetail(id: string | null) {
  return useSWR<{ data: AdminReportDetail }, unknown, string | null>(
    id ? routeUrl(reportRoutes.adminDetail.url, { id }) : null,
    (url) => fetcher<{ data: AdminReportDetail }>(url),
    listSwrOptions(),
  );
}
