import sharp from 'sharp';
import type { Random } from './prng';

/**
 * Demo pictures drawn from SVG, so no image files ship with the code. Text uses DejaVu Sans
 * (Debian's default font), falling back to whatever sans-serif fontconfig has.
 */
const FONT = 'DejaVu Sans, Arial, sans-serif';
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function gradient(id: string, [from, to]: [string, string], angle: number) {
  return `<linearGradient id="${id}" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

/** Soft translucent circles: enough texture that each cover looks different. */
function bubbles(rand: Random, width: number, height: number, n: number) {
  return Array.from({ length: n }, () => {
    const r = rand.int(height / 8, height / 1.6);
    return `<circle cx="${rand.int(0, width)}" cy="${rand.int(0, height)}" r="${r}" fill="#ffffff" fill-opacity="${(0.04 + rand.next() * 0.12).toFixed(2)}"/>`;
  }).join('');
}

/** A square with the initials on a flat colour (the original demo creators) or a gradient. */
export async function initialsAvatar(initials: string, colours: string | [string, string]): Promise<Buffer> {
  const fill = typeof colours === 'string' ? colours : 'url(#g)';
  const defs = typeof colours === 'string' ? '' : `<defs>${gradient('g', colours, 45)}</defs>`;
  const size = initials.length > 1 ? 220 : 260;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">${defs}
  <rect width="512" height="512" fill="${fill}"/>
  <text x="256" y="256" dy="0.35em" text-anchor="middle" font-family="${FONT}" font-size="${size}" font-weight="bold" fill="#ffffff">${escape(initials)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A 1500x500 cover: a gradient in the creator's colours with soft circles. */
export async function gradientCover(colours: [string, string], rand: Random): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="500">
  <defs>${gradient('g', colours, rand.int(0, 180))}</defs>
  <rect width="1500" height="500" fill="url(#g)"/>${bubbles(rand, 1500, 500, 9)}
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

/** A 1500x500 promo banner with a title and a line of text. */
export async function promoBanner(title: string, subtitle: string, colours: [string, string], rand: Random): Promise<Buffer> {
  // Shrinks long lines to fit 1300px (DejaVu Sans averages ~0.62em a character in bold, ~0.55em regular).
  const titleSize = Math.min(92, Math.floor(1300 / (title.length * 0.62)));
  const subtitleSize = Math.min(44, Math.floor(1300 / (subtitle.length * 0.55)));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="500">
  <defs>${gradient('g', colours, 20)}</defs>
  <rect width="1500" height="500" fill="url(#g)"/>${bubbles(rand, 1500, 500, 6)}
  <text x="100" y="230" font-family="${FONT}" font-size="${titleSize}" font-weight="bold" fill="#ffffff">${escape(title)}</text>
  <text x="104" y="320" font-family="${FONT}" font-size="${subtitleSize}" fill="#ffffff" fill-opacity="0.9">${escape(subtitle)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
}
