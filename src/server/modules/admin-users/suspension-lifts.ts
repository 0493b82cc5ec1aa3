import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';

export const SUSPENSION_LIFT_PATTERN = '*/5 * * * *';

/**
 * Every 5 minutes, suspensions whose end has come are lifted, so the account shows as active in
 * the console and its creator page returns without anyone signing in (sign-in lifts its own at
 * once). `protect` skips a run while the previous one is still going; `unref` never keeps the
 * process alive. The caller stops the job when the app closes.
 */
export function scheduleSuspensionLifts(lift: () => Promise<{ id: string }[]>, log: Pick<FastifyBaseLogger, 'info' | 'error'>): Cron {
  return new Cron(SUSPENSION_LIFT_PATTERN, { protect: true, unref: true }, async () => {
    try {
      const lifted = await lift();
      if (lifted.length) log.info({ users: lifted.map((u) => u.id) }, 'suspensions ended');
    } catch (err) {
      log.error({ err }, 'lifting ended suspensions failed');
    }
  });
}
