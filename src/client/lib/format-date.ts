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

const TIME_OF_DAY = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const DAY_OF_YEAR = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/**
 * The compact form for a column of recent moments (the conversation list, message times): "3:07 PM"
 * today, "Mar 4" earlier this year, `formatDate` before that.
 */
export function formatShort(value: string | Date, now: Date = new Date()): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  if (date.toDateString() === now.toDateString()) return TIME_OF_DAY.format(date);
  return date.getFullYear() === now.getFullYear() ? DAY_OF_YEAR.format(date) : DATE.format(date);
}

// Chart buckets are UTC days: shown as the date they name, whatever the reader's time zone.
const AXIS_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const AXIS_MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });

/** A chart axis label for a UTC day ("2026-03-04"): "Mar 4", or "Mar 26" for a month's bucket. */
export function formatAxisDay(day: string, { month = false }: { month?: boolean } = {}): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return '';
  return (month ? AXIS_MONTH : AXIS_DAY).format(date);
}
