import fs from 'node:fs';
import { openDatabase } from '../../src/server/db/client';
import { templatePath } from './pglite-template';

/**
 * Makes a migrated in-memory PGlite snapshot once per migration set, so each server test file
 * loads it (about a second) instead of running initdb and every migration (several seconds).
 */
export default async function serverGlobalSetup() {
  const file = templatePath();
  if (fs.existsSync(file)) return;
  const handle = await openDatabase({ databaseUrl: 'memory://', dataDir: '' });
  const blob = await handle.dump!();
  await handle.close();
  const tmp = `${file}.${process.pid}`;
  fs.writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
  fs.renameSync(tmp, file);
}
