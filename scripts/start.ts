import { loadConfigOrExit } from '../src/server/config';
import { buildWebIfStale } from './lib/build';
import { apiCommand, buildApiIfStale } from './lib/api-build';
import { bin, runTogether } from './lib/processes';

// `npm start`: checks the configuration, builds the web app and the API when their sources changed,
// then runs both as production does: `next start` and plain node on the compiled API.
const config = loadConfigOrExit({ ...process.env, NODE_ENV: process.env.NODE_ENV || 'production' });
buildWebIfStale();
buildApiIfStale();
const shared = { API_ENDPOINT: config.apiEndpoint, WEB_ORIGIN: config.webOrigin, NODE_ENV: 'production' };
const api = apiCommand();
runTogether([
  { name: 'api', cmd: api.cmd, args: api.args, env: shared },
  { name: 'web', cmd: bin('next'), args: ['start', '-p', String(config.webPort)], env: shared },
]);
console.log(`Web: ${config.webOrigin}  API: ${config.apiEndpoint}  (API docs: ${config.apiEndpoint}/docs)`);
