/**
 * @jest-environment node
 */
import { getRuntimeConfig, setRuntimeConfig } from '@/client/lib/runtime-config';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

describe('runtime config on the server', () => {
  it('defaults to localhost on API_PORT or 8080 with hashing off', () => {
    delete process.env.API_ENDPOINT;
    delete process.env.API_PORT;
    delete process.env.CLIENT_HASH_PASSWORD;
    expect(getRuntimeConfig()).toEqual({ apiEndpoint: 'http://localhost:8080', clientHashPassword: false });
    process.env.API_PORT = '9000';
    expect(getRuntimeConfig().apiEndpoint).toBe('http://localhost:9000');
  });

  it('reads API_ENDPOINT and CLIENT_HASH_PASSWORD per call, ignoring what a browser stored', () => {
    setRuntimeConfig({ apiEndpoint: 'http://browser', clientHashPassword: false });
    process.env.API_ENDPOINT = 'https://api.example.com';
    process.env.CLIENT_HASH_PASSWORD = 'true';
    expect(getRuntimeConfig()).toEqual({ apiEndpoint: 'https://api.example.com', clientHashPassword: true });
    process.env.CLIENT_HASH_PASSWORD = 'yes';
    expect(getRuntimeConfig().clientHashPassword).toBe(false);
  });
});
