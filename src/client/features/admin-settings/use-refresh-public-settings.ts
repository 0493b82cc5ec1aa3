import { useCallback } from 'react';
import { getPublicSettings } from '@/client/features/settings/settings.api';
import { settingsActions } from '@/client/features/settings/apply-settings';
import { useAppDispatch } from '@/client/store/hooks';

/**
 * After an operator saved settings, the store's public settings are read again from the server
 * (not copied from the form: the server reports some values as in effect, e.g. the active gateway),
 * so the console itself shows the change (maintenance banner, logo, site name). A failure only
 * leaves the old values until the next page load.
 */
export function useRefreshPublicSettings(): () => Promise<void> {
  const dispatch = useAppDispatch();
  return useCallback(async () => {
    try {
      const res = await getPublicSettings();
      settingsActions(res.data).forEach((action) => dispatch(action));
    } catch {
      // Nothing to show: the save itself succeeded.
    }
  }, [dispatch]);
}
