import os from 'node:os';
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
 * Chromium at CHROMIUM_PATH or /usr/bin/chromium).
 */
const parts = new Set((process.env.BENCH_PARTS ?? 'js,html,ssr,lighthouse').split(','));
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

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

async function printLighthouse(site: RunningSite, pages: string[]) {
  const { launch } = await import('chrome-launcher');
  const { default: lighthouse } = await import('lighthouse');
  console.log('\nLighthouse, mobile (simulated throttling)');
  console.log(`${'page'.padEnd(48)} ${pad('perf', 5)} ${pad('LCP s', 6)} ${pad('TBT ms', 7)} ${pad('CLS', 6)} ${pad('a11y', 5)}`);
  for (const page of pages) {
    const chrome = await launch({ chromePath: chromium, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
    try {
      const run = await lighthouse(site.webUrl + page, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
      const lhr = run!.lhr;
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      console.log(
        `${page.padEnd(48)} ${pad(Math.round((lhr.categories.performance.score ?? 0) * 100), 5)} ${pad((audit('largest-contentful-paint') / 1000).toFixed(1), 6)} ${pad(Math.round(audit('total-blocking-time')), 7)} ${pad(audit('cumulative-layout-shift').toFixed(3), 6)} ${pad(Math.round((lhr.categories.accessibility.score ?? 0) * 100), 5)}`,
      );
    } finally {
      await chrome.kill();
    }
  }
}

async function main() {
  buildWebIfStale();
  if (parts.has('js')) printJs();
  if (!['html', 'ssr', 'lighthouse'].some((p) => parts.has(p))) return;
  const site = await startSite();
  try {
    const post = await findPostPath(site);
    if (parts.has('html')) await printHtml(site, ['/', '/aurora', '/auth/login', post]);
    if (parts.has('ssr')) await printSsr(site, ['/', '/aurora', '/auth/login']);
    if (parts.has('lighthouse')) await printLighthouse(site, ['/', '/aurora', post, '/creator']);
  } finally {
    await site.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
