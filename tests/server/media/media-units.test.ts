import { sniffMedia, wrongKindMessage } from '../../../src/server/media/media-sniff';
import { parseRangeHeader } from '../../../src/server/modules/files/range-header';
import { attachmentDisposition, checkFileName, downloadName } from '../../../src/server/media/file-name';
import { FfmpegError, parseProbe, runFfmpeg } from '../../../src/server/media/ffmpeg';
import { createUrlSigner } from '../../../src/server/media/signed-url';
import { resolveRange } from '../../../src/server/storage/storage';
import { epub, FFMPEG, gif, pdf, pngWithAlpha, tinyAudio, tinyVideo, webp, zip } from '../../support/media-fixtures';

jest.setTimeout(60_000);

describe('sniffMedia', () => {
  it.each([
    ['JPEG', () => Buffer.from('ffd8ffe000104a464946000101', 'hex'), 'image', 'jpg'],
    ['PNG', pngWithAlpha, 'image', 'png'],
    ['GIF', gif, 'image', 'gif'],
    ['WebP', webp, 'image', 'webp'],
    ['MP4', () => tinyVideo('mp4'), 'video', 'mp4'],
    ['WebM', () => tinyVideo('webm'), 'video', 'webm'],
    ['QuickTime', () => tinyVideo('mov'), 'video', 'mov'],
    ['MP3 (ID3)', () => tinyAudio('mp3'), 'audio', 'mp3'],
    ['MP3 (frame sync)', () => Buffer.from('fffb9064000000', 'hex'), 'audio', 'mp3'],
    ['ADTS AAC', () => Buffer.from('fff15080021ffc', 'hex'), 'audio', 'aac'],
    ['M4A', () => tinyAudio('m4a'), 'audio', 'm4a'],
    ['Ogg', () => tinyAudio('ogg'), 'audio', 'ogg'],
    ['WAV', () => tinyAudio('wav'), 'audio', 'wav'],
    ['FLAC', () => tinyAudio('flac'), 'audio', 'flac'],
    ['PDF', pdf, 'document', 'pdf'],
    ['ZIP', () => zip({ 'a.txt': 'a' }), 'document', 'zip'],
    ['EPUB', epub, 'document', 'epub'],
  ])('%s', async (_label, make, kind, ext) => {
    expect(sniffMedia((await make()).subarray(0, 64))).toMatchObject({ kind, ext });
  });

  it.each([
    ['HTML', '<!doctype html><html>'],
    ['SVG', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['TIFF', Buffer.from('49492a0008000000', 'hex')],
    ['HEIC', Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic', 'latin1'), Buffer.alloc(16)])],
    ['text', 'just some words'],
    ['nothing', ''],
    ['a reserved MPEG layer', Buffer.from('ffe9000000', 'hex')],
  ])('refuses %s', (_label, bytes) => {
    expect(sniffMedia(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes))).toBeNull();
  });

  it('words the allowed kinds', () => {
    expect(wrongKindMessage('file', ['image'])).toBe('file must be an image (JPEG, PNG, WebP or GIF)');
    expect(wrongKindMessage('media', ['image', 'video', 'audio'])).toBe(
      'media must be an image (JPEG, PNG, WebP or GIF), a video (MP4, MOV, WebM or MKV) or an audio file (MP3, M4A, AAC, Ogg, WAV or FLAC)',
    );
  });
});

describe('file names', () => {
  it('keeps ordinary names (trimmed, at most 255 characters) and refuses paths and control characters', () => {
    expect(checkFileName('  Summer 2025 (final).MOV ', 'file')).toBe('Summer 2025 (final).MOV');
    expect(checkFileName('été.jpg', 'file')).toBe('été.jpg');
    expect(checkFileName('a'.repeat(300), 'file')).toHaveLength(255);
    for (const bad of ['../a.jpg', 'a/b.jpg', 'a\\b.jpg', 'a\u0000.jpg', 'a\u001b[31m.jpg', 'a\u007f.jpg', '..']) {
      expect(() => checkFileName(bad, 'file')).toThrow('The file name is not allowed');
    }
  });

  it('downloads take the served extension and survive any characters in the header', () => {
    expect(downloadName('holiday.MOV', 'mp4')).toBe('holiday.mp4');
    expect(downloadName('', 'pdf')).toBe('file.pdf');
    expect(attachmentDisposition('a "b"\r\n.pdf')).toBe(`attachment; filename="a _b___.pdf"; filename*=UTF-8''a%20%22b%22%0D%0A.pdf`);
  });
});

describe('ranges', () => {
  it('parses one bytes range and ignores anything else', () => {
    expect(parseRangeHeader('bytes=0-99')).toEqual({ start: 0, end: 99 });
    expect(parseRangeHeader('bytes=100-')).toEqual({ start: 100, end: undefined });
    expect(parseRangeHeader('bytes=-500')).toEqual({ suffix: 500 });
    for (const ignored of [undefined, '', 'bytes=', 'bytes=-', 'bytes=9-1', 'bytes=0-1,3-4', 'lines=0-1', 'bytes=a-b']) {
      expect(parseRangeHeader(ignored)).toBeNull();
    }
  });

  it('clamps to the object and refuses ranges past its end', () => {
    expect(resolveRange({ start: 5, end: 1000 }, 10)).toEqual({ start: 5, end: 9 });
    expect(resolveRange({ suffix: 50 }, 10)).toEqual({ start: 0, end: 9 });
    expect(() => resolveRange({ start: 10 }, 10)).toThrow('Range not satisfiable');
    expect(() => resolveRange({ suffix: 0 }, 10)).toThrow('Range not satisfiable');
    expect(() => resolveRange({ start: 0 }, 0)).toThrow('Range not satisfiable');
  });
});

describe('parseProbe', () => {
  it('reads duration and the first video and audio streams, not the codec tag', () => {
    const probe = parseProbe(`Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'in.mp4':
  Duration: 00:01:02.50, start: 0.000000, bitrate: 134 kb/s
    Stream #0:0(und): Video: h264 (High) (avc1 / 0x31637661), yuv420p(tv, bt709), 1920x1080 [SAR 1:1 DAR 16:9], 51 kb/s, 30 fps
    Stream #0:1(und): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, stereo, fltp, 128 kb/s (default)`);
    expect(probe).toEqual({ durationMs: 62_500, video: { codec: 'h264', width: 1920, height: 1080 }, audio: { codec: 'aac' } });
    expect(parseProbe('in.mp4: Invalid data found when processing input')).toEqual({ durationMs: null, video: null, audio: null });
  });
});

describe('runFfmpeg', () => {
  const endless = ['-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=30', '-f', 'null', '-'];
  it('kills a run past its timeout or when aborted, and tells a missing binary from a bad input', async () => {
    await expect(runFfmpeg(endless, { ffmpegPath: FFMPEG, timeoutMs: 300 })).rejects.toMatchObject({ reason: 'timeout' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(runFfmpeg(endless, { ffmpegPath: FFMPEG, timeoutMs: 60_000, signal: controller.signal })).rejects.toMatchObject({ reason: 'aborted' });
    await expect(runFfmpeg(['-i', '/nonexistent.mp4', 'x.mp4'], { ffmpegPath: FFMPEG, timeoutMs: 10_000 })).rejects.toMatchObject({ reason: 'failed' });
    const missing = runFfmpeg(['-version'], { ffmpegPath: '/nonexistent/ffmpeg', timeoutMs: 10_000 });
    await expect(missing).rejects.toBeInstanceOf(FfmpegError);
    await expect(missing).rejects.toMatchObject({ reason: 'unavailable' });
  });
});

describe('signed URLs', () => {
  const secret = new TextEncoder().encode('x'.repeat(40));
  it('round the expiry up to 15 minutes past the TTL and keep one URL within a step', () => {
    let now = Date.UTC(2026, 0, 1, 12, 0, 5);
    const signer = createUrlSigner({ secret, ttlSeconds: 3600, baseUrl: 'http://api/files/media', now: () => now });
    const first = signer.url('media/u/f/main.mp4');
    expect(new URL(first).searchParams.get('exp')).toBe(String(Date.UTC(2026, 0, 1, 13, 15) / 1000));
    now += 14 * 60 * 1000;
    expect(signer.url('media/u/f/main.mp4')).toBe(first);
    expect(signer.check('media/u/f/main.mp4', Object.fromEntries(new URL(first).searchParams))).toBe('valid');
    now = Date.UTC(2026, 0, 1, 13, 15);
    expect(signer.check('media/u/f/main.mp4', Object.fromEntries(new URL(first).searchParams))).toBe('expired');
    expect(signer.check('media/u/f/other.mp4', Object.fromEntries(new URL(first).searchParams))).toBe('invalid');
  });
});
