import { getRuntimeConfig, setRuntimeConfig } from '@/client/lib/runtime-config';

describe('runtime config in the browser', () => {
  it('returns what _app stored', () => {
    setRuntimeConfig({ apiEndpoint: 'https://api.example.com', clientHashPassword: true });
    expect(getRuntimeConfig()).toEqual({ apiEndpoint: 'https://api.example.com', clientHashPassword: true });
  });
});
