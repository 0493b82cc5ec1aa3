import { preparePassword } from '@/client/lib/password';
import { setRuntimeConfig } from '@/client/lib/runtime-config';

describe('preparePassword', () => {
  it('passes the password through when the runtime flag is off', async () => {
    setRuntimeConfig({ apiEndpoint: 'http://api.test', clientHashPassword: false });
    await expect(preparePassword('secret-pass')).resolves.toBe('secret-pass');
  });

  it('sends SHA-256 hex when the flag is on (spec 5)', async () => {
    setRuntimeConfig({ apiEndpoint: 'http://api.test', clientHashPassword: true });
    // sha256("abc")
    await expect(preparePassword('abc')).resolves.toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
