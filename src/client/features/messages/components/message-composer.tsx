import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Flex, Input, InputNumber, Tooltip, Typography } from 'antd';
import type { ErrorBody } from '@/common/contract/common';
import { FileImageOutlined, SendOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { MESSAGE_MAX_FILES, MESSAGE_MAX_PRICE, MESSAGE_TEXT_MAX, type Conversation, type SendMessageBody } from '@/common/contract/messaging';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { sendMessage } from '../message.slice';
import { MessageAttachment, type AttachmentKind, type AttachmentState, type PickedAttachment } from './message-attachment';
import styles from './messages.module.css';

const ACCEPT: Record<AttachmentKind, string> = { photo: 'image/*', video: 'video/*' };

let nextKey = 0;

/** Why the composer is closed, from what the API says about the conversation. */
function closedReason(conversation: Conversation): string | null {
  if (conversation.canSendMessage) return null;
  if (conversation.isBlocked) return 'You cannot send messages in this conversation.';
  return conversation.recipient?.isPerformer
    ? 'Follow or subscribe to this creator to send them messages.'
    : 'You cannot send messages in this conversation yet.';
}

/**
 * Text (Enter sends, Shift+Enter breaks the line), photos and videos uploaded as soon as they are
 * picked (progress per file), and for creators an optional token price that makes the files paid.
 * The draft is cleared only when the send succeeded; a failed send keeps it (spec 8: the failure
 * is stored, no message is shown), so nothing typed is lost.
 */
export function MessageComposer({ conversation }: { conversation: Conversation }) {
  const dispatch = useAppDispatch();
  const isPerformer = useAppSelector((s) => s.user.current.isPerformer);
  const { sending, error } = useAppSelector((s) => s.message);
  const [text, setText] = useState('');
  const [price, setPrice] = useState<number | null>(null);
  const [attachments, setAttachments] = useState<PickedAttachment[]>([]);
  const [uploads, setUploads] = useState<Record<string, AttachmentState>>({});
  const [submitted, setSubmitted] = useState(false);
  const [failed, setFailed] = useState(false);
  const pickers = { photo: useRef<HTMLInputElement>(null), video: useRef<HTMLInputElement>(null) };

  const onUploadChange = useCallback((key: string, state: AttachmentState) => setUploads((u) => ({ ...u, [key]: state })), []);
  const remove = useCallback((key: string) => {
    setAttachments((list) => list.filter((a) => a.key !== key));
    setUploads(({ [key]: _gone, ...rest }) => rest);
  }, []);

  useEffect(() => {
    // The send this composer started has settled: clear the draft if it went through.
    if (!submitted || sending) return;
    setSubmitted(false);
    setFailed(Boolean(error));
    if (!error) {
      setText('');
      setPrice(null);
      setAttachments([]);
      setUploads({});
    }
  }, [submitted, sending, error]);

  const pick = (kind: AttachmentKind, files: FileList | null) => {
    const picked = Array.from(files ?? []).slice(0, MESSAGE_MAX_FILES - attachments.length);
    setAttachments((list) => [...list, ...picked.map((file) => ({ key: `a${(nextKey += 1)}`, kind, file }))]);
  };

  const states = attachments.map((a) => uploads[a.key]);
  const uploading = states.some((s) => !s || s.phase === 'uploading');
  const uploadFailed = states.some((s) => s && !s.uploaded && s.phase !== 'uploading');
  const fileIds = states.flatMap((s) => (s?.uploaded ? [s.uploaded._id] : []));
  const trimmed = text.trim();
  const tooLong = trimmed.length > MESSAGE_TEXT_MAX;
  const empty = !trimmed && fileIds.length === 0;
  const reason = closedReason(conversation);
  // The price is the one field a creator can get wrong (the site's price bounds are private
  // settings): the server's words for it go under the field.
  const priceProblem = failed ? (error as Partial<ErrorBody> | null)?.details?.find((d) => d.field === 'price')?.message : undefined;
  const canSend = !reason && !sending && !uploading && !uploadFailed && !empty && !tooLong;

  const send = () => {
    if (!canSend) return;
    const body: SendMessageBody = {};
    if (trimmed) body.text = trimmed;
    if (fileIds.length) body.fileIds = fileIds;
    if (fileIds.length && isPerformer && price) body.price = price;
    setSubmitted(true);
    dispatch(sendMessage({ conversationId: conversation._id, body }));
  };

  if (reason) {
    return (
      <div className={styles.composer}>
        <Alert type="info" showIcon message={reason} />
      </div>
    );
  }

  return (
    <form
      className={styles.composer}
      aria-label="Write a message"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <Flex vertical gap={8}>
        {attachments.map((a) => (
          <MessageAttachment key={a.key} item={a} onChange={onUploadChange} onRemove={remove} />
        ))}
        {isPerformer && attachments.length > 0 ? (
          <Flex align="center" gap={8}>
            <label htmlFor={`price-${conversation._id}`}>Price (tokens)</label>
            <InputNumber
              id={`price-${conversation._id}`}
              min={0}
              max={MESSAGE_MAX_PRICE}
              precision={2}
              placeholder="Free"
              value={price}
              onChange={(v) => {
                setPrice(typeof v === 'number' ? v : null);
                setFailed(false);
              }}
            />
            <span style={{ opacity: 0.7, fontSize: 12 }}>Empty or 0: free. With a price the fan sees a blurred preview until they pay.</span>
          </Flex>
        ) : null}
        {priceProblem ? (
          <Typography.Text type="danger" role="alert">
            {priceProblem}
          </Typography.Text>
        ) : null}
        <Flex gap={8} align="flex-end">
          {(['photo', 'video'] as const).map((kind) => (
            <span key={kind}>
              <input
                ref={pickers[kind]}
                type="file"
                accept={ACCEPT[kind]}
                multiple={kind === 'photo'}
                hidden
                data-testid={`pick-${kind}`}
                onChange={(e) => {
                  pick(kind, e.target.files);
                  e.target.value = '';
                }}
              />
              <Tooltip title={kind === 'photo' ? 'Attach photos' : 'Attach a video'}>
                <Button
                  icon={kind === 'photo' ? <FileImageOutlined /> : <VideoCameraOutlined />}
                  aria-label={kind === 'photo' ? 'Attach photos' : 'Attach a video'}
                  disabled={attachments.length >= MESSAGE_MAX_FILES}
                  onClick={() => pickers[kind].current?.click()}
                />
              </Tooltip>
            </span>
          ))}
          <Input.TextArea
            aria-label="Message"
            placeholder="Write a message…"
            autoSize={{ minRows: 1, maxRows: 5 }}
            value={text}
            status={tooLong || failed ? 'error' : undefined}
            showCount={trimmed.length > MESSAGE_TEXT_MAX * 0.8 ? { formatter: ({ count }) => `${count} / ${MESSAGE_TEXT_MAX}` } : false}
            onChange={(e) => {
              setText(e.target.value);
              setFailed(false);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                send();
              }
            }}
          />
          <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={sending && submitted} disabled={!canSend}>
            Send
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
