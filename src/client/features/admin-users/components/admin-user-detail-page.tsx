import { useRouter } from 'next/router';
import { Button, Col, Flex, Result, Row, Skeleton } from 'antd';
import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { AdminPageHeader } from '@/client/components/admin-page-header';
import { LinkButton } from '@/client/components/link-button';
import { getErrorMessage } from '@/client/lib/error-message';
import { useAppSelector } from '@/client/store/hooks';
import { useAdminUser } from '../use-admin-user';
import { UserActions } from './user-actions';
import { PurchasesSection, ReportsSection, SubscriptionsSection, WarningsSection } from './user-activity';
import { UserProfileCard } from './user-profile-card';

const back = <LinkButton href="/admin/users" icon={<ArrowLeftOutlined />}>All users</LinkButton>;

/** /admin/users/[id]: everything an operator needs to judge one account, and what they can do to it. */
export function AdminUserDetailPage() {
  const router = useRouter();
  const id = typeof router.query.id === 'string' ? router.query.id : undefined;
  const { detail, error, mutate } = useAdminUser(id);
  const me = useAppSelector((s) => s.user.current._id);

  if (error && !detail) {
    const missing = (error as { statusCode?: number } | null)?.statusCode === 404;
    return (
      <Result
        status={missing ? '404' : 'warning'}
        title={missing ? 'User not found' : 'We could not load this account'}
        subTitle={missing ? 'No account has this id. It may have been deleted.' : getErrorMessage(error)}
        extra={<Flex gap={8} justify="center" wrap>{back}{missing ? null : <Button type="primary" icon={<ReloadOutlined />} onClick={() => void mutate()}>Try again</Button>}</Flex>}
      />
    );
  }
  if (!detail) return <Skeleton active avatar paragraph={{ rows: 8 }} />;

  const { user } = detail;
  return (
    <Flex vertical gap={16}>
      <AdminPageHeader
        title={user.name || user.username || 'No name'}
        description={[user.username ? `@${user.username}` : null, user.email].filter(Boolean).join(' · ')}
        extra={<UserActions user={user} isSelf={user._id === me} reload={() => mutate()} />}
      />
      <UserProfileCard detail={detail} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}><SubscriptionsSection detail={detail} /></Col>
        <Col xs={24} lg={12}><PurchasesSection detail={detail} /></Col>
        <Col xs={24} lg={12}><ReportsSection detail={detail} /></Col>
        <Col xs={24} lg={12}><WarningsSection detail={detail} /></Col>
      </Row>
      <div>{back}</div>
    </Flex>
  );
}
