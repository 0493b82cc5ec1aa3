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
  return path.join(os.tmpdir(), `cp-pglite-${hash.digest('hex').slice(0, 16)}.tgz`);
}

/** The migrated snapshot as a Blob, or undefined when global setup has not made one. */
export function loadTemplate(): Blob | undefined {
  const file = templatePath();
  return fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : undefined;
}
