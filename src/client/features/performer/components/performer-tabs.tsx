import { Card, Tabs } from 'antd';
import { useQueryList } from '@/client/hooks/use-query-list';
import { PROFILE_TABS, type ProfileTabProps } from './profile-tabs';
import styles from './performer-profile.module.css';

/** Feed, photos, videos and store of a creator; the open tab is `?tab=` so it survives reloads and can be linked. */
export function PerformerTabs(props: ProfileTabProps) {
  const list = useQueryList();
  const active = PROFILE_TABS.find((t) => t.key === list.filters.tab) ?? PROFILE_TABS[0];
  return (
    <Card size="small" styles={{ body: { paddingTop: 0 } }}>
      <Tabs
        className={styles.tabs}
        activeKey={active.key}
        // Another tab is another list: its own page 1.
        onChange={(key) => list.setFilter({ tab: key === PROFILE_TABS[0].key ? undefined : key })}
        items={PROFILE_TABS.map(({ key, label, icon, Content }) => ({ key, label, icon, children: <Content {...props} /> }))}
        destroyOnHidden
      />
    </Card>
  );
}
