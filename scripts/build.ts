import { buildWeb } from './lib/build';
import { buildApi } from './lib/api-build';

// `npm run build`: the production web app (next build) and the compiled API (dist/api). `npm start` does the same when stale.
buildWeb();
buildApi();
