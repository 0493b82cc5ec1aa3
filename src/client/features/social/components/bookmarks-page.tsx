import { Tabs, Typography } from 'antd';
import { useQueryList } from '@/client/hooks/use-query-list';
import { BOOKMARK_TABS } from './bookmark-tabs';

/** /user/bookmarks: what I saved for later, one tab per kind of thing. */
export function BookmarksPage() {
  const list = useQueryList();
  const active = BOOKMARK_TABS.find((t) => t.key === list.filters.tab) ?? BOOKMARK_TABS[0];

  return (
    <div>
      <Typography.Title level={2} style={{ marginTop: 0, marginBottom: 4 }}>
        Bookmarks
      </Typography.Title>
      <Typography.Text type="secondary">Creators and content you saved for later.</Typography.Text>
      <Tabs
        style={{ marginTop: 8 }}
        activeKey={active.key}
        // Another tab is another list: its own page 1.
        onChange={(key) => list.setFilter({ tab: key === BOOKMARK_TABS[0].key ? undefined : key })}
        items={BOOKMARK_TABS.map(({ key, label, Content }) => ({ key, label, children: <Content /> }))}
        destroyOnHidden
      />
    </div>
  );
}
