import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { resolveFfmpegPath, runFfmpeg } from '../media/ffmpeg';
import type { Random } from './prng';

/**
 * Demo content files made on the spot: pictures drawn from SVG, short clips and a tone rendered
 * by the bundled ffmpeg, and a one-page PDF. Nothing is downloaded and nothing binary ships.
 */
const FONT = 'DejaVu Sans, Arial, sans-serif';
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Hills, sun and a caption in the creator's colours; each call draws a different scene. */
export async function scenePicture(caption: string, colours: [string, string], rand: Random, width = 640, height = 480): Promise<Buffer> {
  const [from, to] = colours;
  const sunX = rand.int(width * 0.15, width * 0.85);
  const sunY = rand.int(height * 0.3, height * 0.48);
  const hills = Array.from({ length: 3 }, (_, i) => {
    const base = height * (0.55 + i * 0.14);
    const points = Array.from({ length: 7 }, (__, j) => `${Math.round((j / 6) * width)},${Math.round(base - rand.int(0, height * 0.18))}`);
    return `<polygon points="0,${height} ${points.join(' ')} ${width},${height}" fill="#000" fill-opacity="${(0.18 + i * 0.14).toFixed(2)}"/>`;
  }).join('');
  const size = Math.min(56, Math.floor((width * 0.9) / Math.max(8, caption.length * 0.6)));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#g)"/>
  <circle cx="${sunX}" cy="${sunY}" r="${rand.int(40, 90)}" fill="#fff" fill-opacity="0.8"/>${hills}
  <text x="${width / 2}" y="${Math.round(height * 0.14)}" text-anchor="middle" font-family="${FONT}" font-size="${size}" font-weight="bold" fill="#fff" fill-opacity="0.92">${escape(caption)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
}

/** A product shot: the name on a rounded card over the creator's gradient, square. */
export async function productPicture(name: string, colours: [string, string]): Promise<Buffer> {
  const size = Math.min(64, Math.floor(720 / Math.max(6, name.length * 0.62)));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colours[0]}"/><stop offset="1" stop-color="${colours[1]}"/></linearGradient></defs>
  <rect width="800" height="800" fill="url(#g)"/>
  <rect x="120" y="220" width="560" height="360" rx="36" fill="#fff" fill-opacity="0.9"/>
  <text x="400" y="400" dy="0.35em" text-anchor="middle" font-family="${FONT}" font-size="${size}" font-weight="bold" fill="#1f2933">${escape(name)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

async function render(args: string[], ext: string): Promise<Buffer> {
  const ffmpegPath = await resolveFfmpegPath(process.env.FFMPEG_PATH || null);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cp-demo-media-'));
  const out = path.join(dir, `clip.${ext}`);
  try {
    await runFfmpeg(['-loglevel', 'error', ...args, '-y', out], { ffmpegPath, timeoutMs: 60_000 });
    return await fs.readFile(out);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * A two-second clip with a tone: a zoom into ffmpeg's Mandelbrot source, hue-shifted so creators'
 * clips differ. Uploaded as it is, then transcoded by the media pipeline like any creator's video.
 */
export const demoClip = (hue: number, seconds = 2) =>
  render([
    '-f', 'lavfi', '-i', 'mandelbrot=size=480x270:rate=15:start_scale=1.5:end_scale=0.3',
    '-f', 'lavfi', '-i', `sine=frequency=${330 + (hue % 5) * 55}:duration=${seconds}`,
    '-t', String(seconds), '-vf', `hue=h=${hue}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest',
  ], 'mp4');

/** A few seconds of a soft chord, as AAC in M4A. */
export const demoAudio = (seconds = 4) =>
  render([
    '-f', 'lavfi', '-i', `sine=frequency=262:duration=${seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=330:duration=${seconds}`,
    '-filter_complex', 'amix=inputs=2,volume=0.6', '-c:a', 'aac', '-f', 'ipod',
  ], 'm4a');

/** A one-page PDF with a title and a line of text (what a digital product's buyer downloads). */
export function demoPdf(title: string, line: string): Buffer {
  const text = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
  const stream = `BT /F1 28 Tf 72 720 Td (${text(title)}) Tj ET\nBT /F1 14 Tf 72 680 Td (${text(line)}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
