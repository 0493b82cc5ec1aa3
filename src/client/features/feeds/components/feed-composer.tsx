import { useCallback, useRef, useState } from 'react';
import { useRouter } from 'next/router';
import { Alert, Button, Card, Flex, Form, Input, Switch } from 'antd';
import { BarChartOutlined } from '@ant-design/icons';
import type { Feed, FeedPoll } from '@/common/contract/feeds';
import { AccessFields, accessPayload } from '@/client/features/content/components/access-fields';
import { textToBio } from '@/client/features/performer/bio-text';
import { showFormErrors } from '@/client/features/performer/show-form-errors';
import { CHANGES_SAVED } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import {
  EMPTY_POLL, EMPTY_POST_MESSAGE, entriesOf, FEED_TEXT_MAX, idsOf, initialValues, pollBody, pollProblems, uploadProblem, visibleLength,
  type ComposerValues, type UploadEntry,
} from '../composer-values';
import { createFeed, createPoll, updateFeed } from '../feeds.api';
import { BodyFiles, CoverField } from './composer-files';
import { ExistingPoll, PollBuilder } from './poll-builder';
import styles from './feed-composer.module.css';

export interface FeedComposerProps {
  /** The post being edited; absent for a new post. */
  feed?: Feed;
  /** Called with the saved post (the pages go back to the list). */
  onSaved?: (feed: Feed) => void;
}

const first = (entry: UploadEntry | null) => (entry?.file ? entry.file._id : null);

/** The poll was refused and its problems are already shown: the post is not sent. */
class PollRefused extends Error {}

/** What the toast says happened to the post (issue 14: not 'Changes saved' after publishing). */
export function savedMessage(post: Pick<Feed, 'status' | 'isScheduled'>, editing: boolean): string {
  if (editing) return CHANGES_SAVED;
  if (post.status === 'draft') return 'Draft saved';
  return post.isScheduled ? 'Post scheduled' : 'Post published';
}

/**
 * The one composer for new and edited posts: text (a plain text box, blank line = paragraph),
 * photos, videos and audio with progress and processing state, a public thumbnail and teaser, a
 * poll, who may open it (AccessFields) and pinning. A poll is created when the post is saved; the
 * post then names it. Field problems from the API go under their fields.
 */
export function FeedComposer({ feed, onSaved }: FeedComposerProps) {
  const router = useRouter();
  const [form] = Form.useForm<ComposerValues>();
  const [files, setFiles] = useState<UploadEntry[]>(() => entriesOf(feed?.files ?? []));
  const [thumbnail, setThumbnail] = useState<UploadEntry | null>(() => (feed?.thumbnail ? entriesOf([feed.thumbnail], 'thumbnail')[0] : null));
  const [teaser, setTeaser] = useState<UploadEntry | null>(() => (feed?.teaser ? entriesOf([feed.teaser], 'teaser')[0] : null));
  const [existingPoll, setExistingPoll] = useState<FeedPoll | null>(feed?.poll ?? null);
  const [pollOpen, setPollOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  // A poll made by a save whose post then failed: reused by the next try if the draft is the same.
  const madePoll = useRef<{ signature: string; id: string } | null>(null);
  const initial = useRef(initialValues(feed));

  const updateEntry = useCallback((key: string, patch: Partial<UploadEntry>) => {
    setFiles((list) => list.map((e) => (e.key === key ? { ...e, ...patch } : e)));
    setThumbnail((e) => (e?.key === key ? { ...e, ...patch } : e));
    setTeaser((e) => (e?.key === key ? { ...e, ...patch } : e));
  }, []);

  const pollId = async (values: ComposerValues): Promise<string | null | undefined> => {
    if (existingPoll) return undefined;
    if (!pollOpen || !values.poll) return feed?.poll ? null : undefined;
    const body = pollBody(values.poll);
    const signature = JSON.stringify(body);
    if (madePoll.current?.signature === signature) return madePoll.current.id;
    try {
      const res = await createPoll(body);
      madePoll.current = { signature, id: res.data._id };
      return res.data._id;
    } catch (err) {
      const details = (err as { details?: { field: string; message: string }[] } | null)?.details;
      // The poll route names its own fields (options.1): they live under `poll` in this form.
      showFormErrors(form, details ? { ...(err as object), details: details.map((d) => ({ ...d, field: `poll.${d.field}` })) } : err);
      throw new PollRefused();
    }
  };

  const submit = async (values: ComposerValues) => {
    const problem = uploadProblem([...files, ...(thumbnail ? [thumbnail] : []), ...(teaser ? [teaser] : [])]);
    if (problem) {
      toast.error(problem);
      return;
    }
    const hasPoll = Boolean(existingPoll) || pollOpen;
    if (!visibleLength(values.text ?? '') && !idsOf(files).length && !hasPoll) {
      form.setFields([{ name: 'text', errors: [EMPTY_POST_MESSAGE] }]);
      return;
    }
    if (pollOpen && values.poll) {
      const problems = pollProblems(values.poll);
      if (problems.length) {
        form.setFields(problems);
        return;
      }
    }
    setSaving(true);
    try {
      const poll = await pollId(values);
      const textChanged = !feed || values.text !== initial.current.text;
      const body = {
        ...(textChanged ? { text: textToBio(values.text ?? '') } : {}),
        fileIds: idsOf(files),
        thumbnailId: first(thumbnail),
        teaserId: first(teaser),
        ...(poll !== undefined ? { pollId: poll } : {}),
        isPinned: Boolean(values.isPinned),
        ...accessPayload(values),
      };
      const res = feed ? await updateFeed(feed._id, body) : await createFeed(body);
      toast.success(savedMessage(res.data, Boolean(feed)));
      if (onSaved) onSaved(res.data);
      else await router.push('/creator/my-post');
    } catch (err) {
      if (!(err instanceof PollRefused)) showFormErrors(form, err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<ComposerValues>
      form={form}
      layout="vertical"
      className={styles.form}
      initialValues={{ ...initial.current, poll: EMPTY_POLL }}
      onFinish={submit}
      disabled={saving}
      scrollToFirstError
    >
      <Card title={feed ? 'Edit post' : 'New post'}>
        <Form.Item
          name="text"
          label="Text"
          extra="A blank line starts a new paragraph. The text is shown with the post to everyone who can see your page; files and voting are for those who can open it."
          rules={[{ validator: async (_r, v?: string) => { if (v && visibleLength(v) > FEED_TEXT_MAX) throw new Error(`At most ${FEED_TEXT_MAX} characters`); } }]}
        >
          <Input.TextArea
            autoSize={{ minRows: 4, maxRows: 14 }}
            placeholder="Share something with your fans…"
            count={{ show: true, max: FEED_TEXT_MAX, strategy: visibleLength }}
          />
        </Form.Item>
        <Form.Item label="Photos, videos and audio">
          <BodyFiles
            entries={files}
            onAdd={(added) => setFiles((list) => [...list, ...added])}
            onChange={updateEntry}
            onRemove={(key) => setFiles((list) => list.filter((e) => e.key !== key))}
            disabled={saving}
          />
        </Form.Item>
        <Flex gap={24} wrap>
          <Form.Item label="Thumbnail" extra="A public picture for the post (image)." style={{ flex: '1 1 240px' }}>
            <CoverField kind="thumbnail" entry={thumbnail} onSet={setThumbnail} onChange={updateEntry} disabled={saving} />
          </Form.Item>
          <Form.Item label="Teaser" extra="A short public preview clip (video) for fans without access." style={{ flex: '1 1 240px' }}>
            <CoverField kind="teaser" entry={teaser} onSet={setTeaser} onChange={updateEntry} disabled={saving} />
          </Form.Item>
        </Flex>
        <Form.Item label="Poll">
          {existingPoll ? (
            <ExistingPoll poll={existingPoll} onRemove={() => setExistingPoll(null)} disabled={saving} />
          ) : pollOpen ? (
            <PollBuilder onRemove={() => setPollOpen(false)} disabled={saving} />
          ) : (
            <Button icon={<BarChartOutlined />} onClick={() => { form.setFieldValue('poll', EMPTY_POLL); setPollOpen(true); }}>
              Add a poll
            </Button>
          )}
        </Form.Item>
      </Card>
      <Card title="Who can see it" style={{ marginTop: 16 }}>
        <AccessFields />
        <Form.Item name="isPinned" label="Pin to the top of my page" valuePropName="checked" extra="Up to 3 posts can be pinned.">
          <Switch />
        </Form.Item>
      </Card>
      {feed?.status === 'active' && !feed.isScheduled ? (
        <Alert style={{ marginTop: 16 }} type="info" showIcon title="Saving keeps this post's publish time, so it does not jump to the top of timelines." />
      ) : null}
      <Flex gap={8} justify="flex-end" style={{ marginTop: 16 }}>
        <Button onClick={() => router.push('/creator/my-post')} disabled={saving}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          {feed ? 'Save changes' : 'Publish'}
        </Button>
      </Flex>
    </Form>
  );
}
