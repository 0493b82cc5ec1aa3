/**
 * The one way dates and times are shown (issue 14): relative for the last week ("3 hours ago",
 * "yesterday"), then a date ("Mar 4, 2026"); `withTime` adds the time of day. English, the UI's
 * language; the time zone is the browser's (on the server, the process's).
 */
const RELATIVE = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const DATE_TIME = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [['second', 60], ['minute', 60], ['hour', 24], ['day', 7]];

/** "5 minutes ago", "in 2 days", "yesterday" within a week of `now`; otherwise `formatDate`. */
export function formatRelative(value: string | Date, now: Date = new Date()): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  let amount = (date.getTime() - now.getTime()) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return unit === 'second' && Math.abs(amount) < 45 ? 'just now' : RELATIVE.format(Math.round(amount), unit);
    amount /= size;
  }
  return DATE.format(date);
}

/** "Mar 4, 2026", or "Mar 4, 2026, 3:07 PM" with `withTime`. */
export function formatDate(value: string | Date, { withTime = false }: { withTime?: boolean } = {}): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return (withTime ? DATE_TIME : DATE).format(date);
}
