import type { ReactNode } from 'react';
import { Result, Typography } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useAppSelector } from '@/client/store/hooks';
import styles from './layouts.module.css';

/**
 * Shown instead of any page to a visitor from a site-wide blocked country (spec 2). The page
 * itself is not rendered: `children` carries only the client widget slot.
 */
export function GeoBlockedLayout({ children }: { children?: ReactNode }) {
  const siteName = useAppSelector((s) => s.ui.siteName || s.settings.siteName);
  return (
    <main className={styles.fullScreen} data-testid="geo-blocked">
      <div className={styles.fullScreenCard}>
        <Result
          icon={<GlobalOutlined style={{ color: '#42b1e8' }} />}
          title="This site is not available in your country"
          subTitle={
            <Typography.Text type="secondary">
              {siteName} cannot be accessed from your location. If you think this is a mistake, please contact the site
              operator.
            </Typography.Text>
          }
        />
      </div>
      {children}
    </main>
  );
}
