import type { FastifyInstance } from 'fastify';
import { HIDE_REASON_MAX, type AdminContentType } from '../../../common/contract/admin-content';
import type { AuditAction } from '../../../common/contract/audit';
import type { ContentType } from '../../../common/contract/content';
import { contentPath } from '../../../common/lib/content-path';
import type { Executor } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { noticeMessage } from '../../mail/templates';
import type { AuditActor } from '../audit/audit.service';
import { commentModeration } from '../comments/comment-moderation.service';
import { requireUuid } from '../../shared/ids';
import { stripControl } from '../../shared/text';
import { adminContentRepository } from './admin-content.repository';
import { titleOf } from './admin-content.dto';

const NOUN: Record<AdminContentType, string> = { feed: 'post', video: 'video', gallery: 'gallery', product: 'product', comment: 'comment' };
const NOT_FOUND: Record<AdminContentType, string> = {
  feed: 'Post not found', video: 'Video not found', gallery: 'Gallery not found', product: 'Product not found', comment: 'Comment not found',
};

/** What a hide or unhide changed, for the email sent once the transaction committed. */
export interface ModerationChange {
  type: AdminContentType;
  id: string;
  /** The person told: the item's creator, the comment's author. */
  authorId: string;
  hidden: boolean;
  reason: string | null;
  /** False when the item was already in the asked state and `alreadyOk` let it pass. */
  changed: boolean;
  /** How the email words it: hidden, or a comment removed (from a report). */
  wording: 'hidden' | 'removed';
}

/** The reason as stored and mailed: plain text without control characters, 1..500 characters. */
export function hideReason(reason: string | null | undefined, { required = true, field = 'reason' } = {}): string | null {
  const text = stripControl(reason ?? '').trim();
  if (!text) {
    if (!required) return null;
    throw badRequest('Give a reason: the creator is told it', [{ field, message: 'Give a reason' }]);
  }
  if (text.length > HIDE_REASON_MAX) throw badRequest(`The reason is longer than ${HIDE_REASON_MAX} characters`, [{ field, message: `At most ${HIDE_REASON_MAX} characters` }]);
  return text;
}

export interface HideOptions {
  /** The audit verb: `content.hide`, or `comment.remove` when a report's decision removes a comment. */
  action?: Extract<AuditAction, 'content.hide' | 'comment.remove'>;
  /** An item already hidden is no conflict (a report on content an operator hid meanwhile). */
  alreadyOk?: boolean;
}

/**
 * Hiding and unhiding content and comments (DESIGN.md section 4, Operators): the write and its
 * one audit row in the caller's transaction, the email to the author after the commit (`notify`).
 * The rule itself lives where everything is read: a hidden item is out of `visibleContent` and
 * `requireVisibleItem`, a hidden comment out of the comment lists.
 */
export function createContentModeration(app: Pick<FastifyInstance, 'db' | 'audit' | 'mailer' | 'settings' | 'config' | 'log'>) {
  async function setState(tx: Executor, actor: AuditActor, type: AdminContentType, rawId: string, reason: string | null, options: HideOptions & { hide: boolean }): Promise<ModerationChange> {
    const id = requireUuid(rawId);
    const action: AuditAction = options.hide ? (options.action ?? 'content.hide') : 'content.unhide';
    const wording = action === 'comment.remove' ? 'removed' : 'hidden';
    if (type === 'comment') {
      const found = await commentModeration.find(tx, id);
      if (!found) throw notFound(NOT_FOUND.comment);
      if (options.alreadyOk && Boolean(found.comment.hiddenAt) === options.hide) {
        return { type, id, authorId: found.comment.userId, hidden: options.hide, reason, changed: false, wording };
      }
      const { before, after } = options.hide ? await commentModeration.hide(tx, id, reason) : await commentModeration.unhide(tx, id);
      await app.audit.record(tx, actor, {
        action, targetType: 'comment', targetId: id,
        before: { hidden: before.hiddenAt !== null, reason: before.hiddenReason }, after: { hidden: after.hiddenAt !== null, reason: after.hiddenReason },
      });
      return { type, id, authorId: after.userId, hidden: options.hide, reason, changed: true, wording };
    }
    const item = await adminContentRepository.lockItem(tx, type, id);
    if (!item) throw notFound(NOT_FOUND[type]);
    if (Boolean(item.hiddenAt) === options.hide) {
      if (options.alreadyOk) return { type, id, authorId: item.performerId, hidden: options.hide, reason, changed: false, wording };
      throw conflict(options.hide ? `This ${NOUN[type]} is already hidden` : `This ${NOUN[type]} is not hidden`);
    }
    await adminContentRepository.setItemHidden(tx, type, item, options.hide ? { at: new Date(), reason: reason ?? '' } : null);
    await app.audit.record(tx, actor, {
      action, targetType: type, targetId: id,
      before: { hidden: item.hiddenAt !== null, reason: item.hiddenReason }, after: { hidden: options.hide, reason: options.hide ? reason : null },
    });
    return { type, id, authorId: item.performerId, hidden: options.hide, reason, changed: true, wording };
  }

  return {
    /** Hides an item or a comment (409 when already hidden, unless `alreadyOk`). */
    hide: (tx: Executor, actor: AuditActor, type: AdminContentType, id: string, reason: string | null, options: HideOptions = {}) =>
      setState(tx, actor, type, id, reason, { ...options, hide: true }),

    /** Shows it again (409 when it is not hidden). */
    unhide: (tx: Executor, actor: AuditActor, type: AdminContentType, id: string) => setState(tx, actor, type, id, null, { hide: false }),

    /**
     * After the commit: tells the author what happened and why. A mail failure is logged, never
     * the request's failure (the item is hidden either way; the creator also sees the reason on it).
     */
    async notify(change: ModerationChange): Promise<void> {
      if (!change.changed) return;
      try {
        const [author, [row], siteName] = await Promise.all([
          adminContentRepository.findUser(app.db, change.authorId),
          adminContentRepository.byIds(app.db, change.type, [change.id]),
          app.settings.get('siteName'),
        ]);
        if (!author?.email || !row) return;
        const noun = NOUN[change.type];
        const path = row.objectType && row.objectId ? contentPath(row.objectType as ContentType, row.objectId) : contentPath(change.type as ContentType, change.id);
        const subject = change.hidden
          ? `Your ${noun} was ${change.wording} by the moderators`
          : `Your ${noun} is visible again`;
        const what = `Your ${noun} "${titleOf(row)}"`;
        const paragraphs = change.hidden
          ? [
              `${what} was ${change.wording} by the ${siteName} moderators. Nobody but you can see it now.`,
              ...(change.reason ? [`The reason: ${change.reason}`] : []),
              'If you think this is a mistake, write to us through the contact page.',
            ]
          : [`${what} was hidden by the moderators and is visible to everyone again.`];
        await app.mailer.send(noticeMessage({
          to: author.email, name: author.name, siteName, subject, paragraphs,
          button: { label: change.type === 'comment' ? 'Open the page' : `Open your ${noun}`, link: `${app.config.webOrigin}${path}` },
        }));
      } catch (err) {
        app.log.error({ err, type: change.type, id: change.id }, 'sending the moderation notice failed');
      }
    },
  };
}

export type ContentModeration = ReturnType<typeof createContentModeration>;
