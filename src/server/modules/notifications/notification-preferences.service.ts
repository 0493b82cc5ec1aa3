import type { FastifyInstance } from 'fastify';
import type {
  NotificationKind, NotificationPreference, NotificationPreferences, UpdateNotificationPreferencesBody,
} from '../../../common/contract/notifications';
import { NOTIFICATION_KIND_LABELS } from '../../../common/lib/notification-text';
import { badRequest } from '../../lib/http-error';
import { emailByDefault, kindsFor } from './notification-rules';
import { notificationPreferencesRepository as repo, type PreferenceRow } from './notification-preferences.repository';

type Role = 'user' | 'performer' | 'admin';
interface Person {
  id: string;
  role: Role;
}

/** Every kind of the role, in the contract's order: the person's row, else the default (in the app on; email for the important kinds). */
function withDefaults(role: Role, rows: PreferenceRow[]): NotificationPreference[] {
  const saved = new Map(rows.map((r) => [r.kind, r]));
  return kindsFor(role).map((kind) => saved.get(kind) ?? { kind, inApp: true, email: emailByDefault(kind) });
}

/** 400 naming the first entry whose kind cannot reach this role, or that repeats a kind. */
function checkKinds(role: Role, body: UpdateNotificationPreferencesBody) {
  const allowed = kindsFor(role);
  const seen = new Set<NotificationKind>();
  body.kinds.forEach(({ kind }, i) => {
    let message: string | null = null;
    if (!allowed.includes(kind)) message = `Your account does not receive “${NOTIFICATION_KIND_LABELS[kind]}” notifications (${kind})`;
    else if (seen.has(kind)) message = `${kind} is listed twice`;
    if (message) throw badRequest(message, [{ field: `kinds.${i}.kind`, message }]);
    seen.add(kind);
  });
}

/** Which kinds reach a person in the app and by email (contract `notificationRoutes.preferences`). */
export function createNotificationPreferences(app: Pick<FastifyInstance, 'db'>) {
  return {
    async get(person: Person): Promise<NotificationPreferences> {
      return { kinds: withDefaults(person.role, await repo.find(app.db, person.id)) };
    },

    /** Partial: a channel left out keeps its setting. Checked whole before anything is written. */
    async update(person: Person, body: UpdateNotificationPreferencesBody): Promise<NotificationPreferences> {
      checkKinds(person.role, body);
      return app.db.transaction(async (tx) => {
        const current = new Map(withDefaults(person.role, await repo.find(tx, person.id)).map((p) => [p.kind, p]));
        const changed = body.kinds.map(({ kind, inApp, email }) => {
          const was = current.get(kind)!;
          return { kind, inApp: inApp ?? was.inApp, email: email ?? was.email };
        });
        await repo.save(tx, person.id, changed);
        for (const row of changed) current.set(row.kind, row);
        return { kinds: [...current.values()] };
      });
    },
  };
}
