import { useState } from 'react';
import { Col, Empty, Flex, Row, Skeleton, Tabs } from 'antd';
import { adminVerificationRoutes, type CreatorVerification, type CreatorVerificationQuery } from '@/common/contract/admin-verification';
import { DOCUMENT_URL_TTL_SECONDS } from '@/common/constants/verification';
import { AdminPageHeader } from '@/client/components/admin-page-header';
import { ListError } from '@/client/components/list-error';
import { ListPager } from '@/client/components/list-pager';
import { useQueryList } from '@/client/hooks/use-query-list';
import { useRouteData } from '@/client/hooks/use-route-data';
import { useRowAction } from '@/client/hooks/use-row-action';
import { approveCreator, rejectCreator } from '../admin-verification.api';
import { EMPTY_TEXT, STATUS_TABS, statusOf } from '../verification-status';
import { RejectDialog } from './reject-dialog';
import { VerificationCard } from './verification-card';

// Document links work five minutes: the list is fetched again a minute before they run out.
const REFRESH_MS = (DOCUMENT_URL_TTL_SECONDS - 60) * 1000;

/**
 * /admin/creator-verifications: creators whose identity documents wait for an operator, oldest
 * first, as cards with both documents (click to enlarge). Approve after a confirmation; reject
 * with a reason the creator is emailed. The status tab lives in the query string (`?status=`).
 */
export function AdminVerificationsPage() {
  const list = useQueryList({ pageSize: 10 });
  const status = statusOf(list.filters.status);
  const query: CreatorVerificationQuery = { status, offset: list.params.offset, limit: list.params.limit };
  const { data, error, mutate } = useRouteData(adminVerificationRoutes.list, query, { refreshInterval: REFRESH_MS });
  const page = data?.data;
  const { busy, run } = useRowAction(mutate);
  const [rejecting, setRejecting] = useState<CreatorVerification | null>(null);

  const approve = (item: CreatorVerification) =>
    void run(item.creator._id, () => approveCreator(item.creator._id), `${item.creator.name || 'The creator'} is approved`);
  const reject = async (reason: string) => {
    if (!rejecting) return false;
    const done = await run(rejecting.creator._id, () => rejectCreator(rejecting.creator._id, reason), 'Documents rejected; the creator is emailed the reason');
    if (done) setRejecting(null);
    return done;
  };

  let body;
  if (error && !page) {
    body = <ListError error={error} onRetry={() => void mutate()} />;
  } else if (!page) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (!page.data.length) {
    body = <Empty description={EMPTY_TEXT[status]} style={{ padding: '48px 0' }} />;
  } else {
    body = (
      <Row gutter={[16, 16]}>
        {page.data.map((item) => (
          <Col key={item.creator._id} xs={24} xl={12}>
            <VerificationCard item={item} busy={busy === item.creator._id} onApprove={approve} onReject={setRejecting} />
          </Col>
        ))}
      </Row>
    );
  }

  return (
    <Flex vertical gap={8}>
      <AdminPageHeader
        title="Creator verification"
        description="Check each creator's identity document and selfie. Approved creators can be paid and are listed; rejected ones are told why and can send new documents."
      />
      <Tabs
        activeKey={status}
        onChange={(key) => list.setFilter({ status: key === 'pending' ? undefined : key })}
        items={STATUS_TABS.map((t) => ({ key: t.key, label: t.label }))}
      />
      {body}
      {page ? <ListPager current={list.current} pageSize={list.pageSize} total={page.total} onChange={list.setPage} /> : null}
      <RejectDialog
        creatorName={rejecting ? rejecting.creator.name || rejecting.creator.username || 'this creator' : null}
        onReject={reject}
        onCancel={() => setRejecting(null)}
      />
    </Flex>
  );
}
