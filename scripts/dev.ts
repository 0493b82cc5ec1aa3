import { loadConfigOrExit } from '../src/server/config';
import { bin, runTogether } from './lib/processes';
import { buildAntdStylesheetFor } from './lib/build';

// `npm run dev`: API with reload (tsx watch) and the Next dev server.
const config = loadConfigOrExit(process.env);
buildAntdStylesheetFor('development');
const shared = { API_ENDPOINT: config.apiEndpoint, WEB_ORIGIN: config.webOrigin };
runTogether([
  { name: 'api', cmd: bin('tsx'), args: ['watch', '--clear-screen=false', 'src/server/main.ts'], env: shared },
  { name: 'web', cmd: bin('next'), args: ['dev', '-p', String(config.webPort)], env: shared },
]);
