import type { MediaFileView } from '@/common/contract/media';
import type { Video } from '@/common/contract/videos';

let seq = 0;
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const CREATOR_ID = uuid(900);

export function makeFile(overrides: Partial<MediaFileView> = {}): MediaFileView {
  seq += 1;
  return {
    _id: uuid(seq),
    type: 'video',
    kind: 'video',
    status: 'ready',
    failureReason: null,
    url: `http://api.test/files/media/${CREATOR_ID}/${uuid(seq)}/main.mp4?exp=1&sig=s`,
    thumbnails: [`http://api.test/files/media/${CREATOR_ID}/${uuid(seq)}/thumb.webp?exp=1&sig=s`],
    preview: `http://api.test/files/media/${CREATOR_ID}/${uuid(seq)}/preview.webp?exp=1&sig=s`,
    width: 1280,
    height: 720,
    duration: 65,
    mimeType: 'video/mp4',
    size: 1000,
    name: 'clip.mp4',
    isLocked: false,
    ...overrides,
  };
}

/** The main file as a viewer without access gets it: no URL, the blurred preview as its picture. */
export function lockedFile(overrides: Partial<MediaFileView> = {}): MediaFileView {
  const file = makeFile(overrides);
  return { ...file, url: null, thumbnails: [file.preview!], isLocked: true, ...overrides };
}

export function makeVideo(overrides: Partial<Video> = {}): Video {
  seq += 1;
  return {
    _id: uuid(seq),
    performerId: CREATOR_ID,
    title: `Video ${seq}`,
    description: 'A description',
    tags: ['travel'],
    video: makeFile(),
    thumbnail: null,
    teaser: null,
    duration: 65,
    performer: { _id: CREATOR_ID, name: 'Creator', username: 'creator', avatar: '', isPerformer: true, createdAt: '2025-01-01T00:00:00.000Z' },
    access: 'free',
    price: 0,
    isLocked: false,
    unlockedBy: 'free',
    isSubscribed: false,
    isBought: false,
    status: 'active',
    publishAt: '2025-03-01T10:00:00.000Z',
    isScheduled: false,
    isHidden: false,
    hiddenReason: null,
    stats: { likes: 3, bookmarks: 1, comments: 0, views: 1234 },
    isLiked: false,
    isBookmarked: false,
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}
