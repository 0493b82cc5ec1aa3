import { useState } from 'react';
import { Button, Card, Empty, Flex, List, Popconfirm, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { ADDRESSES_MAX, type Address } from '@/common/contract/addresses';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { ListError } from '@/client/components/list-error';
import { deleteAddress } from '../addresses.api';
import { addressLine } from '../format-address';
import { useAddresses } from '../use-addresses';
import { LazyAddressModal } from './lazy-address-modal';

/** /user/addresses: the fan's delivery addresses: list, add, edit, delete (with a confirmation). */
export function AddressesPage() {
  const { data, error, mutate } = useAddresses();
  const [editing, setEditing] = useState<Address | null | 'new'>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const page = data?.data;
  const full = (page?.total ?? 0) >= ADDRESSES_MAX;

  const remove = async (a: Address) => {
    setDeleting(a._id);
    try {
      await deleteAddress(a._id);
      toast.success('Address deleted');
      await mutate();
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setDeleting(null);
    }
  };

  let body;
  if (error && !page) body = <ListError error={error} onRetry={() => void mutate()} />;
  else if (!page) body = <Card loading />;
  else if (!page.data.length) {
    body = (
      <Empty description="No addresses yet. Add one to have physical products shipped to you.">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>Add an address</Button>
      </Empty>
    );
  } else {
    body = (
      <List<Address>
        aria-label="My addresses"
        bordered
        dataSource={page.data}
        renderItem={(a) => (
          <List.Item
            actions={[
              <Button key="edit" size="small" icon={<EditOutlined />} onClick={() => setEditing(a)} aria-label={`Edit ${a.name}`}>Edit</Button>,
              <Popconfirm
                key="delete"
                title="Delete this address?"
                description="Orders already placed keep their copy of it."
                okText="Delete"
                okButtonProps={{ danger: true }}
                cancelText="Cancel"
                onConfirm={() => remove(a)}
              >
                <Button size="small" danger icon={<DeleteOutlined />} loading={deleting === a._id} aria-label={`Delete ${a.name}`}>Delete</Button>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              title={a.name}
              description={
                <>
                  <div>{addressLine({ ...a, name: '' })}</div>
                  {a.phone ? <div>{a.phone}</div> : null}
                  {a.description ? <Typography.Text type="secondary">{a.description}</Typography.Text> : null}
                </>
              }
            />
          </List.Item>
        )}
      />
    );
  }

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <div>
          <Typography.Title level={2} style={{ margin: 0 }}>Addresses</Typography.Title>
          <Typography.Text type="secondary">Where creators ship what you buy (at most {ADDRESSES_MAX}).</Typography.Text>
        </div>
        {page?.data.length ? (
          <Button type="primary" icon={<PlusOutlined />} disabled={full} onClick={() => setEditing('new')}>Add an address</Button>
        ) : null}
      </Flex>
      {body}
      <LazyAddressModal
        open={editing !== null}
        address={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void mutate();
        }}
      />
    </Flex>
  );
}
