import { readdirSync, readFileSync } from 'node:fs';

/** Linux /proc readings for the benches: process trees, their memory and their CPU time. */

interface ProcEntry { pid: number; ppid: number; comm: string; rssMb: number; cpuMs: number }

// USER_HZ: /proc reports CPU time in these ticks; 100 on every Linux this runs on.
const TICK_MS = 10;

function readAll(): ProcEntry[] {
  const out: ProcEntry[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces, inside parentheses): utime is the 12th, stime the 13th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.push({
        pid: Number(entry),
        ppid: Number(/PPid:\s+(\d+)/.exec(status)?.[1]),
        comm: /Name:\s+(\S+)/.exec(status)?.[1] ?? '',
        rssMb: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024,
        cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS,
      });
    } catch {
      // The process ended while we looked.
    }
  }
  return out;
}

function tree(all: ProcEntry[], root: number): ProcEntry[] {
  const children = new Map<number, ProcEntry[]>();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const found: ProcEntry[] = [];
  const walk = (p: ProcEntry) => { found.push(p); for (const c of children.get(p.pid) ?? []) walk(c); };
  const start = all.find((p) => p.pid === root);
  if (start) walk(start);
  return found;
}

/** Resident memory (MB) of the process tree under `pid`: [largest process, whole tree]. */
export function treeRss(pid: number): [number, number] {
  const sizes = tree(readAll(), pid).map((p) => p.rssMb);
  return [Math.max(0, ...sizes), sizes.reduce((a, b) => a + b, 0)];
}

/** CPU time (ms, user + system) used so far by the process tree under `pid`. */
export const treeCpuMs = (pid: number) => tree(readAll(), pid).reduce((sum, p) => sum + p.cpuMs, 0);

/** CPU time (ms) used so far by every process of a name (`postgres`: the server and its backends). */
export const namedCpuMs = (comm: string) => readAll().filter((p) => p.comm === comm).reduce((sum, p) => sum + p.cpuMs, 0);
