import { useState, type ReactNode } from 'react';
import { Button, Divider, Flex, Form, Input, Progress, Select } from 'antd';
import { SaveOutlined, UploadOutlined } from '@ant-design/icons';
import {
  VIDEO_DESCRIPTION_MAX, VIDEO_FILE_FIELDS, VIDEO_TAGS_MAX, VIDEO_TITLE_MAX, type Video, type VideoFileField,
} from '@/common/contract/videos';
import {
  ACCESS_DEFAULTS, AccessFields, accessPayload, accessValuesOf, type AccessFormValues,
} from '@/client/features/content/components/access-fields';
import { showFormErrors } from '@/client/features/performer/show-form-errors';
import { CHANGES_SAVED } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { editVideo, editVideoWithFiles, uploadVideo, type VideoFiles } from '../videos.api';
import { tagProblem } from '../video-format';
import { FilePick } from './file-pick';

export interface VideoFormValues extends AccessFormValues {
  title: string;
  description?: string;
  tags?: string[];
}

interface Props {
  /** Absent: a new upload (the video file is required). Present: edit this video. */
  video?: Video;
  onSaved: (video: Video) => void;
  /** What each file picker shows of the current files (edit). */
  current?: Partial<Record<VideoFileField, ReactNode>>;
}

const VIDEO_EXT = /\.(mp4|m4v|mov|webm|mkv)$/i;
const IMAGE_EXT = /\.(jpe?g|png|webp|gif)$/i;
const isVideo = (f: File) => f.type.startsWith('video/') || VIDEO_EXT.test(f.name);
const isImage = (f: File) => /^image\/(jpeg|png|webp|gif)$/.test(f.type) || IMAGE_EXT.test(f.name);

const PICKERS: Record<VideoFileField, { label: string; accept: string; check: (f: File) => boolean; refusal: string; hint: string; button: string }> = {
  video: {
    label: 'Video file', accept: 'video/mp4,video/quicktime,video/webm,video/x-matroska,.mp4,.mov,.webm,.mkv,.m4v', check: isVideo,
    refusal: 'Please choose a video file (MP4, MOV, WebM or MKV)', hint: 'MP4, MOV, WebM or MKV. It is converted for playback after the upload.', button: 'Choose video',
  },
  thumbnail: {
    label: 'Thumbnail', accept: 'image/jpeg,image/png,image/webp,image/gif', check: isImage,
    refusal: 'Please choose an image (JPEG, PNG, WebP or GIF)', hint: 'Optional: the picture everyone sees, locked or not. Otherwise a frame of the video.', button: 'Choose image',
  },
  teaser: {
    label: 'Teaser', accept: 'video/mp4,video/quicktime,video/webm,video/x-matroska,.mp4,.mov,.webm,.mkv,.m4v', check: isVideo,
    refusal: 'Please choose a video file (MP4, MOV, WebM or MKV)', hint: 'Optional: a short free preview for fans who have not unlocked the video.', button: 'Choose teaser',
  },
};

const initialValues = (video?: Video): VideoFormValues =>
  video
    ? { title: video.title, description: video.description, tags: video.tags, ...accessValuesOf(video) }
    : { title: '', description: '', tags: [], ...ACCESS_DEFAULTS };

/**
 * The upload and edit form: files (sent with the form, with a progress bar), title, description,
 * tags and the access fields. A new upload is one multipart request; an edit is JSON, or multipart
 * when files are replaced. Server problems go under their fields, file problems under the pickers.
 */
export function VideoForm({ video, onSaved, current }: Props) {
  const [form] = Form.useForm<VideoFormValues>();
  const [files, setFiles] = useState<VideoFiles>({});
  const [fileErrors, setFileErrors] = useState<Partial<Record<VideoFileField, string>>>({});
  const [percent, setPercent] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const editing = Boolean(video);

  const pick = (field: VideoFileField, file: File) => {
    const ok = PICKERS[field].check(file);
    setFiles((f) => ({ ...f, [field]: ok ? file : undefined }));
    setFileErrors((e) => ({ ...e, [field]: ok ? undefined : PICKERS[field].refusal }));
  };
  const clear = (field: VideoFileField) => setFiles((f) => ({ ...f, [field]: undefined }));

  const submit = async (values: VideoFormValues) => {
    if (!editing && !files.video) {
      setFileErrors((e) => ({ ...e, video: 'Please choose a video file' }));
      return;
    }
    const fields = {
      title: values.title.trim(),
      description: values.description ?? '',
      tags: (values.tags ?? []).map((t) => t.trim().replace(/^#/, '').toLowerCase()),
      ...accessPayload(values),
    };
    const sending = Object.values(files).some(Boolean);
    setSaving(true);
    setPercent(sending ? 0 : null);
    setFileErrors({});
    try {
      const res = !video
        ? await uploadVideo(files, fields, setPercent)
        : sending
          ? await editVideoWithFiles(video._id, files, fields, setPercent)
          : await editVideo(video._id, fields);
      setFiles({});
      // Says what happened (issue 14); a new video's files are still being processed.
      toast.success(editing ? CHANGES_SAVED : 'Video uploaded: processing');
      onSaved(res.data);
    } catch (err) {
      const details = (err as { details?: { field: string; message: string }[] } | null)?.details ?? [];
      const onFiles = details.filter((d) => (VIDEO_FILE_FIELDS as readonly string[]).includes(d.field));
      if (onFiles.length) setFileErrors(Object.fromEntries(onFiles.map((d) => [d.field, d.message])));
      if (onFiles.length === details.length && onFiles.length) return;
      showFormErrors(form, err);
    } finally {
      setSaving(false);
      setPercent(null);
    }
  };

  return (
    <Form<VideoFormValues> form={form} layout="vertical" initialValues={initialValues(video)} onFinish={submit} disabled={saving} requiredMark="optional">
      <Flex vertical gap={16} style={{ marginBottom: 16 }}>
        {VIDEO_FILE_FIELDS.map((field) => (
          <FilePick
            key={field}
            label={field === 'video' && !editing ? `${PICKERS.video.label} (required)` : PICKERS[field].label}
            accept={PICKERS[field].accept}
            buttonText={editing && current?.[field] ? `Replace ${field === 'video' ? 'video' : field}` : PICKERS[field].button}
            hint={PICKERS[field].hint}
            file={files[field]}
            onPick={(file) => pick(field, file)}
            onClear={() => clear(field)}
            error={fileErrors[field]}
            disabled={saving}
            current={current?.[field]}
          />
        ))}
      </Flex>
      <Divider style={{ margin: '8px 0 16px' }} />
      <Form.Item
        name="title"
        label="Title"
        rules={[{ required: true, whitespace: true, message: 'Please enter a title' }, { max: VIDEO_TITLE_MAX, message: `At most ${VIDEO_TITLE_MAX} characters` }]}
      >
        <Input maxLength={VIDEO_TITLE_MAX} showCount />
      </Form.Item>
      <Form.Item name="description" label="Description" rules={[{ max: VIDEO_DESCRIPTION_MAX, message: `At most ${VIDEO_DESCRIPTION_MAX} characters` }]}>
        <Input.TextArea rows={4} maxLength={VIDEO_DESCRIPTION_MAX} showCount />
      </Form.Item>
      <Form.Item
        name="tags"
        label="Tags"
        extra={`Up to ${VIDEO_TAGS_MAX}: letters, digits or hyphens. Press Enter or comma after each.`}
        rules={[{ validator: async (_, tags?: string[]) => { const problem = tagProblem(tags ?? []); if (problem) throw new Error(problem); } }]}
      >
        <Select mode="tags" tokenSeparators={[',', ' ']} open={false} suffixIcon={null} placeholder="e.g. travel, behind-the-scenes" aria-label="Tags" />
      </Form.Item>
      <AccessFields />
      {percent !== null ? <Progress percent={percent} status="active" aria-label="Upload progress" style={{ marginBottom: 12 }} /> : null}
      <Button type="primary" htmlType="submit" loading={saving} icon={editing ? <SaveOutlined /> : <UploadOutlined />}>
        {editing ? 'Save changes' : saving ? 'Uploading…' : 'Upload video'}
      </Button>
    </Form>
  );
}
