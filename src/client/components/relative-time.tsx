import { formatDate, formatRelative } from '@/client/lib/format-date';

/**
 * A moment as lists show it (issue 14: one way to show dates): "3 hours ago" for the last week,
 * then "Mar 4, 2026"; the exact date and time on hover and for assistive technology. The server
 * renders it with its own clock and time zone, the browser again with the reader's, hence no
 * hydration warning.
 */
export function RelativeTime({ value }: { value: string }) {
  const exact = formatDate(value, { withTime: true });
  return (
    <time dateTime={value} title={exact} suppressHydrationWarning>
      {formatRelative(value)}
    </time>
  );
}
