import { loadConfigOrExit } from '../src/server/config';
import { buildWebIfStale } from './lib/build';
import { bin, runTogether } from './lib/processes';

// `npm start`: checks the configuration, builds the web app when needed, then runs web and API.
const config = loadConfigOrExit({ ...process.env, NODE_ENV: process.env.NODE_ENV || 'production' });
buildWebIfStale();
const shared = { API_ENDPOINT: config.apiEndpoint, WEB_ORIGIN: config.webOrigin, NODE_ENV: 'production' };
runTogether([
  { name: 'api', cmd: bin('tsx'), args: ['src/server/main.ts'], env: shared },
  { name: 'web', cmd: bin('next'), args: ['start', '-p', String(config.webPort)], env: shared },
]);
console.log(`Web: ${config.webOrigin}  API: ${config.apiEndpoint}  (API docs: ${config.apiEndpoint}/docs)`);
