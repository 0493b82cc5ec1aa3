import { Typography } from 'antd';
import { useAppSelector } from '@/client/store/hooks';
import styles from './layouts.module.css';

const DEFAULT_IMAGE = '/images/maintenance.svg';

/** Replaces every page while settings.maintenanceMode is on (spec 2). */
export function MaintenanceScreen() {
  const image = useAppSelector((s) => s.settings.maintenanceImage) || DEFAULT_IMAGE;
  const siteName = useAppSelector((s) => s.ui.siteName || s.settings.siteName);
  return (
    <main className={styles.fullScreen} data-testid="maintenance-screen">
      <div className={styles.fullScreenCard}>
        {/* plain <img>: operator-provided URL */}
        <img className={styles.fullScreenImage} src={image} alt="" />
        <Typography.Title level={2}>We&apos;ll be back soon</Typography.Title>
        <Typography.Paragraph type="secondary" style={{ fontSize: 16 }}>
          {siteName} is down for scheduled maintenance. Thank you for your patience. Please check back in a little
          while.
        </Typography.Paragraph>
      </div>
    </main>
  );
}
