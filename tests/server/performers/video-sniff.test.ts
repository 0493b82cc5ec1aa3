import { sniffVideo } from '../../../src/server/media/video-sniff';

const box = (brand: string, size = 0x18) =>
  Buffer.concat([Buffer.from([0, 0, 0, size]), Buffer.from(`ftyp${brand}`, 'latin1'), Buffer.alloc(40)]);
/** EBML header: magic, size, version fields, then the DocType element (id 4282, one-byte size). */
const ebml = (docType: string) =>
  Buffer.concat([
    Buffer.from('1a45dfa39f4286810142f7810142f2810442f38108', 'hex'),
    Buffer.from([0x42, 0x82, 0x80 + docType.length]),
    Buffer.from(docType),
    Buffer.alloc(20),
  ]);

describe('sniffVideo', () => {
  it.each([
    ['MP4 (isom)', box('isom'), 'mp4'],
    ['MP4 (mp42)', box('mp42'), 'mp4'],
    ['iPhone video (qt)', box('qt  '), 'mov'],
    ['WebM', ebml('webm'), 'webm'],
    ['Matroska', ebml('matroska'), 'mkv'],
  ])('recognises %s', (_label, bytes, ext) => {
    expect(sniffVideo(bytes)?.ext).toBe(ext);
  });

  it.each([
    ['HEIC photo', box('heic')],
    ['AVIF image', box('avif')],
    ['M4A audio', box('M4A ')],
    ['a box too small to be one', box('isom', 4)],
    ['JPEG', Buffer.from('ffd8ffe000104a46494600', 'hex')],
    ['HTML', Buffer.from('<html><script>alert(1)</script></html>')],
    ['"ftyp" at the wrong offset', Buffer.from('ftypisom00000000')],
    ['nothing', Buffer.alloc(0)],
  ])('refuses %s', (_label, bytes) => {
    expect(sniffVideo(bytes)).toBeNull();
  });
});
