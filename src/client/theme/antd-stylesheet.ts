import fs from 'node:fs';
import path from 'node:path';

/**
 * Where the build writes antd's static stylesheet (scripts/lib/antd-stylesheet.ts) and the manifest
 * `_document` reads to link it. Server-only: `_document` is the one importer in the web.
 */
export const ANTD_STYLESHEET_DIR = 'public/_antd';
export const ANTD_STYLESHEET_MANIFEST = `${ANTD_STYLESHEET_DIR}/stylesheet.json`;

export interface AntdStylesheetManifest {
  /** Public path of the content-hashed file, served with a year of immutable caching (next.config.js). */
  href: string;
  bytes: number;
  /** The antd components it holds. */
  components: string[];
}

let cached: AntdStylesheetManifest | null | undefined;

/**
 * The manifest, read once per process in production (the file changes only with a build) and on
 * every call in development. Null when the sheet was never built: pages then render without
 * antd's first-paint styles and antd generates them in the browser.
 */
export function antdStylesheet(): AntdStylesheetManifest | null {
  if (cached !== undefined && process.env.NODE_ENV === 'production') return cached;
  try {
    cached = JSON.parse(fs.readFileSync(path.join(process.cwd(), ANTD_STYLESHEET_MANIFEST), 'utf8')) as AntdStylesheetManifest;
  } catch {
    console.warn(`[web] ${ANTD_STYLESHEET_MANIFEST} is missing: run \`npm run build\` (or \`npm run dev\`) to make antd's stylesheet`);
    cached = null;
  }
  return cached;
}
