import { formatAxisDay, formatDate, formatRelative, formatShort } from '@/client/lib/format-date';

const now = new Date('2026-03-10T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe('formatRelative', () => {
  it('speaks relatively within a week, then gives the date', () => {
    expect(formatRelative(ago(10), now)).toBe('just now');
    expect(formatRelative(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(formatRelative(ago(3 * 3600), now)).toBe('3 hours ago');
    expect(formatRelative(ago(26 * 3600), now)).toBe('yesterday');
    expect(formatRelative(ago(-2 * 86400), now)).toBe('in 2 days');
    expect(formatRelative(ago(9 * 86400), now)).toBe('Mar 1, 2026');
    expect(formatRelative('not a date', now)).toBe('');
  });
});

describe('formatDate', () => {
  it('gives the date, and the time when asked', () => {
    expect(formatDate(new Date(2026, 2, 4, 15, 7))).toBe('Mar 4, 2026');
    expect(formatDate(new Date(2026, 2, 4, 15, 7), { withTime: true })).toBe('Mar 4, 2026, 3:07 PM');
  });
});

describe('formatShort', () => {
  it('gives the time today, the day this year, the date before', () => {
    const at = new Date(2026, 2, 10, 18, 0);
    expect(formatShort(new Date(2026, 2, 10, 9, 5), at)).toBe('9:05 AM');
    expect(formatShort(new Date(2026, 0, 3, 9, 5), at)).toBe('Jan 3');
    expect(formatShort(new Date(2025, 11, 30, 9, 5), at)).toBe('Dec 30, 2025');
    expect(formatShort('nonsense', at)).toBe('');
  });
});

describe('formatAxisDay', () => {
  it('names the UTC day a chart bucket stands for, whatever the time zone', () => {
    expect(formatAxisDay('2026-03-04')).toBe('Mar 4');
    expect(formatAxisDay('2026-03-01', { month: true })).toBe('Mar 26');
    expect(formatAxisDay('2026-12-31T00:00:00.000Z')).toBe('Dec 31');
  });
});
