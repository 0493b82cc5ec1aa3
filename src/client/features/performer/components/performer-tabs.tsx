import { Card, Empty, Tabs } from 'antd';
import { AppstoreOutlined, PictureOutlined, ShoppingOutlined, VideoCameraOutlined } from '@ant-design/icons';
import styles from './performer-profile.module.css';

const TABS = [
  { key: 'feed', label: 'Feed', icon: <AppstoreOutlined />, empty: 'Posts will appear here' },
  { key: 'photos', label: 'Photos', icon: <PictureOutlined />, empty: 'Photo galleries will appear here' },
  { key: 'videos', label: 'Videos', icon: <VideoCameraOutlined />, empty: 'Videos will appear here' },
  { key: 'store', label: 'Store', icon: <ShoppingOutlined />, empty: 'Products will appear here' },
];

/** Feed, photos, videos and store of a creator; empty states until the content issue fills them. */
export function PerformerTabs() {
  return (
    <Card size="small" styles={{ body: { paddingTop: 0 } }}>
      <Tabs
        className={styles.tabs}
        defaultActiveKey="feed"
        items={TABS.map((t) => ({
          key: t.key,
          label: t.label,
          icon: t.icon,
          children: <Empty description={t.empty} style={{ padding: '32px 0' }} />,
        }))}
      />
    </Card>
  );
}
