import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const migrationsDir = path.resolve(__dirname, '../../src/server/db/migrations');

/** The snapshot file for the current migrations: a new migration gives a new file name. */
export function templatePath(): string {
  const hash = crypto.createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(fs.readFileSync(full));
    }
  };
  walk(migrationsDir);
  return path.join(os.tmpdir(), `cp-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** The migrated snapshot as a Blob, or undefined when global setup has not made one. */
export function loadTemplate(): Blob | undefined {
  const file = templatePath();
  return fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : undefined;
}

/**
 * Makes `dataDir/db` a migrated on-disk PGlite database from the snapshot, as the CLIs and the
 * API open it on a machine without DATABASE_URL. Without it the first open runs initdb and every
 * migration (7 s on an idle machine, over 30 s on a busy one) inside whichever test comes first.
 */
export async function prepareDiskDatabase(dataDir: string): Promise<void> {
  const template = loadTemplate();
  if (!template) return;
  const { PGlite } = await import('@electric-sql/pglite');
  const client = new PGlite(path.join(dataDir, 'db'), { loadDataDir: template });
  await client.waitReady;
  await client.close();
}
