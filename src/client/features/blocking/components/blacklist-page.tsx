import { Button, Card, Empty, Flex, Popconfirm, Typography } from 'antd';
import { blockRoutes, type BlockedUser } from '@/common/contract/social';
import { useQueryList } from '@/client/hooks/use-query-list';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { useRouteData } from '@/client/hooks/use-route-data';
import { ListError } from '@/client/components/list-error';
import { ListPager } from '@/client/components/list-pager';
import { formatRelative } from '@/client/lib/format-date';
import { PersonList, PersonListSkeleton } from '@/client/features/social/components/person-list';
import { unblockUser } from '../blocking.api';
import { BlockUserForm } from './block-user-form';

const PAGE_SIZE = 20;

/** /creator/blacklist: the accounts I blocked, unblock with a confirmation, and a box to block someone. */
export function BlacklistPage() {
  const list = useQueryList({ pageSize: PAGE_SIZE });
  const { data, error, mutate } = useRouteData(blockRoutes.blockedUsers, { offset: list.params.offset, limit: list.params.limit });
  const page = data?.data;

  const unblock = async (blocked: BlockedUser) => {
    try {
      await unblockUser(blocked._id);
      toast.success(`${blocked.user.name || blocked.user.username} unblocked`);
      // The row goes at once; the refetch that follows brings the next page's first row up.
      await mutate(
        (current) =>
          current && {
            data: { data: current.data.data.filter((b) => b._id !== blocked._id), total: Math.max(0, current.data.total - 1) },
          },
        { revalidate: true },
      );
    } catch (err) {
      toast.error(getErrorMessage(err));
    }
  };

  let body;
  if (error && !page) body = <ListError error={error} onRetry={() => void mutate()} />;
  else if (!page) body = <PersonListSkeleton rows={3} />;
  else if (page.total === 0) body = <Empty description="You have not blocked anyone." />;
  else {
    body = (
      <Flex vertical gap={24}>
        {page.data.length ? (
          <PersonList
            label="Blocked accounts"
            items={page.data.map((b) => {
              const who = b.user.username ? `@${b.user.username}` : b.user.name;
              return {
                key: b._id,
                person: b.user,
                detail: `Blocked ${formatRelative(b.createdAt)}`,
                note: b.reason || undefined,
                actions: (
                  <Popconfirm
                    title={`Unblock ${who}?`}
                    description="They will be able to see your profile and content again."
                    okText="Unblock"
                    cancelText="Cancel"
                    onConfirm={() => unblock(b)}
                  >
                    <Button size="small" aria-label={`Unblock ${who}`}>
                      Unblock
                    </Button>
                  </Popconfirm>
                ),
              };
            })}
          />
        ) : (
          <Empty description="There is nothing on this page." />
        )}
        <ListPager current={list.current} pageSize={list.pageSize} total={page.total} onChange={list.setPage} />
      </Flex>
    );
  }

  return (
    <Flex vertical gap={16} style={{ maxWidth: 760 }}>
      <div>
        <Typography.Title level={2} style={{ margin: 0 }}>
          Blacklist
        </Typography.Title>
        <Typography.Text type="secondary">
          People you block cannot see your profile or content, follow, subscribe, tip, buy from or message you.
        </Typography.Text>
      </div>
      <Card title="Block someone" size="small">
        <BlockUserForm onBlocked={() => void mutate()} />
      </Card>
      <Typography.Title level={4} style={{ margin: '8px 0 0' }}>
        Blocked accounts{page && page.total > 0 ? ` (${page.total})` : ''}
      </Typography.Title>
      {body}
    </Flex>
  );
}
