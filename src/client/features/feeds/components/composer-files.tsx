import type { ReactNode } from 'react';
import { Button, Flex, Typography, Upload } from 'antd';
import { AudioOutlined, PictureOutlined, UploadOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { FeedUploadKind } from '@/common/contract/feeds';
import { toast } from '@/client/lib/toast';
import { entryKey, FEED_MAX_FILES, type UploadEntry } from '../composer-values';
import { UploadItem } from './upload-item';
import styles from './feed-composer.module.css';

type Update = (key: string, patch: Partial<UploadEntry>) => void;

const newEntry = (kind: FeedUploadKind, picked: File): UploadEntry => ({ key: entryKey(), kind, picked, file: null, phase: 'uploading', error: null });

const ACCEPT: Record<FeedUploadKind, string> = {
  photo: 'image/jpeg,image/png,image/webp,image/gif',
  thumbnail: 'image/jpeg,image/png,image/webp,image/gif',
  video: 'video/*',
  teaser: 'video/*',
  audio: 'audio/*',
};

interface PickerProps {
  kind: FeedUploadKind;
  label: string;
  icon: ReactNode;
  multiple?: boolean;
  disabled?: boolean;
  onPick: (files: File[]) => void;
}

/** A button that picks files and hands them over; nothing goes through antd's own upload list. */
function Picker({ kind, label, icon, multiple, disabled, onPick }: PickerProps) {
  return (
    <Upload
      accept={ACCEPT[kind]}
      multiple={multiple}
      showUploadList={false}
      disabled={disabled}
      beforeUpload={(file, list) => {
        // antd calls this once per file of a multiple pick; take the whole pick at its first file.
        if (file === list[0]) onPick(list as unknown as File[]);
        return Upload.LIST_IGNORE;
      }}
    >
      <Button icon={icon} disabled={disabled}>{label}</Button>
    </Upload>
  );
}

export interface BodyFilesProps {
  entries: UploadEntry[];
  onAdd: (entries: UploadEntry[]) => void;
  onChange: Update;
  onRemove: (key: string) => void;
  disabled?: boolean;
}

/** The photos, videos and audio of the post, in the order they were added, each with its progress. */
export function BodyFiles({ entries, onAdd, onChange, onRemove, disabled }: BodyFilesProps) {
  const add = (kind: FeedUploadKind) => (files: File[]) => {
    const room = FEED_MAX_FILES - entries.length;
    if (files.length > room) toast.error(`A post holds at most ${FEED_MAX_FILES} files`);
    if (room > 0) onAdd(files.slice(0, room).map((f) => newEntry(kind, f)));
  };
  const full = entries.length >= FEED_MAX_FILES;
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap>
        <Picker kind="photo" label="Add photos" icon={<PictureOutlined />} multiple disabled={disabled || full} onPick={add('photo')} />
        <Picker kind="video" label="Add video" icon={<VideoCameraOutlined />} disabled={disabled || full} onPick={add('video')} />
        <Picker kind="audio" label="Add audio" icon={<AudioOutlined />} disabled={disabled || full} onPick={add('audio')} />
      </Flex>
      {entries.length ? (
        <ul className={styles.items} aria-label="Files of the post">
          {entries.map((e) => <UploadItem key={e.key} entry={e} onChange={onChange} onRemove={onRemove} disabled={disabled} />)}
        </ul>
      ) : (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Photos (JPEG, PNG, WebP, GIF), videos and audio. Videos and audio are processed after upload.
        </Typography.Text>
      )}
    </Flex>
  );
}

export interface CoverFieldProps {
  kind: 'thumbnail' | 'teaser';
  entry: UploadEntry | null;
  onSet: (entry: UploadEntry | null) => void;
  onChange: Update;
  disabled?: boolean;
}

/** The post's public thumbnail (an image) or teaser (a short video): one file each. */
export function CoverField({ kind, entry, onSet, onChange, disabled }: CoverFieldProps) {
  const label = kind === 'thumbnail' ? 'Upload thumbnail' : 'Upload teaser';
  return (
    <Flex vertical gap={8}>
      {entry ? (
        <ul className={styles.items} aria-label={kind === 'thumbnail' ? 'Thumbnail' : 'Teaser'}>
          <UploadItem entry={entry} onChange={onChange} onRemove={() => onSet(null)} disabled={disabled} />
        </ul>
      ) : (
        <Picker kind={kind} label={label} icon={<UploadOutlined />} disabled={disabled} onPick={([file]) => onSet(newEntry(kind, file))} />
      )}
    </Flex>
  );
}
