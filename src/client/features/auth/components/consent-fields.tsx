import { Checkbox, Form } from 'antd';
import { consentRules } from '../consent-rules';
import { TermsLink } from './terms-link';

export type { ConsentValues } from '../consent-rules';

/**
 * Age 18+ and the terms of service, for the fan and the creator sign-up forms. The terms open in
 * a new tab so the form keeps what was typed.
 */
export function ConsentFields() {
  return (
    <>
      <Form.Item name="ageConfirmed" valuePropName="checked" rules={consentRules.ageConfirmed} style={{ marginBottom: 8 }}>
        <Checkbox>I am 18 or older</Checkbox>
      </Form.Item>
      <Form.Item name="termsAccepted" valuePropName="checked" rules={consentRules.termsAccepted}>
        <Checkbox>
          I accept the <TermsLink />
        </Checkbox>
      </Form.Item>
    </>
  );
}
