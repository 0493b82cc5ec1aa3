import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { root } from './processes';

export interface RouteScripts {
  route: string;
  /** Gzip bytes of every script the route's first load runs (shared runtime, `_app`, the page). */
  gzipBytes: number;
  files: string[];
}

interface BuildManifest {
  rootMainFiles?: string[];
  polyfillFiles?: string[];
  pages: Record<string, string[]>;
}

const NOT_ROUTES = new Set(['/_app', '/_document', '/_error']);

/**
 * First Load JS per page route, as Next counts it, from `.next/build-manifest.json`: the scripts a
 * browser fetches before the page is interactive. Polyfills are left out (`nomodule`: modern
 * browsers skip them). `/_app` is listed on its own as the part every page shares.
 */
export function firstLoadJs(nextDir = path.join(root, '.next')): RouteScripts[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(nextDir, 'build-manifest.json'), 'utf8')) as BuildManifest;
  const gzipped = new Map<string, number>();
  const sizeOf = (file: string) => {
    if (!gzipped.has(file)) gzipped.set(file, zlib.gzipSync(fs.readFileSync(path.join(nextDir, file))).length);
    return gzipped.get(file)!;
  };
  const shared = [...(manifest.rootMainFiles ?? []), ...(manifest.pages['/_app'] ?? [])];
  const routes = ['/_app', ...Object.keys(manifest.pages).filter((r) => !NOT_ROUTES.has(r)).sort()];
  return routes.map((route) => {
    const files = [...new Set([...shared, ...(route === '/_app' ? [] : manifest.pages[route])])].filter((f) => f.endsWith('.js'));
    return { route, files, gzipBytes: files.reduce((sum, f) => sum + sizeOf(f), 0) };
  });
}

export const kB = (bytes: number) => Math.round(bytes / 1024);
