import dayjs, { type Dayjs } from 'dayjs';
import {
  FEED_MAX_FILES, FEED_TEXT_MAX, POLL_MAX_OPTIONS, POLL_MIN_OPTIONS, POLL_OPTION_MAX, POLL_QUESTION_MAX,
  type CreatePollBody, type Feed, type FeedUploadKind,
} from '@/common/contract/feeds';
import type { MediaFileView } from '@/common/contract/media';
import { ACCESS_DEFAULTS, accessValuesOf, type AccessFormValues } from '@/client/features/content/components/access-fields';
import type { UploadPhase } from '@/client/features/content/use-media-upload';
import { bioToText } from '@/client/features/performer/bio-text';

export { FEED_MAX_FILES, FEED_TEXT_MAX, POLL_MAX_OPTIONS, POLL_MIN_OPTIONS, POLL_OPTION_MAX, POLL_QUESTION_MAX };

/** One file slot of the composer: a picked file on its way up, or a file the post already has. */
export interface UploadEntry {
  key: string;
  kind: FeedUploadKind;
  /** The picked file, uploaded when the entry appears; absent for files the post already has. */
  picked?: File;
  file: MediaFileView | null;
  phase: UploadPhase;
  error: string | null;
}

export interface PollDraft {
  question: string;
  options: string[];
  expiresAt: Dayjs | null;
}

export interface ComposerValues extends AccessFormValues {
  /** Plain text: a blank line starts a paragraph (stored as sanitised rich text). */
  text: string;
  isPinned: boolean;
  poll?: PollDraft;
}

export const EMPTY_POLL: PollDraft = { question: '', options: ['', ''], expiresAt: null };
export const EMPTY_POST_MESSAGE = 'Write something, add a file or a poll';

let seq = 0;
export const entryKey = () => `entry-${Date.now().toString(36)}-${(seq += 1)}`;

/** Characters as the server counts them: markup aside, runs of white space count as one. */
export const visibleLength = (text: string) => text.replace(/\s+/g, ' ').trim().length;

/** Entries for the files a post already has (editing). */
export function entriesOf(files: readonly MediaFileView[], kind?: FeedUploadKind): UploadEntry[] {
  const kindOf = (f: MediaFileView): FeedUploadKind => kind ?? (f.kind === 'image' ? 'photo' : f.kind === 'audio' ? 'audio' : 'video');
  return files.map((f) => ({
    key: f._id,
    kind: kindOf(f),
    file: f,
    phase: f.status === 'ready' ? 'ready' : f.status === 'failed' ? 'failed' : 'processing',
    error: f.status === 'failed' ? f.failureReason : null,
  }));
}

/** What stops a save among the entries: still sending, or refused / failed. */
export function uploadProblem(entries: readonly UploadEntry[]): string | null {
  if (entries.some((e) => e.phase === 'uploading')) return 'Please wait until the uploads have finished';
  if (entries.some((e) => e.phase === 'failed' || (e.error && !e.file))) return 'Remove the files that could not be uploaded or processed';
  return null;
}

export const idsOf = (entries: readonly UploadEntry[]) => entries.filter((e) => e.file).map((e) => e.file!._id);

/** Problems of a poll draft, as form field errors. */
export type PollProblem = { name: ['poll', 'options', number] | ['poll', 'expiresAt']; errors: string[] };

export function pollProblems(poll: PollDraft): PollProblem[] {
  const problems: PollProblem[] = [];
  const seen = new Set<string>();
  poll.options.forEach((raw, i) => {
    const text = (raw ?? '').trim();
    const key = text.toLocaleLowerCase();
    if (!text) problems.push({ name: ['poll', 'options', i], errors: ['Please enter an option'] });
    else if (text.length > POLL_OPTION_MAX) problems.push({ name: ['poll', 'options', i], errors: [`At most ${POLL_OPTION_MAX} characters`] });
    else if (seen.has(key)) problems.push({ name: ['poll', 'options', i], errors: ['Options must all be different'] });
    seen.add(key);
  });
  if (poll.expiresAt && !poll.expiresAt.isAfter(dayjs())) problems.push({ name: ['poll', 'expiresAt'], errors: ['Pick a time in the future'] });
  return problems;
}

export function pollBody(poll: PollDraft): CreatePollBody {
  return {
    ...(poll.question.trim() ? { question: poll.question.trim() } : {}),
    options: poll.options.map((o) => o.trim()),
    ...(poll.expiresAt ? { expiresAt: poll.expiresAt.toISOString() } : {}),
  };
}

/** The form's first values: defaults for a new post, the post's own for an edit. */
export function initialValues(feed?: Feed): ComposerValues {
  if (!feed) return { ...ACCESS_DEFAULTS, text: '', isPinned: false };
  return { ...accessValuesOf(feed), text: bioToText(feed.text), isPinned: feed.isPinned };
}
