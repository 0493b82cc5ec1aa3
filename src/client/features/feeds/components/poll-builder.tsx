import { Button, DatePicker, Flex, Form, Input, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { FeedPoll } from '@/common/contract/feeds';
import { POLL_MAX_OPTIONS, POLL_MIN_OPTIONS, POLL_OPTION_MAX, POLL_QUESTION_MAX } from '../composer-values';
import styles from './feed-composer.module.css';

/** The poll part of the composer form (`poll.question`, `poll.options`, `poll.expiresAt`). */
export function PollBuilder({ onRemove, disabled }: { onRemove: () => void; disabled?: boolean }) {
  return (
    <div className={styles.pollBox} role="group" aria-label="Poll">
      <Form.Item name={['poll', 'question']} label="Question (optional)" rules={[{ max: POLL_QUESTION_MAX, message: `At most ${POLL_QUESTION_MAX} characters` }]}>
        <Input placeholder="What should I post next?" maxLength={POLL_QUESTION_MAX} disabled={disabled} />
      </Form.Item>
      <Form.List name={['poll', 'options']}>
        {(fields, { add, remove }) => (
          <Flex vertical gap={0}>
            {fields.map((field, index) => (
              <Flex key={field.key} gap={8} align="flex-start">
                <Form.Item
                  name={field.name}
                  style={{ flex: 1 }}
                  rules={[
                    { required: true, whitespace: true, message: 'Please enter an option' },
                    { max: POLL_OPTION_MAX, message: `At most ${POLL_OPTION_MAX} characters` },
                  ]}
                >
                  <Input placeholder={`Option ${index + 1}`} aria-label={`Option ${index + 1}`} maxLength={POLL_OPTION_MAX} disabled={disabled} />
                </Form.Item>
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={`Remove option ${index + 1}`}
                  disabled={disabled || fields.length <= POLL_MIN_OPTIONS}
                  onClick={() => remove(field.name)}
                />
              </Flex>
            ))}
            <Flex gap={8} wrap>
              <Button icon={<PlusOutlined />} onClick={() => add('')} disabled={disabled || fields.length >= POLL_MAX_OPTIONS}>
                Add option
              </Button>
              <Button danger type="text" onClick={onRemove} disabled={disabled}>
                Remove poll
              </Button>
            </Flex>
          </Flex>
        )}
      </Form.List>
      <Form.Item name={['poll', 'expiresAt']} label="Ends (optional)" extra="Leave empty to keep it open." style={{ marginTop: 16, marginBottom: 0 }}>
        <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" disabledDate={(d) => d.isBefore(dayjs(), 'day')} disabled={disabled} />
      </Form.Item>
    </div>
  );
}

/** A post's existing poll while editing: votes may already be in, so it is kept or removed, not rewritten. */
export function ExistingPoll({ poll, onRemove, disabled }: { poll: FeedPoll; onRemove: () => void; disabled?: boolean }) {
  return (
    <div className={styles.pollBox} role="group" aria-label="Poll">
      <Typography.Text strong>{poll.question || 'Poll'}</Typography.Text>
      <ul style={{ margin: '8px 0', paddingLeft: 20 }}>
        {poll.options.map((o) => (
          <li key={o._id}>
            {o.text}
            {o.votes !== null ? <Typography.Text type="secondary"> · {o.votes} votes</Typography.Text> : null}
          </li>
        ))}
      </ul>
      <Button danger type="text" onClick={onRemove} disabled={disabled} style={{ paddingLeft: 0 }}>
        Remove poll
      </Button>
    </div>
  );
}
