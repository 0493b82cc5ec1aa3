import { useEffect, useState } from 'react';
import { secondsSince } from './format-duration';

/** Seconds since `startedAt`, ticking every second while `running`. */
export function useElapsed(startedAt: string | null | undefined, running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running, startedAt]);
  return startedAt ? secondsSince(startedAt, now) : 0;
}
