import { useState } from 'react';
import { Alert, Button, Col, Flex, Form, Progress, Row, Tag, Typography } from 'antd';
import { CheckCircleOutlined, ClockCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import type { PerformerAccount } from '@/common/contract/performers';
import { ImageField } from '@/client/components/image-field';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { uploadDocuments } from '../performer.api';

interface Values {
  idDocument?: File | null;
  selfie?: File | null;
}

type Status = 'verified' | 'pending' | 'missing';

export function documentStatusOf(account: Pick<PerformerAccount, 'verifiedDocument' | 'hasIdDocument' | 'hasSelfie'>): Status {
  if (account.verifiedDocument) return 'verified';
  return account.hasIdDocument && account.hasSelfie ? 'pending' : 'missing';
}

const STATUS = {
  verified: { color: 'success', icon: <CheckCircleOutlined />, text: 'Verified' },
  pending: { color: 'processing', icon: <ClockCircleOutlined />, text: 'Pending review' },
  missing: { color: 'warning', icon: <ExclamationCircleOutlined />, text: 'Documents missing' },
} as const;

interface Props {
  account: PerformerAccount;
  onUploaded: (account: PerformerAccount) => void;
}

/** Documents tab: verification status and re-upload of the ID document and/or the selfie. */
export function DocumentsForm({ account, onUploaded }: Props) {
  const [form] = Form.useForm<Values>();
  const [progress, setProgress] = useState<number | null>(null);
  const status = STATUS[documentStatusOf(account)];
  const picked = Form.useWatch([], form) as Values | undefined;
  const uploading = progress !== null;

  const onFinish = async (v: Values) => {
    setProgress(0);
    try {
      const res = await uploadDocuments(v, setProgress);
      onUploaded(res.data);
      form.resetFields();
      toast.success('Documents uploaded; verification starts again');
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Flex vertical gap={16}>
      <Flex align="center" gap={8} wrap>
        <Typography.Text strong>Verification status:</Typography.Text>
        <Tag color={status.color} icon={status.icon} data-testid="document-status">
          {status.text}
        </Tag>
      </Flex>
      <Alert
        type={account.verifiedDocument ? 'warning' : 'info'}
        showIcon
        title={
          account.verifiedDocument
            ? 'Uploading new documents starts verification again.'
            : 'An administrator checks your documents; your badge appears once they are approved.'
        }
      />
      <Form<Values> form={form} name="performer-documents" layout="vertical" disabled={uploading} onFinish={onFinish}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label="ID document" name="idDocument" extra={account.hasIdDocument ? 'One is on file; pick a new one to replace it.' : undefined}>
              <ImageField hint="Passport, ID card or driving licence" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Selfie holding the document" name="selfie" extra={account.hasSelfie ? 'One is on file; pick a new one to replace it.' : undefined}>
              <ImageField hint="Your face and the document, both readable" />
            </Form.Item>
          </Col>
        </Row>
        {uploading ? <Progress percent={progress} size="small" status="active" aria-label="Documents upload progress" style={{ marginBottom: 16 }} /> : null}
        <Button type="primary" htmlType="submit" loading={uploading} disabled={!picked?.idDocument && !picked?.selfie}>
          Upload documents
        </Button>
      </Form>
    </Flex>
  );
}
