import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { firstLoadJs, kB } from '../lib/first-load-js';
import { buildWebIfStale } from '../lib/build';
import { startSite, type RunningSite } from '../lib/start-site';

/**
 * Web performance figures (issue 17), one table per part, on the production build with the demo
 * data on this machine:
 *   npx tsx scripts/bench/web.ts                    all parts
 *   BENCH_PARTS=js,html npx tsx scripts/bench/web.ts
 * Parts: js (First Load JS per route, gzip, from the build manifest), html (HTML and inline <style>
 * bytes), ssr (server-render throughput and p50 at 10 concurrent, BENCH_SECONDS each, default 10),
 * lighthouse (mobile, default simulated throttling: performance, LCP, TBT, CLS, accessibility;
 * Chromium at CHROMIUM_PATH or /usr/bin/chromium; the median of BENCH_LIGHTHOUSE_RUNS runs, default
 * 3; BENCH_LIGHTHOUSE_DIR=dir keeps each median report's JSON there, to read where the main thread's
 * time went). Measurements start once the demo content is drawn and transcoded (site.settle()).
 */
const parts = new Set((process.env.BENCH_PARTS ?? 'js,html,ssr,lighthouse').split(','));
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** BENCH_PAGES=/,/post: only these of each part's pages (`/post` for the demo post, `/auth/login` too). */
const pagesWanted = process.env.BENCH_PAGES?.split(',');

const pad = (s: string | number, n: number) => String(s).padStart(n);

function printJs() {
  console.log('\nFirst Load JS (gzip, kB)');
  for (const r of firstLoadJs()) console.log(`${r.route.padEnd(40)} ${pad(kB(r.gzipBytes), 6)}`);
}

/** A post of the demo creator, once the demo content (seeded in the background at start) is there. */
async function findPostPath(site: RunningSite): Promise<string> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${site.apiUrl}/user/feeds/search/aurora?limit=1`);
    const id = res.ok ? /"_id":"([0-9a-f-]{36})"/.exec(await res.text())?.[1] : undefined;
    if (id) return `/post/${id}`;
    await new Promise((r) => setTimeout(r, 2000));
  }
  throw new Error('no demo post appeared on /aurora within 3 minutes');
}

async function printHtml(site: RunningSite, pages: string[]) {
  console.log(`\n${'HTML'.padEnd(48)} ${pad('kB', 6)} ${pad('inline CSS kB', 14)}`);
  for (const page of pages) {
    const html = await (await fetch(site.webUrl + page)).text();
    const inline = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].reduce((sum, m) => sum + Buffer.byteLength(m[1]), 0);
    console.log(`${page.padEnd(48)} ${pad(kB(Buffer.byteLength(html)), 6)} ${pad(kB(inline), 14)}`);
  }
}

async function printSsr(site: RunningSite, pages: string[]) {
  console.log(`\nServer rendering, 10 concurrent, ${seconds} s each (${os.cpus().length} cores, API on the same machine)`);
  console.log(`${'page'.padEnd(48)} ${pad('req/s', 7)} ${pad('p50 ms', 7)} ${pad('p97.5 ms', 9)} ${pad('non-2xx', 8)}`);
  for (const page of pages) {
    for (let i = 0; i < 5; i += 1) await (await fetch(site.webUrl + page)).text();
    const result = await autocannon({ url: site.webUrl + page, connections: 10, duration: seconds });
    console.log(
      `${page.padEnd(48)} ${pad(result.requests.average.toFixed(1), 7)} ${pad(result.latency.p50, 7)} ${pad(result.latency.p97_5, 9)} ${pad(result.non2xx, 8)}`,
    );
  }
}

type LighthouseResult = {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
  runtimeError?: { code: string };
};

/**
 * One Lighthouse run of a page in a fresh Chromium, run again (up to three times) when Lighthouse
 * could not read its own trace: now and then it reports NO_NAVSTART with no figures, which would
 * otherwise count as a score of 0.
 */
async function lighthouseRun(url: string): Promise<LighthouseResult> {
  let lhr = await lighthouseAttempt(url);
  for (let retry = 0; lhr.runtimeError && retry < 2; retry += 1) {
    console.error(`[lighthouse] ${url}: ${lhr.runtimeError.code}, running it again`);
    lhr = await lighthouseAttempt(url);
  }
  return lhr;
}

async function lighthouseAttempt(url: string): Promise<LighthouseResult> {
  const { launch } = await import('chrome-launcher');
  const { default: lighthouse } = await import('lighthouse');
  const chrome = await launch({ chromePath: chromium, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    const run = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
    return run!.lhr as unknown as LighthouseResult;
  } finally {
    await chrome.kill();
  }
}

async function printLighthouse(site: RunningSite, pages: string[]) {
  console.log(`\nLighthouse, mobile (simulated throttling), the median of ${lighthouseRuns} runs by performance score`);
  console.log(`${'page'.padEnd(48)} ${pad('perf', 5)} ${pad('LCP s', 6)} ${pad('TBT ms', 7)} ${pad('CLS', 6)} ${pad('a11y', 5)}`);
  for (const page of pages) {
    const runs: LighthouseResult[] = [];
    for (let i = 0; i < lighthouseRuns; i += 1) runs.push(await lighthouseRun(site.webUrl + page));
    const score = (lhr: LighthouseResult, category: string) => Math.round((lhr.categories[category].score ?? 0) * 100);
    const lhr = runs.sort((a, b) => score(a, 'performance') - score(b, 'performance'))[Math.floor(runs.length / 2)];
    const keep = process.env.BENCH_LIGHTHOUSE_DIR;
    if (keep) {
      fs.mkdirSync(keep, { recursive: true });
      fs.writeFileSync(path.join(keep, `${page.replace(/\W+/g, '_').replace(/^_/, '') || 'home'}.json`), JSON.stringify(lhr));
    }
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    console.log(
      `${page.padEnd(48)} ${pad(score(lhr, 'performance'), 5)} ${pad((audit('largest-contentful-paint') / 1000).toFixed(1), 6)} ${pad(Math.round(audit('total-blocking-time')), 7)} ${pad(audit('cumulative-layout-shift').toFixed(3), 6)} ${pad(score(lhr, 'accessibility'), 5)}`,
    );
  }
}

async function main() {
  buildWebIfStale();
  if (parts.has('js')) printJs();
  if (!['html', 'ssr', 'lighthouse'].some((p) => parts.has(p))) return;
  const site = await startSite();
  try {
    const post = await findPostPath(site);
    await site.settle();
    const only = (list: string[]) => (pagesWanted ? list.filter((p) => pagesWanted.includes(p.startsWith('/post/') ? '/post' : p)) : list);
    if (parts.has('html')) await printHtml(site, only(['/', '/aurora', '/auth/login', post]));
    if (parts.has('ssr')) await printSsr(site, only(['/', '/aurora', '/auth/login']));
    // The pages by default; BENCH_PAGES can also ask for the sign-in page.
    if (parts.has('lighthouse')) await printLighthouse(site, only(['/', '/aurora', post, '/creator', ...(pagesWanted ? ['/auth/login'] : [])]));
  } finally {
    await site.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
