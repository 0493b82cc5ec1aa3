import { useState } from 'react';
import { Button, Col, Form, Input, Progress, Row, Select } from 'antd';
import type { PerformerRegisterFields } from '@/common/contract/auth';
import { CountrySelect } from '@/client/components/country-select';
import { confirmPasswordRules, emailRules, nameRules, passwordRules, usernameRules } from '@/client/components/form-rules';
import { ImageField } from '@/client/components/image-field';
import { showServerErrors } from '@/client/components/server-errors';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { RecaptchaField } from '@/client/components/recaptcha-field';
import { useRecaptcha } from '@/client/hooks/use-recaptcha';
import * as authApi from '../auth.api';
import { registerSuccess } from '../auth.slice';
import { ageOn, latestAdultBirthDate } from './adult-date';
import { VerifyEmailNotice } from './verify-email-notice';
import { ConsentFields } from './consent-fields';

type Values = Omit<PerformerRegisterFields, 'gender' | 'ageConfirmed' | 'termsAccepted'> & {
  gender?: PerformerRegisterFields['gender'];
  ageConfirmed?: boolean;
  termsAccepted?: boolean;
  confirm: string;
  idDocument: File | null;
  selfie: File | null;
};

const GENDERS = [
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
  { value: 'transgender', label: 'Transgender' },
];

const required = (message: string) => [{ required: true, message }];

/**
 * Creator sign-up: account fields, the 18+ birth date, country, and the identity document and
 * selfie the operator checks. Sent as one multipart request with a progress bar.
 */
export function CreatorRegisterForm() {
  const [form] = Form.useForm<Values>();
  const dispatch = useAppDispatch();
  const signingIn = useAppSelector((s) => s.auth.loginAuth.requesting);
  const [progress, setProgress] = useState<number | null>(null);
  const [pending, setPending] = useState<{ email: string; message: string } | null>(null);
  const captcha = useRecaptcha();

  const onFinish = async (v: Values) => {
    if (!captcha.ready()) return;
    setProgress(0);
    try {
      const fields: PerformerRegisterFields = {
        name: v.name.trim(),
        username: v.username,
        email: v.email.trim(),
        password: v.password,
        gender: v.gender!,
        dateOfBirth: v.dateOfBirth,
        country: v.country,
        // The form's rules let the submit through only with both boxes ticked.
        ageConfirmed: true,
        termsAccepted: true,
      };
      const files = [
        { fieldname: 'idDocument', file: v.idDocument! },
        { fieldname: 'selfie', file: v.selfie! },
      ];
      const res = await authApi.registerPerformer(fields, files, setProgress, captcha.token);
      if (res.data.token) dispatch(registerSuccess({ token: res.data.token, remember: false }));
      else setPending({ email: fields.email, message: res.data.message });
    } catch (err) {
      showServerErrors(form, err);
    } finally {
      setProgress(null);
      captcha.reset();
    }
  };

  if (pending) return <VerifyEmailNotice email={pending.email} message={pending.message} />;

  const sending = progress !== null;
  const busy = sending || signingIn;
  return (
    <Form<Values> form={form} name="creator-register" noValidate layout="vertical" requiredMark={false} onFinish={onFinish} disabled={busy} size="large">
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item label="Display name" name="name" rules={nameRules}>
            <Input autoComplete="name" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Username" name="username" rules={usernameRules}>
            <Input autoComplete="username" prefix="@" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="Email" name="email" rules={emailRules}>
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item label="Password" name="password" rules={passwordRules}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Confirm password" name="confirm" dependencies={['password']} rules={confirmPasswordRules()}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item label="Gender" name="gender" rules={required('Please select your gender')}>
            <Select options={GENDERS} placeholder="Select" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            label="Date of birth"
            name="dateOfBirth"
            rules={[
              { required: true, message: 'Please enter your date of birth' },
              {
                validator: (_r, value: string) => {
                  if (!value) return Promise.resolve();
                  const age = ageOn(value);
                  if (age === null) return Promise.reject(new Error('Please enter a valid date'));
                  if (age < 18) return Promise.reject(new Error('You must be at least 18 years old'));
                  if (age > 120) return Promise.reject(new Error('Please enter a valid date'));
                  return Promise.resolve();
                },
              },
            ]}
          >
            <Input type="date" max={latestAdultBirthDate()} min="1900-01-01" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="Country" name="country" rules={required('Please select your country')}>
        <CountrySelect />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item label="Identity document" name="idDocument" rules={required('Please add a photo of your ID document')}>
            <ImageField hint="Passport, ID card or driving licence" disabled={busy} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Selfie with your document" name="selfie" rules={required('Please add a selfie holding your ID')}>
            <ImageField hint="Your face and the document in one photo" disabled={busy} />
          </Form.Item>
        </Col>
      </Row>
      <ConsentFields />
      <RecaptchaField captcha={captcha} />
      {sending ? <Progress percent={progress} status="active" aria-label="Upload progress" style={{ marginBottom: 16 }} /> : null}
      <Button type="primary" htmlType="submit" block loading={busy} disabled={busy}>
        {sending ? `Uploading… ${progress}%` : 'Create creator account'}
      </Button>
    </Form>
  );
}
