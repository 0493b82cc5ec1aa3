import { Flex, Form, Radio } from 'antd';
import type { PaymentCard } from '@/common/contract/payments';

/** The radio value of "a new card" beside the saved ones. */
export const NEW_CARD = 'new';

/** "Visa •••• 4242 (12/30)". */
export const cardLabel = (c: Pick<PaymentCard, 'brand' | 'last4' | 'expMonth' | 'expYear'>) =>
  `${c.brand} •••• ${c.last4} (${String(c.expMonth).padStart(2, '0')}/${String(c.expYear).slice(-2)})`;

/** "Pay with": the saved cards and a new one, as the `cardChoice` field of the surrounding form. */
export function CardChoice({ saved, newLabel = 'A new card' }: { saved: PaymentCard[]; newLabel?: string }) {
  return (
    <Form.Item label="Pay with" name="cardChoice">
      <Radio.Group>
        <Flex vertical gap={4}>
          {saved.map((c) => (
            <Radio key={c._id} value={c._id}>
              {cardLabel(c)}
            </Radio>
          ))}
          <Radio value={NEW_CARD}>{newLabel}</Radio>
        </Flex>
      </Radio.Group>
    </Form.Item>
  );
}
