import { useRef, useState } from 'react';
import { Button, Card, Empty, Flex, Form, List, Popconfirm, Skeleton, Typography } from 'antd';
import { CreditCardOutlined, DeleteOutlined } from '@ant-design/icons';
import { useAppSelector } from '@/client/store/hooks';
import { ListError } from '@/client/components/list-error';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { showServerErrors } from '@/client/components/server-errors';
import { addCard, deleteCard } from '../payments.api';
import { usePaymentCards } from '../use-payment-cards';
import type { CardFormValues } from '../card-input';
import type { CardTokenizer } from '../card-tokenizer';
import { NewCardFields, tokenize } from './new-card-fields';
import { TestModeBanner } from './test-mode-banner';

/** /user/payment-cards: my saved cards (brand, last4, expiry), delete with confirmation, add one. */
export function PaymentCardsPage() {
  const gateway = useAppSelector((s) => s.settings.paymentGateway);
  const { data, error, mutate } = usePaymentCards();
  const [form] = Form.useForm<CardFormValues>();
  const [saving, setSaving] = useState(false);
  const tokenizer = useRef<CardTokenizer | null>(null);
  const cards = data?.data.data;

  async function save(values: CardFormValues) {
    setSaving(true);
    try {
      await addCard(gateway, await tokenize(tokenizer, values));
      form.resetFields();
      toast.success('Card saved');
      await mutate();
    } catch (err) {
      showServerErrors(form, err);
    } finally {
      setSaving(false);
    }
  }

  async function remove(id: string) {
    try {
      await deleteCard(id);
      toast.success('Card removed');
      await mutate();
    } catch (err) {
      toast.error(getErrorMessage(err));
    }
  }

  let list;
  if (error && !cards) list = <ListError error={error} onRetry={() => void mutate()} />;
  else if (!cards) list = <Skeleton active />;
  else if (!cards.length) list = <Empty description="No saved cards" />;
  else {
    list = (
      <List
        dataSource={cards}
        renderItem={(c) => (
          <List.Item
            actions={[
              <Popconfirm key="delete" title="Delete this card?" okText="Delete" okButtonProps={{ danger: true }} onConfirm={() => remove(c._id)}>
                <Button danger icon={<DeleteOutlined />} aria-label={`Delete ${c.brand} ending in ${c.last4}`}>
                  Delete
                </Button>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              avatar={<CreditCardOutlined style={{ fontSize: 24 }} />}
              title={`${c.brand} •••• ${c.last4}`}
              description={`Expires ${String(c.expMonth).padStart(2, '0')}/${c.expYear}${c.holderName ? ` · ${c.holderName}` : ''}`}
            />
          </List.Item>
        )}
      />
    );
  }

  return (
    <Flex vertical gap={16} style={{ maxWidth: 640 }}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        Payment cards
      </Typography.Title>
      <Card title="Saved cards">{list}</Card>
      <Card title="Add a card">
        <Flex vertical gap={16}>
          <TestModeBanner compact />
          <Form<CardFormValues> form={form} layout="vertical" onFinish={save} disabled={saving}>
            <NewCardFields tokenizerRef={tokenizer} />
            <Button type="primary" htmlType="submit" loading={saving}>
              Save card
            </Button>
          </Form>
        </Flex>
      </Card>
    </Flex>
  );
}
