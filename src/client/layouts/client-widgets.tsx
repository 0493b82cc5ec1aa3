import { useSyncExternalStore } from 'react';
import dynamic from 'next/dynamic';
import { WarningFilled } from '@ant-design/icons';
import { useAppSelector } from '@/client/store/hooks';
import styles from './client-widgets.module.css';

// The consent dialog (antd's Modal and Form) for the few who owe it: loaded only for them.
const ConsentGate = dynamic(() => import('@/client/features/auth/components/consent-gate').then((m) => m.ConsentGate), { ssr: false });

/**
 * Browser-only widgets rendered inside every layout (spec 2), loaded with ssr:false by the app
 * shell. The realtime socket needs nothing here: the auth saga connects it on sign-in. It tells the
 * visitor when the browser goes offline, since every action would fail silently then, and asks a
 * signed-in person for the consent they have not given yet (ConsentGate). Nothing here loads antd
 * for everybody: the offline notice is drawn like antd's warning Alert (it could not fetch a chunk
 * once offline anyway), the consent dialog loads for those who owe consent.
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
  const consentRequired = useAppSelector((s) => s.auth.loggedIn && Boolean(s.user.current.consentRequired));
  return (
    <>
      {consentRequired ? <ConsentGate /> : null}
      <OfflineNotice />
    </>
  );
}

function OfflineNotice() {
  const online = useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
  if (online) return null;
  return (
    <div role="status" className={styles.offline}>
      <div className={styles.alert}>
        <WarningFilled className={styles.icon} />
        <span>You are offline. Changes will not be saved until the connection is back.</span>
      </div>
    </div>
  );
}
