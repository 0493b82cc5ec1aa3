import { isSlowConnection, listSwrOptions } from '@/client/lib/swr-options';

function setConnection(effectiveType?: string) {
  Object.defineProperty(navigator, 'connection', {
    configurable: true,
    value: effectiveType ? { effectiveType } : undefined,
  });
}

afterEach(() => setConnection(undefined));

describe('list SWR options (spec 9)', () => {
  it('dedupes 2 s, throttles focus 5 s, no retry, retry interval 5 s', () => {
    setConnection('4g');
    expect(listSwrOptions()).toEqual({
      dedupingInterval: 2000,
      focusThrottleInterval: 5000,
      shouldRetryOnError: false,
      errorRetryInterval: 5000,
    });
  });

  it.each(['slow-2g', '2g', '3g'])('uses a 10 s retry interval on %s', (type) => {
    setConnection(type);
    expect(isSlowConnection()).toBe(true);
    expect(listSwrOptions().errorRetryInterval).toBe(10000);
  });

  it('treats an unknown connection as fast', () => {
    expect(isSlowConnection()).toBe(false);
  });
});
