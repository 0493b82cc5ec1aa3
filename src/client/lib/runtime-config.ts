/**
 * Runtime configuration of the web client. Next 16 dropped publicRuntimeConfig, so the server
 * reads the environment per request and _app hands the result to the browser through its props
 * (setRuntimeConfig runs before the first render). Nothing here is baked in at build time.
 */
export interface RuntimeConfig {
  apiEndpoint: string;
  clientHashPassword: boolean;
}

let browserConfig: RuntimeConfig | null = null;

const isServer = () => typeof window === 'undefined';

function fromEnv(): RuntimeConfig {
  return {
    apiEndpoint: process.env.API_ENDPOINT || `http://localhost:${process.env.API_PORT || 8080}`,
    clientHashPassword: process.env.CLIENT_HASH_PASSWORD === 'true',
  };
}

export function getRuntimeConfig(): RuntimeConfig {
  if (isServer()) return fromEnv();
  // Before _app stored the props (or in a unit test) fall back to the same defaults as the server.
  return browserConfig ?? fromEnv();
}

export function setRuntimeConfig(cfg: RuntimeConfig): void {
  browserConfig = { ...cfg };
}
