import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { buildWeb, webBuildIsStale } from '../lib/build';
import { root } from '../lib/processes';
import { startSite } from '../lib/start-site';

/**
 * Where a page load's main-thread time goes (issue 17): Chromium loads each page three times at a
 * phone's width with the CPU slowed 4× (as Lighthouse's mobile run assumes), V8's sampling profiler
 * records it, and the self time is summed per package or source folder through the build's source
 * maps, so a figure reads "react-dom 440 ms, rc-tabs 255 ms", not a chunk hash.
 *   npx tsx scripts/bench/web-profile.ts [page…]      default: / /aurora /creator
 * Builds the web with browser source maps (BROWSER_SOURCE_MAPS=1, next.config.js) when the current
 * build has none. `(program)` is the browser's own work: parsing, style, layout, paint.
 */
const chunksDir = path.join(root, '.next', 'static', 'chunks');
const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/aurora', '/creator'];
const RUNS = 3;

type Section = { line: number; column: number; consumer: SourceMapConsumer };
const sectionsByUrl = new Map<string, Section[] | null>();

function sectionsOf(url: string): Section[] | null {
  if (sectionsByUrl.has(url)) return sectionsByUrl.get(url)!;
  let sections: Section[] | null = null;
  const chunk = /\/_next\/static\/chunks\/([^?]+\.js)/.exec(url)?.[1];
  if (chunk) {
    const code = fs.readFileSync(path.join(chunksDir, chunk), 'utf8');
    const mapFile = /sourceMappingURL=(\S+)\s*$/.exec(code)?.[1];
    if (mapFile) {
      const map = JSON.parse(fs.readFileSync(path.join(chunksDir, mapFile), 'utf8')) as RawSourceMap & { sections?: { offset: { line: number; column: number }; map: RawSourceMap }[] };
      sections = (map.sections ?? [{ offset: { line: 0, column: 0 }, map }]).map((s) => ({ ...s.offset, consumer: new SourceMapConsumer(s.map) }));
    }
  }
  sectionsByUrl.set(url, sections);
  return sections;
}

/** `nm/<package>` for dependencies, the first folders of the path for our sources. */
function sourceOf(url: string, line: number, column: number): string {
  const sections = sectionsOf(url);
  if (!sections) return url.replace(/^https?:\/\/[^/]+/, '') || '(anonymous)';
  const section = sections.filter((s) => s.line < line || (s.line === line && s.column <= column)).at(-1) ?? sections[0];
  const original = section.consumer.originalPositionFor({ line: line - section.line + 1, column: line === section.line ? column - section.column : column });
  const source = (original.source ?? '?').replace(/^.*node_modules\//, 'nm/').replace('turbopack:///[project]/', '');
  const parts = source.split('/');
  if (parts[0] === 'nm') return parts.slice(0, parts[1]?.startsWith('@') ? 3 : 2).join('/');
  return parts.slice(0, 4).join('/');
}

async function main() {
  if (!fs.existsSync(chunksDir) || !fs.readdirSync(chunksDir).some((f) => f.endsWith('.js.map')) || webBuildIsStale()) {
    process.env.BROWSER_SOURCE_MAPS = '1';
    buildWeb();
  }
  const site = await startSite();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
  try {
    await site.settle();
    for (const page of pages) {
      const selfMs = new Map<string, number>();
      let scriptMs = 0;
      for (let run = 0; run < RUNS; run += 1) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
        const tab = await context.newPage();
        const cdp = await context.newCDPSession(tab);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
        await tab.goto(site.webUrl + page, { waitUntil: 'load' });
        await tab.waitForTimeout(4000);
        const { profile } = await cdp.send('Profiler.stop');
        const nodes = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
        profile.samples!.forEach((id, i) => {
          const frame = nodes.get(id)!;
          const ms = (profile.timeDeltas![i + 1] ?? 0) / 1000;
          const key = frame.url ? sourceOf(frame.url, frame.lineNumber, frame.columnNumber) : `(${frame.functionName.replace(/[()]/g, '')})`;
          if (key !== '(idle)') selfMs.set(key, (selfMs.get(key) ?? 0) + ms);
          if (frame.url) scriptMs += ms;
        });
        await context.close();
      }
      const busy = [...selfMs.values()].reduce((a, b) => a + b, 0);
      console.log(`\n${page}: main thread busy ${(busy / RUNS).toFixed(0)} ms per load, ${(scriptMs / RUNS).toFixed(0)} ms of it in scripts (4× slower CPU, ${RUNS} loads)`);
      for (const [key, ms] of [...selfMs].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 20))) {
        console.log(`${(ms / RUNS).toFixed(0).padStart(7)} ms  ${key}`);
      }
    }
  } finally {
    await browser.close();
    await site.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
