import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  MESSAGE_PAGE_SIZE,
  MESSAGE_UPLOAD_KINDS,
  type Conversation,
  type ConversationListQuery,
  type ConversationPage,
  type CreateConversationBody,
  type Message,
  type MessageListQuery,
  type MessagePage,
  type MessageType,
  type SendMessageBody,
} from '../../../common/contract/messaging';
import type { MediaFileStatus, MediaFileView } from '../../../common/contract/media';
import type { Executor } from '../../db/client';
import { badRequest, forbidden, HttpError, notFound, unprocessable } from '../../lib/http-error';
import type { Viewer } from '../blocking/viewer';
import { contentPriceBounds, priceOf } from '../content/content-access.service';
import { entitlementsRepository } from '../entitlements/entitlements.repository';
import type { MediaFileRow } from '../media/media.repository';
import { cleanMessageText } from './message-text';
import { toConversation, toMessage } from './messaging.dto';
import type { MessagingEvents } from './messaging-events';
import { messagingRepository, type MessageRow } from './messaging.repository';
import { writeRefusal, type WriteRefusal } from './who-may-write';
import { removeStreamMessage, requireChatReader } from '../streaming/stream-chat-rules';
import { requireUuid } from '../../shared/ids';
import { readAll } from '../../db/reads';

export type SignedIn = Viewer & { userId: string };

export const CONVERSATION_NOT_FOUND = 'Conversation not found';
export const MESSAGE_NOT_FOUND = 'Message not found';

const refuse = (refusal: NonNullable<WriteRefusal>) => new HttpError(refusal.status, refusal.message);

/** A message's draft after validation, ready to be written once per conversation. */
export interface MessageDraft {
  text: string;
  type: MessageType;
  priceCents: number;
  files: MediaFileRow[];
}

export function createMessagingService(app: FastifyInstance, events: MessagingEvents) {
  /**
   * 404 unless the user belongs to the conversation (a non-member learns nothing about it). Gives
   * the user's member row and the other member's (private conversations have exactly two).
   */
  async function requireMembership(db: Executor, conversationIdParam: string, userId: string) {
    const conversationId = requireUuid(conversationIdParam);
    const rows = await messagingRepository.membersWithUsers(db, conversationId);
    const mine = rows.find((r) => r.member.userId === userId);
    if (!mine) throw notFound(CONVERSATION_NOT_FOUND);
    const other = rows.find((r) => r.member.userId !== userId);
    return { conversationId, member: mine.member, peer: other?.member ?? null, peerUser: other?.user ?? null };
  }

  async function conversationView(db: Executor, viewer: SignedIn, conversationId: string): Promise<Conversation> {
    const { rows } = await messagingRepository.listForUser(db, viewer.userId, { conversationId, offset: 0, limit: 1 });
    const row = rows[0];
    if (!row) throw notFound(CONVERSATION_NOT_FOUND);
    return withRights(db, viewer, row);
  }

  async function withRights(
    db: Executor,
    viewer: SignedIn,
    row: Awaited<ReturnType<typeof messagingRepository.listForUser>>['rows'][number],
  ): Promise<Conversation> {
    let isBlocked = false;
    let canSendMessage = false;
    const verdict = row.peer && (await messagingRepository.writeVerdict(db, viewer, row.peer.id, row.peerHasWritten ?? false));
    if (verdict) {
      isBlocked = verdict.blocked;
      canSendMessage = !isBlocked && !verdict.refusal;
    }
    return toConversation(app, { conversation: row.conversation, member: row.member, peer: row.peer, last: row.last }, { isBlocked, canSendMessage });
  }

  /** Messages as one member sees them: files, what they bought, and when the others last read. */
  async function messageViews(db: Executor, viewerId: string, rows: readonly MessageRow[]): Promise<Message[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const [files, paid, members] = await readAll(db,
      () => messagingRepository.filesOf(db, ids),
      () => viewerId
        ? entitlementsRepository.bought(db, viewerId, 'message', rows.filter((r) => r.priceCents > 0).map((r) => r.id))
        : Promise.resolve(new Set<string>()),
      () => messagingRepository.members(db, rows[0].conversationId),
    );
    const readAt = new Map(members.map((m) => [m.userId, m.lastReadAt]));
    return rows.map((row) =>
      toMessage(app, row, files.filter((f) => f.messageId === row.id).map((f) => f.file), { id: viewerId, paid: paid.has(row.id), readAt }),
    );
  }

  /**
   * Checks a send or mass-send body before any transaction: text (sanitised, length), files
   * (the sender's own message uploads, not failed), price (creators only, with files, within the
   * site's content price bounds). Nothing is written when it throws.
   */
  async function draftOf(db: Executor, sender: SignedIn, body: SendMessageBody, bounds: { min: number; max: number }): Promise<MessageDraft> {
    const text = cleanMessageText(body.text);
    const fileIds = [...new Set((body.fileIds ?? []).map((id) => requireUuid(id, 'fileIds')))];
    if (!text && !fileIds.length) {
      const message = 'Write a message or attach a photo or video';
      throw badRequest(message, [{ field: 'text', message }]);
    }
    const price = body.price ?? 0;
    if (price > 0 && sender.role !== 'performer') throw forbidden('Only creators can send paid messages');
    if (price > 0 && !fileIds.length) {
      const message = 'A paid message needs a photo or video';
      throw badRequest(message, [{ field: 'price', message }]);
    }
    const priceCents = priceOf(bounds, price > 0 ? 'sale' : 'free', price);
    const found = await messagingRepository.ownMessageMedia(db, sender.userId, fileIds);
    const byId = new Map(found.map((f) => [f.id, f]));
    const files = fileIds.map((id) => byId.get(id));
    if (files.some((f) => !f)) {
      const message = 'Attach files you uploaded for messages';
      throw badRequest(message, [{ field: 'fileIds', message }]);
    }
    if (files.some((f) => f!.status === 'failed')) {
      throw unprocessable('A file could not be processed: remove it or upload it again');
    }
    const type: MessageType = files.some((f) => f!.kind === 'video') ? 'video' : files.length ? 'photo' : 'text';
    return { text, type, priceCents, files: files as MediaFileRow[] };
  }

  /** Writes one message with its files and moves the counters, in one statement (null: a mass message already there). */
  async function write(db: Executor, conversationId: string, senderId: string, draft: MessageDraft, massMessageId?: string) {
    return messagingRepository.writeMessage(
      db,
      { conversationId, senderId, text: draft.text, type: draft.type, priceCents: draft.priceCents, massMessageId },
      draft.files.map((f) => f.id),
    );
  }

  /**
   * After the commit: both views of a new message and the recipient's unread total. The views
   * are built from what was just written (no files bought, nobody has read it yet), so the
   * announcement costs one query.
   */
  async function announce(message: MessageRow, files: readonly MediaFileRow[], recipientId: string) {
    const unread = new Map<string, Date>();
    const sender = toMessage(app, message, files, { id: message.senderId, paid: false, readAt: unread });
    const recipient = toMessage(app, message, files, { id: recipientId, paid: false, readAt: unread });
    events.messageCreated(message.senderId, [recipientId], { sender, recipient });
    events.unreadCount(recipientId, await messagingRepository.totalUnread(app.db, recipientId));
    return sender;
  }

  return {
    requireMembership,
    messageViews,
    draftOf,
    write,
    announce,

    async createConversation(viewer: SignedIn, body: CreateConversationBody): Promise<Conversation> {
      const otherId = requireUuid(body.sourceId, 'sourceId');
      if (otherId === viewer.userId) throw badRequest('You cannot message yourself');
      const conversationId = await app.db.transaction(async (tx) => {
        const existing = await messagingRepository.findPair(tx, viewer.userId, otherId);
        const otherMember = existing ? await messagingRepository.member(tx, existing.id, otherId) : null;
        const verdict = await messagingRepository.writeVerdict(tx, viewer, otherId, otherMember?.hasWritten ?? false);
        const wanted = body.source === 'performer' ? verdict?.recipient.role === 'performer' : !!verdict;
        if (!verdict || !wanted) throw notFound(body.source === 'performer' ? 'Performer not found' : 'User not found');
        const refusal = writeRefusal(verdict.refusal);
        // An existing conversation opens even when writing is not allowed (the history stays
        // readable); a block hides it, and a new one needs the right to write.
        if (refusal && (!existing || refusal.status === 404 || verdict.blocked)) throw refuse(refusal);
        if (existing) return existing.id;
        return (await messagingRepository.findOrCreatePair(tx, viewer.userId, otherId)).conversation.id;
      });
      return conversationView(app.db, viewer, conversationId);
    },

    async list(viewer: SignedIn, query: ConversationListQuery): Promise<ConversationPage> {
      const offset = query.offset ?? 0;
      const limit = query.limit ?? 10;
      const q = query.q?.trim() || undefined;
      const { rows, total } = await messagingRepository.listForUser(app.db, viewer.userId, { q, offset, limit });
      const data: Conversation[] = [];
      for (const row of rows) data.push(await withRights(app.db, viewer, row));
      return { data, total, isMore: offset + rows.length < total };
    },

    async get(viewer: SignedIn, id: string): Promise<Conversation> {
      const { conversationId } = await requireMembership(app.db, id, viewer.userId);
      return conversationView(app.db, viewer, conversationId);
    },

    async listMessages(viewer: SignedIn, id: string, query: MessageListQuery): Promise<MessagePage> {
      const { conversationId } = await requireMembership(app.db, id, viewer.userId);
      const { rows, total } = await messagingRepository.listMessages(app.db, conversationId, {
        offset: query.offset ?? 0,
        limit: query.limit ?? MESSAGE_PAGE_SIZE,
      });
      return { data: await messageViews(app.db, viewer.userId, rows), total };
    },

    /**
     * A public conversation is a stream's chat: readable under the stream's rule (those who may
     * watch it; see streaming/stream-chat-rules.ts), so a paid chat never leaks; a private one is a 404 here.
     */
    async listPublic(viewer: Viewer, id: string, query: MessageListQuery): Promise<MessagePage> {
      const conversation = await messagingRepository.findConversation(app.db, requireUuid(id));
      if (!conversation || conversation.type !== 'public') throw notFound(CONVERSATION_NOT_FOUND);
      await requireChatReader(app, app.db, viewer, conversation.id);
      const { rows, total } = await messagingRepository.listMessages(app.db, conversation.id, {
        offset: query.offset ?? 0,
        limit: query.limit ?? MESSAGE_PAGE_SIZE,
      });
      return { data: await messageViews(app.db, viewer.userId ?? '', rows), total };
    },

    async send(viewer: SignedIn, id: string, body: SendMessageBody): Promise<Message> {
      // The hot path: the body is checked first (it depends on nobody else), then one statement
      // checks the membership and the who-may-write rule and writes the message only if both
      // hold; one more reads the recipient's unread total (README, Messaging).
      const conversationId = requireUuid(id);
      const draft = await draftOf(app.db, viewer, body, await contentPriceBounds(app.settings));
      const sent = await messagingRepository.sendMessage(
        app.db,
        viewer,
        { conversationId, text: draft.text, type: draft.type, priceCents: draft.priceCents },
        draft.files.map((f) => f.id),
      );
      if (!sent) throw notFound(CONVERSATION_NOT_FOUND);
      const refusal = writeRefusal(sent.refusal);
      if (refusal) throw refuse(refusal);
      if (!sent.message) throw new Error('The message was allowed but not written');
      return announce(sent.message, draft.files, sent.peerId);
    },

    async upload(request: FastifyRequest, kind: keyof typeof MESSAGE_UPLOAD_KINDS): Promise<MediaFileView> {
      const { purpose, kinds } = MESSAGE_UPLOAD_KINDS[kind];
      const { file } = await app.media.ingestUpload(request, { ownerId: request.user!.id, kinds: [...kinds], purpose, field: 'file' });
      return app.media.present(file, { unlocked: true });
    },

    /**
     * The sender deletes their message: it stays as a marker, its files are detached (the media
     * clean-up removes them a day later). A paid message someone bought stays: they paid for it.
     */
    async remove(viewer: SignedIn, id: string): Promise<Message> {
      const messageId = requireUuid(id);
      // A live-chat message has its own rule (the stream's creator moderates) and events.
      const existing = await messagingRepository.findMessage(app.db, messageId);
      if (existing && (await messagingRepository.findConversation(app.db, existing.conversationId))?.type === 'public') {
        return removeStreamMessage(app, viewer, existing);
      }
      const { row, memberIds } = await app.db.transaction(async (tx) => {
        const message = await messagingRepository.findMessage(tx, messageId, { forUpdate: true });
        const member = message && (await messagingRepository.member(tx, message.conversationId, viewer.userId));
        if (!message || !member) throw notFound(MESSAGE_NOT_FOUND);
        if (message.senderId !== viewer.userId) throw forbidden('You can only delete your own messages');
        if (message.isDeleted) return { row: message, memberIds: [] as string[] };
        if (message.priceCents > 0 && (await messagingRepository.wasBought(tx, message.id))) {
          throw unprocessable('This message was bought and can no longer be deleted');
        }
        await messagingRepository.forgetUnread(tx, message);
        const deleted = await messagingRepository.markDeleted(tx, message.id);
        const members = await messagingRepository.members(tx, message.conversationId);
        return { row: deleted, memberIds: members.map((m) => m.userId) };
      });
      if (memberIds.length) {
        events.messageDeleted(memberIds, row.conversationId, row.id);
        for (const userId of memberIds.filter((u) => u !== viewer.userId)) {
          events.unreadCount(userId, await messagingRepository.totalUnread(app.db, userId));
        }
      }
      const [view] = await messageViews(app.db, viewer.userId, [row]);
      return view;
    },

    async totalUnread(userId: string): Promise<{ total: number }> {
      return { total: await messagingRepository.totalUnread(app.db, userId) };
    },

    async readAll(viewer: SignedIn, id: string): Promise<{ success: boolean; total: number }> {
      const { conversationId, memberIds } = await app.db.transaction(async (tx) => {
        const found = await requireMembership(tx, id, viewer.userId);
        await messagingRepository.readAll(tx, found.conversationId, viewer.userId);
        return { conversationId: found.conversationId, memberIds: [viewer.userId, ...(found.peer ? [found.peer.userId] : [])] };
      });
      const total = await messagingRepository.totalUnread(app.db, viewer.userId);
      events.conversationRead(memberIds, conversationId, viewer.userId);
      events.unreadCount(viewer.userId, total);
      return { success: true, total };
    },

    async fileStatus(viewer: SignedIn, id: string, fileIdParam: string): Promise<MediaFileStatus> {
      const messageId = requireUuid(id);
      const fileId = requireUuid(fileIdParam, 'fileId');
      const message = await messagingRepository.findMessage(app.db, messageId);
      const member = message && (await messagingRepository.member(app.db, message.conversationId, viewer.userId));
      if (!message || !member) throw notFound(MESSAGE_NOT_FOUND);
      const file = (await messagingRepository.filesOf(app.db, [messageId])).find((f) => f.file.id === fileId);
      if (!file) throw notFound('File not found');
      return app.media.status(file.file);
    },
  };
}
export type MessagingService = ReturnType<typeof createMessagingService>;
