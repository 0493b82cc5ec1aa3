import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { NotificationData, NotificationKind } from '../../../common/contract/notifications';
import type { Executor } from '../../db/client';
import { rowsOf, type RawRow } from '../../db/rows';
import { hasAccessSql, notifications, publicUserColumns, subscriptions, users } from '../../db/schema';
import { creatorBlockedAccount } from '../blocking/blocking.service';
import type { PublicUserColumns } from '../users/user-public.dto';

export type NotificationRow = typeof notifications.$inferSelect;
type Role = (typeof users.$inferSelect)['role'];

/** One stored notification and what its delivery needs: the address to mail (only when that channel is on). */
export interface CreatedNotification {
  id: string;
  userId: string;
  createdAt: Date;
  /** Set when the recipient keeps email on for this kind, is active and has an address. */
  mailTo: string | null;
  name: string;
  username: string | null;
  role: Role;
}

/** What a new notification carries, as the service decided it. */
export interface NotificationInsert {
  kind: NotificationKind;
  actorId: string | null;
  link: string | null;
  data: NotificationData;
  /** The roles that can receive this kind (NOTIFICATION_KINDS_BY_ROLE). */
  roles: readonly Role[];
  /** The email channel when the person has no row for this kind (EMAIL_BY_DEFAULT). */
  emailByDefault: boolean;
}

const asDate = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/** The people's preference for this kind, joined as `p` onto the recipient `u`. */
const preferenceJoin = (kind: NotificationKind) =>
  sql`left join notification_preferences p on p.user_id = u.id and p.kind = ${kind}::text`;
/** The mail address when the email channel is on (the person's row, else the kind's default) and the account active. */
const mailToColumn = (emailByDefault: boolean) =>
  sql`case when u.status = 'active' and coalesce(p.email, ${emailByDefault}::boolean) then u.email end`;

function toCreated(row: RawRow): CreatedNotification {
  return {
    id: String(row.id),
    userId: String(row.user_id),
    createdAt: asDate(row.created_at),
    mailTo: (row.mail_to as string | null) ?? null,
    name: String(row.name ?? ''),
    username: (row.username as string | null) ?? null,
    role: row.role as Role,
  };
}

const actor = alias(users, 'notification_actor');
const actorColumns = publicUserColumns(actor);

export const notificationsRepository = {
  /**
   * One statement (a data-modifying CTE, so an event costs one round trip): inserts the
   * notification for `userId` unless that account is deleted, its role cannot receive the kind,
   * it switched the in-app channel of the kind off, it (a creator) blocked the actor, or, with
   * `dedupeHours`, the same actor already told it about the same link that recently. Answers the
   * row with the recipient's mail address (when mailed) and the actor's public columns; null when
   * nothing was written. The caller leaves out the actor's own notifications.
   */
  async insertOne(
    db: Executor,
    userId: string,
    n: NotificationInsert,
    dedupeHours: number | null,
  ): Promise<{ created: CreatedNotification; actor: PublicUserColumns | null } | null> {
    const conditions: SQL[] = [];
    if (n.actorId) conditions.push(sql`and not ${creatorBlockedAccount(sql`u.id`, n.actorId)}`);
    if (n.actorId && dedupeHours) {
      conditions.push(sql`and not exists (
        select 1 from notifications d
        where d.user_id = u.id and d.kind = ${n.kind}::text and d.actor_id = ${n.actorId}::uuid
          and d.link is not distinct from ${n.link}::text and d.created_at > now() - make_interval(hours => ${dedupeHours}::int))`);
    }
    const result = await db.execute(sql`
      with recipient as (
        select u.id, u.name, u.username, u.role, ${mailToColumn(n.emailByDefault)} as mail_to
        from ${users} u ${preferenceJoin(n.kind)}
        where u.id = ${userId}::uuid and u.deleted_at is null and u.role in (${list(n.roles)})
          and coalesce(p.in_app, true) ${sql.join(conditions, sql` `)}
      ),
      created as (
        insert into notifications (user_id, kind, actor_id, link, data)
        select id, ${n.kind}::text, ${n.actorId}::uuid, ${n.link}::text, ${JSON.stringify(n.data)}::jsonb from recipient
        returning id, user_id, created_at
      )
      select c.id, c.user_id, c.created_at, r.mail_to, r.name, r.username, r.role,
        a.id as actor_id, a.name as actor_name, a.username as actor_username, a.avatar_path as actor_avatar_path,
        a.role as actor_role, a.created_at as actor_created_at
      from created c cross join recipient r left join ${users} a on a.id = ${n.actorId}::uuid`);
    const [row] = rowsOf(result);
    if (!row) return null;
    const found: PublicUserColumns | null = row.actor_id
      ? {
          id: String(row.actor_id), name: String(row.actor_name ?? ''), username: (row.actor_username as string | null) ?? null,
          avatarPath: (row.actor_avatar_path as string | null) ?? null, role: row.actor_role as Role, createdAt: asDate(row.actor_created_at),
        }
      : null;
    return { created: toCreated(row), actor: found };
  },

  /**
   * One INSERT ... SELECT over the creator's subscribers with access now (active, or cancelled and
   * not yet ended), leaving out deleted accounts, roles that cannot receive the kind, people who
   * switched its in-app channel off and fans the creator blocked. Answers the rows written.
   */
  async insertForSubscribers(db: Executor, performerId: string, n: NotificationInsert): Promise<CreatedNotification[]> {
    const result = await db.execute(sql`
      with created as (
        insert into notifications (user_id, kind, actor_id, link, data)
        select u.id, ${n.kind}::text, ${performerId}::uuid, ${n.link}::text, ${JSON.stringify(n.data)}::jsonb
        from ${subscriptions} join ${users} u on u.id = ${subscriptions.userId} ${preferenceJoin(n.kind)}
        where ${subscriptions.performerId} = ${performerId}::uuid and ${hasAccessSql}
          and u.deleted_at is null and u.role in (${list(n.roles)}) and coalesce(p.in_app, true)
          and not ${creatorBlockedAccount(performerId, sql`u.id`)}
        returning id, user_id, created_at
      )
      select c.id, c.user_id, c.created_at, ${mailToColumn(n.emailByDefault)} as mail_to, u.name, u.username, u.role
      from created c join ${users} u on u.id = c.user_id ${preferenceJoin(n.kind)}`);
    return rowsOf(result).map(toCreated);
  },

  async findActor(db: Executor, id: string): Promise<PublicUserColumns | null> {
    const [row] = await db.select(actorColumns).from(actor).where(eq(actor.id, id));
    return row ?? null;
  },

  /** A person's notifications, newest first, with their actors; and how many there are. */
  async list(db: Executor, userId: string, query: { unread: boolean; offset: number; limit: number }) {
    const where = and(eq(notifications.userId, userId), query.unread ? isNull(notifications.readAt) : undefined);
    const [rows, [totals]] = await Promise.all([
      db.select({ notification: notifications, actor: actorColumns }).from(notifications)
        .leftJoin(actor, eq(actor.id, notifications.actorId))
        .where(where).orderBy(desc(notifications.createdAt), desc(notifications.id)).offset(query.offset).limit(query.limit),
      db.select({ total: count() }).from(notifications).where(where),
    ]);
    return { rows, total: Number(totals?.total ?? 0) };
  },

  async unreadCount(db: Executor, userId: string): Promise<number> {
    const [row] = await db.select({ total: count() }).from(notifications).where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return Number(row?.total ?? 0);
  },

  /**
   * Marks the person's unread notifications among `ids` (all of them when `ids` is null) as read,
   * in one statement: only rows of `userId` can change. Answers how many changed and the unread
   * total after (both sub-statements see the same snapshot, so it is the total before less the marked).
   */
  async markRead(db: Executor, userId: string, ids: readonly string[] | null): Promise<{ changed: number; total: number }> {
    const only = ids ? sql`and id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})` : sql``;
    const result = await db.execute(sql`
      with marked as (
        update notifications set read_at = now() where user_id = ${userId}::uuid and read_at is null ${only} returning 1
      )
      select (select count(*) from marked)::int as changed,
        ((select count(*) from notifications where user_id = ${userId}::uuid and read_at is null) - (select count(*) from marked))::int as total`);
    const [row] = rowsOf(result);
    return { changed: Number(row?.changed ?? 0), total: Number(row?.total ?? 0) };
  },

  /** Account deletion: what the person received, and what their actions put in others' lists (it quotes their words). */
  async eraseAllOf(db: Executor, userId: string): Promise<void> {
    await db.delete(notifications).where(sql`${notifications.userId} = ${userId} or ${notifications.actorId} = ${userId}`);
  },
};
