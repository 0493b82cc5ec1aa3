import { Badge, Card, Col, Flex, Row, Typography } from 'antd';
import { useAppSelector } from '@/client/store/hooks';
import { PrivateShowRequests } from './private-show-requests';
import { PrivateShowSettingsCard } from './private-show-settings-card';

/** /creator/private-shows: the price (or off) and the requests, new ones counted from the spec's list. */
export function PrivateShowsPage() {
  const waiting = useAppSelector((s) => s.privateRequest.privateRequests.length);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={16}>
        <Card
          title={
            <Flex gap={8} align="center" wrap>
              <Typography.Title level={3} style={{ margin: 0 }}>Private show requests</Typography.Title>
              <Badge count={waiting} title={`${waiting} new`} />
            </Flex>
          }
        >
          <PrivateShowRequests />
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <PrivateShowSettingsCard />
      </Col>
    </Row>
  );
}
