import type { FastifyInstance } from 'fastify';
import type { PerformerPublic } from '../../../common/contract/performers';
import { NOT_AVAILABLE_MESSAGE } from '../../../common/contract/social';
import { forbidden, notFound } from '../../lib/http-error';
import { blockingRepository } from '../blocking/blocking.repository';
import type { Viewer } from '../blocking/viewer';
import { toPerformerPublic } from './performer.dto';
import { performersRepository, type PerformerWithViewer } from './performers.repository';
import { subscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { toViewerSubscription } from '../subscriptions/subscription.dto';
import { isUuid } from '../../shared/ids';
import { createViewWindow } from '../../lib/view-window';
import type { Executor } from '../../db/client';
import type { VerificationStatus } from '../../db/schema';


/** Public performer profiles. */
export function createPerformersService(deps: Pick<FastifyInstance, 'db' | 'config' | 'storage' | 'settings' | 'changeCaches'>) {
  const urls = { storage: deps.storage, webOrigin: deps.config.webOrigin };
  // What a visitor who is not signed in reads of a profile, by the name or id asked (db/change-cache.ts).
  const visitorProfiles = deps.changeCaches.accounts.create<PerformerWithViewer>();
  const visitorViews = new WeakMap<PerformerWithViewer, { key: string; view: PerformerPublic }>();

  /**
   * The creator's row as `findPublic` reads it. A visitor's is the same for every visitor (no
   * follow or bookmark flags), so it is kept in this process until the creator's account changes.
   */
  async function findPublic(by: { username: string; id?: string }, viewer: Viewer): Promise<PerformerWithViewer | null> {
    if (viewer.userId) return performersRepository.findPublic(deps.db, by, viewer);
    const cached = visitorProfiles.get(by.username);
    if (cached) return cached;
    const mark = visitorProfiles.mark();
    const row = await performersRepository.findPublic(deps.db, by, viewer);
    if (row) visitorProfiles.set(mark, by.username, row.user.id, row);
    return row;
  }
  // Who was counted viewing which profile this hour (per process; see lib/view-window.ts).
  const profileViews = createViewWindow();

  /**
   * The profile the viewer may open, by username (the spec's profileId), else by id; fans, admins
   * and inactive accounts are 404, a suspended creator 403 "not available" (to everyone: operators
   * judge them in the console), as is a creator who blocked the viewer or their country.
   */
  async function requireVisible(idOrUsername: string, viewer: Viewer) {
    const by = { username: idOrUsername.toLowerCase(), id: isUuid(idOrUsername) ? idOrUsername.toLowerCase() : undefined };
    const row = await findPublic(by, viewer);
    if (!row) {
      // A suspended creator's page is "not available", as for a blocked viewer: it existed and may return.
      if (await performersRepository.isSuspended(deps.db, by)) throw forbidden(NOT_AVAILABLE_MESSAGE);
      throw notFound('Performer not found');
    }
    if (await blockingRepository.isBlocked(deps.db, row.user.id, viewer)) throw forbidden(NOT_AVAILABLE_MESSAGE);
    return row;
  }

  return {
    async view(idOrUsername: string, viewer: Viewer): Promise<PerformerPublic> {
      const row = await requireVisible(idOrUsername, viewer);
      const [freeSubscriptionEnabled, freeSubscriptionDuration] = await Promise.all([
        deps.settings.get('freeSubscriptionEnabled'),
        deps.settings.get('freeSubscriptionDuration'),
      ]);
      const welcome = row.performer.welcomeVideoPath ? deps.storage.publicUrl(row.performer.welcomeVideoPath) : null;
      const ctx = { ...urls, freeSubscriptionEnabled, freeSubscriptionDuration };
      if (!viewer.userId) {
        // A visitor's profile is the same for every visitor: presented once per cached row (the
        // bio's excerpt goes through the HTML sanitiser) while the settings it shows stay the same.
        const key = `${freeSubscriptionEnabled}|${freeSubscriptionDuration}|${welcome}`;
        const presented = visitorViews.get(row);
        if (presented?.key === key) return presented.view;
        const view = toPerformerPublic(ctx, row, welcome, null);
        visitorViews.set(row, { key, view });
        return view;
      }
      const own = await subscriptionsRepository.findPair(deps.db, viewer.userId, row.user.id);
      return toPerformerPublic(ctx, row, welcome, own ? toViewerSubscription(own) : null);
    },

    /**
     * Counts a view of a profile the viewer may open (for the creator's dashboard). Signed-in
     * viewers are told apart by account, others by IP address; the creator's own views never count.
     */
    async countView(id: string, viewer: Viewer, ip: string | null): Promise<{ views: number; counted: boolean }> {
      const row = await requireVisible(id, viewer);
      const who = viewer.userId ? `u:${viewer.userId}` : `ip:${ip ?? 'unknown'}`;
      if (viewer.userId === row.user.id || !profileViews.take(`${who}|${row.user.id}`)) {
        return { views: row.performer.profileViews, counted: false };
      }
      const views = await performersRepository.addProfileView(deps.db, row.user.id);
      if (views === null) throw notFound('Performer not found');
      return { views, counted: true };
    },
  };
}

/** How many times others opened the creator's profile (read by the creator dashboard). */
export async function profileViewsOf(db: Executor, performerId: string): Promise<number> {
  return (await performersRepository.findById(db, performerId))?.profileViews ?? 0;
}

/** Where the creator's identity check stands, with the operator's note when rejected (read by the creator dashboard). */
export async function verificationOf(db: Executor, performerId: string): Promise<{ status: VerificationStatus; note: string | null }> {
  const row = await performersRepository.findById(db, performerId);
  if (!row) throw notFound('Performer not found');
  return { status: row.verificationStatus, note: row.verificationStatus === 'rejected' ? row.verificationNote : null };
}
