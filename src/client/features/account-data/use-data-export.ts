import { useCallback, useState } from 'react';
import { accountDataRoutes, type DataExport } from '@/common/contract/account-data';
import { useRouteData } from '@/client/hooks/use-route-data';
import { getErrorMessage } from '@/client/lib/error-message';
import { exportStatus, requestExport } from './account-data.api';

/** How often a pending export is asked about. */
export const EXPORT_POLL_MS = 3000;

/**
 * The latest data export and the actions on it: polled while it is being prepared; `download`
 * asks for a fresh short-lived link first (the one on screen may have expired).
 */
export function useDataExport() {
  const { data, error, isLoading, mutate } = useRouteData(accountDataRoutes.exportStatus, {}, {
    refreshInterval: (latest) => (latest?.data?.status === 'pending' ? EXPORT_POLL_MS : 0),
    revalidateOnFocus: false,
  });
  const [starting, setStarting] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  const start = useCallback(async () => {
    setStarting(true);
    setActionError(null);
    try {
      const res = await requestExport();
      await mutate({ data: res.data }, { revalidate: false });
    } catch (err) {
      setActionError(getErrorMessage(err));
    } finally {
      setStarting(false);
    }
  }, [mutate]);

  const download = useCallback(async () => {
    setActionError(null);
    try {
      const res = await exportStatus();
      await mutate(res, { revalidate: false });
      if (res.data?.downloadUrl) window.location.assign(res.data.downloadUrl);
    } catch (err) {
      setActionError(getErrorMessage(err));
    }
  }, [mutate]);

  const current: DataExport | null = data?.data ?? null;
  return { current, loading: isLoading, loadError: error ? getErrorMessage(error) : null, starting, actionError, start, download, reload: () => mutate() };
}
