import { asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { conversationMembers, messages, users } from '../../db/schema';

/** Every message of every conversation `userId` is a member of, oldest first (the data export). */
export async function messagesOfMember(db: Executor, userId: string) {
  const sender = alias(users, 'sender');
  const mine = db.select({ id: conversationMembers.conversationId }).from(conversationMembers).where(eq(conversationMembers.userId, userId));
  return db
    .select({ message: messages, senderUsername: sender.username })
    .from(messages)
    .leftJoin(sender, eq(sender.id, messages.senderId))
    .where(inArray(messages.conversationId, mine))
    .orderBy(asc(messages.createdAt), asc(messages.id));
}
