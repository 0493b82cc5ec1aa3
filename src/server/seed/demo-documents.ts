import sharp from 'sharp';

/**
 * The identity images of the demo creator waiting for review, drawn from SVG like the other demo
 * pictures: an obviously fake ID card ("SPECIMEN", no real data) and a selfie of a drawn figure
 * holding it. JPEG, as a phone camera would send them; the registration pipeline re-encodes them.
 */
const FONT = 'DejaVu Sans, Arial, sans-serif';
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface DocumentHolder {
  name: string;
  initials: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  country: string;
  colour: string;
}

/** A card face: the holder's drawn portrait, name, birth date, country and a document number. */
function cardFace(p: DocumentHolder, x: number, y: number, scale: number): string {
  const row = (label: string, value: string, at: number) =>
    `<text x="330" y="${at}" font-family="${FONT}" font-size="22" fill="#5b6770">${label}</text>`
    + `<text x="330" y="${at + 34}" font-family="${FONT}" font-size="30" font-weight="bold" fill="#1d2429">${escape(value)}</text>`;
  return `<g transform="translate(${x} ${y}) scale(${scale})">
  <rect width="1000" height="630" rx="36" fill="#f4f1e8" stroke="#c9c2ad" stroke-width="4"/>
  <rect width="1000" height="110" rx="36" fill="${p.colour}"/><rect y="74" width="1000" height="36" fill="${p.colour}"/>
  <text x="48" y="72" font-family="${FONT}" font-size="40" font-weight="bold" fill="#ffffff">DEMO IDENTITY CARD</text>
  <rect x="48" y="150" width="240" height="300" rx="16" fill="${p.colour}" fill-opacity="0.25"/>
  <circle cx="168" cy="260" r="70" fill="${p.colour}"/>
  <rect x="88" y="345" width="160" height="105" rx="60" fill="${p.colour}"/>
  <text x="168" y="260" dy="0.35em" text-anchor="middle" font-family="${FONT}" font-size="56" font-weight="bold" fill="#ffffff">${escape(p.initials)}</text>
  ${row('Name', p.name, 170)}${row('Date of birth', p.dateOfBirth, 260)}${row('Nationality', p.country, 350)}${row('Document no.', 'DEMO-000000', 440)}
  <text x="520" y="560" text-anchor="middle" font-family="${FONT}" font-size="54" font-weight="bold" fill="#d33" fill-opacity="0.35" transform="rotate(-6 520 540)">SPECIMEN · NOT VALID</text>
</g>`;
}

/** A 1000x630 photo of the ID card. */
export async function identityCardImage(p: DocumentHolder): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="630">${cardFace(p, 0, 0, 1)}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** An 800x800 selfie: a drawn person against a wall, holding the same card beside their face. */
export async function selfieWithCardImage(p: DocumentHolder): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">
  <rect width="800" height="800" fill="#d9dde3"/>
  <rect y="560" width="800" height="240" fill="#c4cad2"/>
  <rect x="150" y="470" width="300" height="330" rx="120" fill="${p.colour}"/>
  <circle cx="300" cy="330" r="120" fill="#e8c4a4"/>
  <path d="M180 300 Q300 170 420 300 Q410 210 300 200 Q190 210 180 300Z" fill="#5a3d2b"/>
  <circle cx="258" cy="330" r="10" fill="#2b2b2b"/><circle cx="342" cy="330" r="10" fill="#2b2b2b"/>
  <path d="M262 385 Q300 410 338 385" stroke="#8a4b3b" stroke-width="7" fill="none" stroke-linecap="round"/>
  ${cardFace(p, 430, 300, 0.34)}
  <rect x="440" y="480" width="60" height="120" rx="28" fill="#e8c4a4"/>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}
