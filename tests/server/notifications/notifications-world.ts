import type { FastifyInstance } from 'fastify';
import { allRows, createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { entitlementsRepository } from '../../../src/server/modules/entitlements/entitlements.repository';
import { mailSettled, readOutbox } from '../../support/outbox';

export { closeSockets, collect, connected, next, openSocket } from '../messaging/messaging-world';

export type Account = Awaited<ReturnType<typeof createUserWithToken>>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A request as the web sends it (raw token in Authorization). */
export function api(app: FastifyInstance, method: Method, url: string, token?: string, payload?: object) {
  return app.inject({ method, url, headers: token ? { authorization: token } : {}, ...(payload === undefined ? {} : { payload }) });
}

/** The answer's data, failing the test with the body when the status is not 200. */
export async function ok<T = unknown>(res: Promise<{ statusCode: number; body: string; json(): { data: T } }>): Promise<T> {
  const answer = await res;
  if (answer.statusCode !== 200) throw new Error(`expected 200, got ${answer.statusCode}: ${answer.body}`);
  return answer.json().data;
}

export const newFan = (app: FastifyInstance, overrides: Parameters<typeof createUserWithToken>[1] = {}) => createUserWithToken(app, overrides);
export const newCreator = (
  app: FastifyInstance,
  overrides: Parameters<typeof createPerformerWithToken>[1] = {},
  profile: Parameters<typeof createPerformerWithToken>[2] = {},
) => createPerformerWithToken(app, overrides, profile);

export type NotificationRow = typeof tables.notifications.$inferSelect;

/** The stored notifications of one person, oldest first. */
export async function notificationsOf(app: FastifyInstance, userId: string): Promise<NotificationRow[]> {
  const rows = (await allRows(app, tables.notifications)).filter((n) => n.userId === userId);
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
}

/** Every notification row and preference row, for "a refused request wrote nothing". */
export async function notificationsSnapshot(app: FastifyInstance) {
  const [notifications, preferences] = await Promise.all([allRows(app, tables.notifications), allRows(app, tables.notificationPreferences)]);
  return {
    notifications: notifications.map((n) => `${n.id}:${n.readAt?.toISOString() ?? '-'}`).sort(),
    preferences: preferences.map((p) => `${p.userId}:${p.kind}:${p.inApp}:${p.email}`).sort(),
  };
}

/** A subscription with access now (or, with `expired`, one that ended), written as the money flows do. */
export async function grantSubscription(app: FastifyInstance, fan: Account, creator: Account, expired = false) {
  await entitlementsRepository.grantSubscription(app.db, {
    userId: fan.user.id, performerId: creator.user.id, type: 'monthly',
    expiresAt: new Date(Date.now() + (expired ? -1 : 30) * 86_400_000),
  });
}

/** Mails to one address after the background work settled. */
export async function mailsFor(app: FastifyInstance, dataDir: string, to: string) {
  await mailSettled(app);
  return (await readOutbox(dataDir)).filter((m) => m.to.toLowerCase().includes(to.toLowerCase()));
}

export async function setPreference(app: FastifyInstance, who: Account, kind: string, channels: { inApp?: boolean; email?: boolean }) {
  return ok(api(app, 'PUT', '/notifications/preferences', who.token, { kinds: [{ kind, ...channels }] }));
}
