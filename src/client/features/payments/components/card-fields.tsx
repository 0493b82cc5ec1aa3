import { Checkbox, Col, Form, Input, Row } from 'antd';
import { EXPIRY_PATTERN } from '../card-input';

/** New-card inputs for an antd Form (number, MM/YY, CVC, name; optionally "save this card"). */
export function CardFields({ withSave = false, prefix = [] as string[] }: { withSave?: boolean; prefix?: string[] }) {
  const name = (field: string) => [...prefix, field];
  return (
    <>
      <Form.Item
        label="Card number"
        name={name('number')}
        rules={[
          { required: true, message: 'Enter the card number' },
          { pattern: /^[\d ]{12,23}$/, message: 'Enter the 12 to 19 digits of the card' },
        ]}
      >
        <Input inputMode="numeric" autoComplete="cc-number" placeholder="4242 4242 4242 4242" maxLength={23} />
      </Form.Item>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item
            label="Expiry (MM/YY)"
            name={name('expiry')}
            rules={[
              { required: true, message: 'Enter the expiry date' },
              { pattern: EXPIRY_PATTERN, message: 'Use MM/YY' },
            ]}
          >
            <Input autoComplete="cc-exp" placeholder="MM/YY" maxLength={7} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="CVC" name={name('cvc')} rules={[{ required: true, message: 'Enter the CVC' }, { pattern: /^\d{3,4}$/, message: '3 or 4 digits' }]}>
            <Input inputMode="numeric" autoComplete="cc-csc" placeholder="123" maxLength={4} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="Name on card" name={name('holderName')} rules={[{ required: true, whitespace: true, message: 'Enter the name on the card' }]}>
        <Input autoComplete="cc-name" maxLength={100} />
      </Form.Item>
      {withSave && (
        <Form.Item name={name('save')} valuePropName="checked">
          <Checkbox>Save this card</Checkbox>
        </Form.Item>
      )}
    </>
  );
}
