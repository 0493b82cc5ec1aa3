import { Badge } from 'antd';
import { VideoCameraOutlined } from '@ant-design/icons';
import { LinkButton } from '@/client/components/link-button';
import { useAppSelector } from '@/client/store/hooks';

/** "Private shows" with the count of new requests (spec 4's list), for the creator's live studio. */
export function PrivateShowsLink() {
  const waiting = useAppSelector((s) => s.privateRequest.privateRequests.length);
  return (
    <Badge count={waiting} size="small">
      <LinkButton href="/creator/private-shows" icon={<VideoCameraOutlined />}>Private shows</LinkButton>
    </Badge>
  );
}
