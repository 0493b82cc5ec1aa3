import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { buildWeb, webBuildIsStale } from '../lib/build';
import { firstLoadJs, kB } from '../lib/first-load-js';
import { root } from '../lib/processes';

/**
 * What a route's First Load JS is made of (issue 17): every script of the route's first load is
 * split through the build's source maps into the package or source folder each byte came from,
 * and each file's gzip size is shared out in proportion, so a figure reads "antd 96 kB" rather
 * than a chunk hash.
 *   npx tsx scripts/bench/web-bytes.ts [route…]       default: /_app /
 * `BYTES_DEPTH` (default 4) is how many folders of our own paths name a row; `BYTES_TOP` (30) the
 * rows printed; `BYTES_SOURCES=antd` lists the files of the packages whose name contains it.
 * Builds with browser source maps (BROWSER_SOURCE_MAPS=1) when the current build has none or is stale.
 */
const nextDir = path.join(root, '.next');
const routes = process.argv.slice(2).length ? process.argv.slice(2) : ['/_app', '/'];
const DEPTH = Number(process.env.BYTES_DEPTH ?? 4);
const TOP = Number(process.env.BYTES_TOP ?? 30);
const SOURCES = process.env.BYTES_SOURCES;

type SectionedMap = RawSourceMap & { sections?: { offset: { line: number; column: number }; map: RawSourceMap }[] };

function rowOf(source: string): string {
  const clean = source.replace(/^.*node_modules\//, 'nm/').replace('turbopack:///[project]/', '');
  const parts = clean.split('/');
  if (SOURCES && parts[0] === 'nm' && parts.slice(1, 3).join('/').includes(SOURCES)) return clean;
  if (parts[0] === 'nm') return parts.slice(0, parts[1]?.startsWith('@') ? 3 : 2).join('/');
  return parts.slice(0, DEPTH).join('/');
}

/** Raw bytes per row for one generated file: each mapping owns the text up to the next one. */
function rawBytesBySource(file: string): Map<string, number> {
  const code = fs.readFileSync(path.join(nextDir, file), 'utf8');
  const lines = code.split('\n');
  const out = new Map<string, number>();
  const add = (row: string, n: number) => out.set(row, (out.get(row) ?? 0) + n);
  const mapName = /sourceMappingURL=(\S+)\s*$/.exec(code)?.[1];
  const mapPath = mapName && path.join(nextDir, path.dirname(file), mapName);
  if (!mapPath || !fs.existsSync(mapPath)) {
    add(`(no map) ${path.basename(file)}`, Buffer.byteLength(code));
    return out;
  }
  const map = JSON.parse(fs.readFileSync(mapPath, 'utf8')) as SectionedMap;
  const sections = map.sections ?? [{ offset: { line: 0, column: 0 }, map }];
  // Every mapping as an absolute (line, column) start with its row; sorted, each runs to the next.
  const marks: { line: number; column: number; row: string }[] = [];
  for (const section of sections) {
    const consumer = new SourceMapConsumer(section.map);
    consumer.eachMapping((m) => {
      const line = m.generatedLine - 1 + section.offset.line;
      const column = m.generatedLine === 1 ? m.generatedColumn + section.offset.column : m.generatedColumn;
      marks.push({ line, column, row: m.source ? rowOf(m.source) : '(generated)' });
    });
  }
  marks.sort((a, b) => a.line - b.line || a.column - b.column);
  for (let i = 0; i < marks.length; i += 1) {
    const mark = marks[i];
    const next = marks[i + 1];
    let n: number;
    if (next && next.line === mark.line) n = next.column - mark.column;
    else {
      n = (lines[mark.line]?.length ?? 0) - mark.column + 1;
      for (let l = mark.line + 1; next ? l < next.line : l < lines.length; l += 1) n += lines[l].length + 1;
      if (next) n += next.column;
    }
    add(mark.row, n);
  }
  const before = marks.length ? lines.slice(0, marks[0].line).reduce((s, l) => s + l.length + 1, 0) + marks[0].column : code.length;
  add('(generated)', Math.max(0, before));
  return out;
}

function main() {
  const chunks = path.join(nextDir, 'static', 'chunks');
  if (!fs.existsSync(chunks) || !fs.readdirSync(chunks).some((f) => f.endsWith('.js.map')) || webBuildIsStale()) {
    process.env.BROWSER_SOURCE_MAPS = '1';
    buildWeb();
  }
  const all = firstLoadJs(nextDir);
  for (const route of routes) {
    const entry = all.find((r) => r.route === route);
    if (!entry) {
      console.error(`no route ${route} in the build manifest`);
      continue;
    }
    const gzipBySource = new Map<string, number>();
    for (const file of entry.files) {
      const code = fs.readFileSync(path.join(nextDir, file));
      const gzip = zlib.gzipSync(code).length;
      const raw = rawBytesBySource(file);
      const total = [...raw.values()].reduce((s, n) => s + n, 0) || 1;
      for (const [row, n] of raw) gzipBySource.set(row, (gzipBySource.get(row) ?? 0) + (gzip * n) / total);
    }
    const rows = [...gzipBySource.entries()].sort((a, b) => b[1] - a[1]);
    console.log(`\n${route}: ${kB(entry.gzipBytes)} kB gzip in ${entry.files.length} files`);
    for (const [row, bytes] of rows.slice(0, TOP)) console.log(`${(bytes / 1024).toFixed(1).padStart(7)} kB  ${row}`);
    const rest = rows.slice(TOP).reduce((s, [, n]) => s + n, 0);
    if (rest) console.log(`${(rest / 1024).toFixed(1).padStart(7)} kB  (${rows.length - TOP} more)`);
  }
}

main();
