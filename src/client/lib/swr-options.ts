import type { SWRConfiguration } from 'swr';

const SLOW_CONNECTIONS = ['slow-2g', '2g', '3g'];

type NavigatorWithConnection = Navigator & { connection?: { effectiveType?: string } };

export function isSlowConnection(): boolean {
  if (typeof navigator === 'undefined') return false;
  const type = (navigator as NavigatorWithConnection).connection?.effectiveType;
  return Boolean(type && SLOW_CONNECTIONS.includes(type));
}

/** Spec 9 list fetching: dedupe 2 s, focus throttle 5 s, no retry; retry interval 5 s (10 s slow). */
export function listSwrOptions(): SWRConfiguration {
  return {
    dedupingInterval: 2000,
    focusThrottleInterval: 5000,
    shouldRetryOnError: false,
    errorRetryInterval: isSlowConnection() ? 10000 : 5000,
  };
}
