import { sql, type SQL } from 'drizzle-orm';
import { blockedCountries, blockedUsers, follows, hasAccessSql, messagingSettings, subscriptions } from '../../db/schema';
import type { RefusalCode } from './who-may-write';

/** The two sides of a message as SQL expressions (parameters or columns of the statement that asks). */
export interface WriteParties {
  sender: SQL;
  senderRole: SQL;
  /** ISO alpha-2, or null when unknown. */
  senderCountry: SQL;
  recipient: SQL;
  recipientRole: SQL;
  recipientStatus: SQL;
  /** The recipient already wrote to the sender in their conversation. */
  recipientHasWritten: SQL;
}

const followsSql = (follower: SQL, performer: SQL) =>
  sql`exists (select 1 from ${follows} where ${follows.followerId} = ${follower} and ${follows.performerId} = ${performer})`;
const subscribesSql = (fan: SQL, performer: SQL) =>
  sql`exists (select 1 from ${subscriptions} where ${subscriptions.userId} = ${fan} and ${subscriptions.performerId} = ${performer} and ${hasAccessSql})`;

/** Either user (as a creator) blocked the other's account. */
export const blockedEitherWaySql = (a: SQL, b: SQL) => sql<boolean>`exists (select 1 from ${blockedUsers} where
  (${blockedUsers.performerId} = ${a} and ${blockedUsers.userId} = ${b}) or (${blockedUsers.performerId} = ${b} and ${blockedUsers.userId} = ${a}))`;

/**
 * The who-may-write rule (README "Messaging") as one SQL expression: null when the sender may
 * write, else why not (`RefusalCode`, whose words are in who-may-write.ts). In order:
 * - the recipient's account must be active;
 * - one side must be a creator (fans do not message fans);
 * - nobody writes across a block: a creator's block of the account, or of the sender's country
 *   (operators are never country-blocked);
 * - anyone may answer someone who already wrote to them in this conversation;
 * - a fan starts a conversation with a creator as the creator's setting allows: `followers`
 *   (followers and subscribers, the default) or `subscribers` only;
 * - a creator starts one with a fan who follows or subscribes to them.
 * In SQL so that a send checks and writes in one statement; CASE evaluates only the branches it
 * reaches, so an answer costs the lookups that decide it.
 */
export function writeRefusalSql(p: WriteParties): SQL<RefusalCode | null> {
  const recipientIsCreator = sql`${p.recipientRole} = 'performer'`;
  return sql<RefusalCode | null>`(case
    when ${p.recipientStatus} <> 'active' then 'gone'
    when ${p.senderRole} <> 'performer' and not ${recipientIsCreator} then 'fans-only'
    when ${blockedEitherWaySql(p.sender, p.recipient)} then 'blocked'
    when ${recipientIsCreator} and ${p.senderRole} <> 'admin' and exists (select 1 from ${blockedCountries}
      where ${blockedCountries.performerId} = ${p.recipient} and ${blockedCountries.country} = ${p.senderCountry}) then 'blocked'
    when ${p.recipientHasWritten} then null
    when ${recipientIsCreator} then (case
      when ${subscribesSql(p.sender, p.recipient)} then null
      when (select ${messagingSettings.whoMayWrite} from ${messagingSettings} where ${messagingSettings.performerId} = ${p.recipient}) = 'subscribers'
        then 'subscribe'
      when ${followsSql(p.sender, p.recipient)} then null
      else 'follow'
    end)
    when ${followsSql(p.recipient, p.sender)} or ${subscribesSql(p.recipient, p.sender)} then null
    else 'not-a-fan'
  end)`;
}
