import { useEffect, useState } from 'react';
import { Button, Form, Input, Result } from 'antd';
import { CONTACT_FIELD_MESSAGES, CONTACT_LIMITS, type ContactBody } from '@/common/contract/contact';
import { showServerErrors } from '@/client/components/server-errors';
import { toast } from '@/client/lib/toast';
import { useAppSelector } from '@/client/store/hooks';
import { RecaptchaField } from '@/client/components/recaptcha-field';
import { useRecaptcha } from '@/client/hooks/use-recaptcha';
import { sendContactMessage } from '../contact.api';

const required = (message: string) => ({ required: true, whitespace: true, message });
const max = (field: keyof typeof CONTACT_LIMITS) => ({ max: CONTACT_LIMITS[field], message: `At most ${CONTACT_LIMITS[field]} characters` });

/**
 * The contact page's form: name, email, subject, message, with the server's limits and words.
 * A signed-in person's name and email are filled in. Problems the server finds go under their
 * fields; a refusal without fields (too many messages) is toasted.
 */
export function ContactForm() {
  const [form] = Form.useForm<ContactBody>();
  const user = useAppSelector((s) => s.user.current);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const captcha = useRecaptcha();

  useEffect(() => {
    if (!user._id || sent) return;
    // Only empty fields: never overwrite what the person already typed.
    const current = form.getFieldsValue();
    form.setFieldsValue({ name: current.name || user.name || '', email: current.email || user.email || '' });
  }, [user._id, user.name, user.email, form, sent]);

  const onFinish = async (values: ContactBody) => {
    if (!captcha.ready()) return;
    setSending(true);
    try {
      const res = await sendContactMessage({
        name: values.name.trim(), email: values.email.trim(), subject: values.subject.trim(), message: values.message.trim(),
      }, captcha.token);
      toast.success(res.data.message);
      form.resetFields();
      setSent(true);
    } catch (err) {
      showServerErrors(form, err);
    } finally {
      setSending(false);
      captcha.reset();
    }
  };

  if (sent) {
    return (
      <Result
        status="success"
        title="Thank you, your message was sent"
        subTitle="We read every message and answer by email."
        extra={<Button onClick={() => setSent(false)}>Send another message</Button>}
      />
    );
  }

  return (
    <Form<ContactBody> form={form} name="contact" layout="vertical" noValidate requiredMark={false} onFinish={onFinish} disabled={sending}>
      <Form.Item label="Your name" name="name" rules={[required(CONTACT_FIELD_MESSAGES.name), max('name')]}>
        <Input autoComplete="name" maxLength={CONTACT_LIMITS.name} />
      </Form.Item>
      <Form.Item
        label="Email"
        name="email"
        rules={[required(CONTACT_FIELD_MESSAGES.email), { type: 'email', message: CONTACT_FIELD_MESSAGES.emailFormat }, max('email')]}
        extra="We answer at this address."
      >
        <Input type="email" autoComplete="email" maxLength={CONTACT_LIMITS.email} />
      </Form.Item>
      <Form.Item label="Subject" name="subject" rules={[required(CONTACT_FIELD_MESSAGES.subject), max('subject')]}>
        <Input maxLength={CONTACT_LIMITS.subject} />
      </Form.Item>
      <Form.Item label="Message" name="message" rules={[required(CONTACT_FIELD_MESSAGES.message), max('message')]}>
        <Input.TextArea autoSize={{ minRows: 6, maxRows: 16 }} maxLength={CONTACT_LIMITS.message} showCount />
      </Form.Item>
      <RecaptchaField captcha={captcha} />
      <Button type="primary" htmlType="submit" loading={sending} block size="large">
        Send message
      </Button>
    </Form>
  );
}
