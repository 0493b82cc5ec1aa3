import { useState } from 'react';
import { Alert, Button, Col, Flex, Form, Progress, Row, Tag, Typography } from 'antd';
import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import type { PerformerAccount } from '@/common/contract/performers';
import { ImageField } from '@/client/components/image-field';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { useAppDispatch } from '@/client/store/hooks';
import { refreshUser } from '@/client/features/user/user.slice';
import { uploadDocuments } from '../performer.api';

interface Values {
  idDocument?: File | null;
  selfie?: File | null;
}

export type DocumentStatus = 'verified' | 'pending' | 'rejected' | 'missing';

type StatusInput = Pick<PerformerAccount, 'verificationStatus'>;

/** Where the operators' check stands, as the documents tab shows it. */
export function documentStatusOf(account: StatusInput): DocumentStatus {
  switch (account.verificationStatus) {
    case 'approved':
      return 'verified';
    case 'pending':
      return 'pending';
    case 'rejected':
      return 'rejected';
    default:
      return 'missing';
  }
}

const STATUS = {
  verified: { color: 'success', icon: <CheckCircleOutlined />, text: 'Verified' },
  pending: { color: 'processing', icon: <ClockCircleOutlined />, text: 'Pending review' },
  rejected: { color: 'error', icon: <CloseCircleOutlined />, text: 'Rejected' },
  missing: { color: 'warning', icon: <ExclamationCircleOutlined />, text: 'Documents missing' },
} as const;

/** What the status means for the creator, and what to do next. */
function StatusAlert({ account }: { account: PerformerAccount }) {
  const status = documentStatusOf(account);
  const unpaid = account.payable ? '' : ' Until then fans cannot pay you and your page is not listed in explore.';
  if (status === 'verified') {
    return (
      <Alert
        type="success"
        showIcon
        title="Your identity is verified: fans can pay you and your page is listed in explore."
        description="Uploading new documents starts verification again."
      />
    );
  }
  if (status === 'pending') {
    return (
      <Alert
        type="info"
        showIcon
        title="Your documents are waiting for review"
        description={`An operator checks them and we email you the decision.${unpaid}`}
      />
    );
  }
  if (status === 'rejected') {
    return (
      <Alert
        type="error"
        showIcon
        title="Your documents were not approved"
        description={
          <>
            {account.verificationNote ? (
              <Typography.Paragraph style={{ marginBottom: 8 }} data-testid="rejection-reason">
                Reason: {account.verificationNote}
              </Typography.Paragraph>
            ) : null}
            Upload new documents below: they go back to the operators for review.{unpaid}
          </>
        }
      />
    );
  }
  const missing = [!account.hasIdDocument && 'an identity document', !account.hasSelfie && 'a selfie holding it'].filter(Boolean).join(' and ');
  return (
    <Alert
      type="warning"
      showIcon
      title={`Upload ${missing || 'your documents'} to be verified`}
      description={`An operator checks your identity before you can be paid.${unpaid}`}
    />
  );
}

interface Props {
  account: PerformerAccount;
  onUploaded: (account: PerformerAccount) => void;
}

/** Documents tab: verification status and re-upload of the ID document and/or the selfie. */
export function DocumentsForm({ account, onUploaded }: Props) {
  const dispatch = useAppDispatch();
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
      // The signed-in user carries the verification status too (the notice on home and profile).
      dispatch(refreshUser());
      form.resetFields();
      toast.success(res.data.verificationStatus === 'pending' ? 'Documents uploaded: they are waiting for review' : 'Documents uploaded');
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
      <StatusAlert account={account} />
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
