import { FALLBACK_THUMBNAIL, pickThumbnail } from '@/common/lib/thumbnail';

const photo = (t: string) => ({ type: 'feed-photo', thumbnails: [t] });
const video = (t: string) => ({ type: 'feed-video', thumbnails: [t] });

describe('pickThumbnail (spec 3 order)', () => {
  it('prefers the item\'s own thumbnail', () => {
    expect(pickThumbnail({ thumbnail: { url: '/t.jpg' }, files: [photo('/p.jpg')], teaser: { thumbnails: ['/teaser.jpg'] } })).toBe('/t.jpg');
    expect(pickThumbnail({ thumbnail: { url: '/t.jpg', thumbnails: ['/t-small.webp'] } })).toBe('/t-small.webp');
  });

  it('then the first photo\'s thumbnail, even after videos', () => {
    expect(pickThumbnail({ files: [video('/v.jpg'), photo('/p1.jpg'), photo('/p2.jpg')], teaser: { thumbnails: ['/teaser.jpg'] } })).toBe('/p1.jpg');
  });

  it('then the teaser\'s thumbnail before the first video\'s', () => {
    expect(pickThumbnail({ files: [video('/v.jpg')], teaser: { thumbnails: ['/teaser.jpg'] } })).toBe('/teaser.jpg');
  });

  it('then the first video\'s thumbnail', () => {
    expect(pickThumbnail({ files: [{ type: 'feed-video', thumbnails: [] }, video('/v2.jpg')] })).toBe('/v2.jpg');
  });

  it('skips files without thumbnails and empty parts, then falls back', () => {
    expect(pickThumbnail({ thumbnail: null, files: [{ type: 'feed-photo', thumbnails: [] }, { type: 'feed-audio' }], teaser: { thumbnails: [] } })).toBe(FALLBACK_THUMBNAIL);
    expect(pickThumbnail({})).toBe(FALLBACK_THUMBNAIL);
    expect(pickThumbnail({}, '/mine.svg')).toBe('/mine.svg');
  });
});
