import fs from 'node:fs';
import { openDatabase } from '../../src/server/db/client';
import { templatePath } from './pglite-template';

/**
 * Makes a migrated in-memory PGlite snapshot once per migration set, so each server test file
 * loads it instead of running initdb and every migration (several seconds). Kept as a plain tar
 * (44 MB in the temp dir): a file loads it in about 0.5 s, the gzipped 5 MB in about 0.95 s, and
 * every server test file pays it.
 */
export default async function serverGlobalSetup() {
  const file = templatePath();
  if (fs.existsSync(file)) return;
  const handle = await openDatabase({ databaseUrl: 'memory://', dataDir: '' });
  const blob = await handle.dump!('none');
  await handle.close();
  const tmp = `${file}.${process.pid}`;
  fs.writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
  fs.renameSync(tmp, file);
}
