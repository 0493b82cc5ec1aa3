import fs from 'node:fs';
import path from 'node:path';
import type { RouteDef } from '../../src/common/contract/common';

const CONTRACT_DIR = path.resolve(__dirname, '../../src/common/contract');

const isRoute = (value: unknown): value is RouteDef =>
  typeof value === 'object' && value !== null && typeof (value as RouteDef).url === 'string' && typeof (value as RouteDef).method === 'string'
  && typeof (value as RouteDef).auth === 'string';

/**
 * Every route of every contract file, read from the folder itself: a route table added later is
 * found without anyone listing it here.
 */
export function contractRoutes(): (RouteDef & { table: string; name: string })[] {
  const found: (RouteDef & { table: string; name: string })[] = [];
  for (const file of fs.readdirSync(CONTRACT_DIR).filter((f) => f.endsWith('.ts')).sort()) {
    const mod = require(path.join(CONTRACT_DIR, file)) as Record<string, unknown>;
    for (const [table, value] of Object.entries(mod)) {
      if (typeof value !== 'object' || value === null || isRoute(value)) continue;
      for (const [name, route] of Object.entries(value)) if (isRoute(route)) found.push({ ...route, table: `${file}:${table}`, name });
    }
  }
  return found;
}

/** A concrete URL for a route: every `:param` becomes a well-formed id nobody owns. */
export const sampleUrl = (url: string) => url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
