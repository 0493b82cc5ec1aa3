import type { CSSProperties } from 'react';
import { Alert, Flex, Typography } from 'antd';
import { userRoutes } from '@/common/contract/users';
import { useRouteData } from '@/client/hooks/use-route-data';
import { formatDate } from '@/client/lib/format-date';

/**
 * "Notices from the operators" on the person's account page (fans and creators): the warnings
 * they were given, newest first. Nothing at all when there are none, while loading, or when the
 * list cannot be loaded (the page's own forms matter more than this extra).
 */
export function AccountNotices({ style }: { style?: CSSProperties }) {
  const { data } = useRouteData(userRoutes.warnings, {}, { revalidateOnFocus: false });
  const notices = data?.data ?? [];
  if (!notices.length) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={style}
      role="region"
      aria-label="Notices from the operators"
      title="Notices from the operators"
      description={
        <Flex vertical gap={8}>
          {notices.map((n) => (
            <div key={n._id}>
              <Typography.Text style={{ overflowWrap: 'anywhere' }}>{n.reason}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{formatDate(n.createdAt, { withTime: true })}</Typography.Text>
            </div>
          ))}
          <Typography.Text type="secondary">Please keep to the site rules: repeated problems can lead to a suspension.</Typography.Text>
        </Flex>
      }
    />
  );
}
