import { Checkbox, Form } from 'antd';
import type { Rule } from 'antd/es/form';
import { TERMS_PAGE_PATH } from '@/common/constants/terms';

/** The two sign-up consents (issue 15); the API refuses a sign-up without both. */
export interface ConsentValues {
  ageConfirmed?: boolean;
  termsAccepted?: boolean;
}

const mustBeTicked = (message: string): Rule[] => [
  { validator: (_rule, value: unknown) => (value === true ? Promise.resolve() : Promise.reject(new Error(message))) },
];

/**
 * Age 18+ and the terms of service, for the fan and the creator sign-up forms. The terms open in
 * a new tab so the form keeps what was typed.
 */
export function ConsentFields() {
  return (
    <>
      <Form.Item name="ageConfirmed" valuePropName="checked" rules={mustBeTicked('Please confirm that you are 18 or older')} style={{ marginBottom: 8 }}>
        <Checkbox>I am 18 or older</Checkbox>
      </Form.Item>
      <Form.Item name="termsAccepted" valuePropName="checked" rules={mustBeTicked('Please accept the terms of service')}>
        <Checkbox>
          I accept the{' '}
          <a href={TERMS_PAGE_PATH} target="_blank" rel="noopener noreferrer">
            terms of service
          </a>
        </Checkbox>
      </Form.Item>
    </>
  );
}
