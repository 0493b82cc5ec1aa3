import { PERFORMER_PASSWORD, type DemoAccount } from './demo-accounts';

/** The console table of demo accounts shown after seeding (the README lists the same). */
export function formatDemoAccounts(accounts: DemoAccount[]): string {
  const rows = accounts.map((a) => [a.role, a.username, a.email, a.password]);
  const header = ['role', 'username', 'email', 'password'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  const more = accounts.some((a) => a.role === 'performer')
    ? [`The other demo creators (listed at /creator) sign in with their username and ${PERFORMER_PASSWORD}.`]
    : [];
  return ['Demo accounts (sign in with the username or the email):', line(header), ...rows.map(line), ...more].join('\n');
}
