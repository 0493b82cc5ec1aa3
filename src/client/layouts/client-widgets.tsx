import { useSyncExternalStore } from 'react';
import { Alert } from 'antd';
import { ConsentGate } from '@/client/features/auth/components/consent-gate';

/**
 * Browser-only widgets rendered inside every layout (spec 2), loaded with ssr:false by the app
 * shell. The realtime socket needs nothing here: the auth saga connects it on sign-in. It tells the
 * visitor when the browser goes offline, since every action would fail silently then, and asks a
 * signed-in person for the consent they have not given yet (ConsentGate).
 */
function subscribe(cb: () => void) {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
}

export default function ClientWidgets() {
  return (
    <>
      <ConsentGate />
      <OfflineNotice />
    </>
  );
}

function OfflineNotice() {
  const online = useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
  if (online) return null;
  return (
    <div role="status" style={{ position: 'fixed', insetInline: 16, bottom: 16, zIndex: 1000, maxWidth: 480, margin: '0 auto' }}>
      <Alert type="warning" showIcon title="You are offline. Changes will not be saved until the connection is back." />
    </div>
  );
}
