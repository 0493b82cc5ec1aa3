const two = (n: number) => String(n).padStart(2, '0');

/** "5:07" under an hour, "1:02:03" after: how long a stream has been live. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}

/** Seconds since the ISO time (0 when it is in the future or unreadable). */
export function secondsSince(iso: string, now: number = Date.now()): number {
  const at = new Date(iso).getTime();
  return Number.isNaN(at) ? 0 : Math.max(0, Math.floor((now - at) / 1000));
}
