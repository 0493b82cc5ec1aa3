import type { FastifyInstance } from 'fastify';
import type {
  AgoraToken,
  EditLiveBody,
  GoLiveBody,
  MyStreaming,
  SetDurationBody,
  Stream,
  StreamPage,
  StreamSearchQuery,
  StreamSettings,
  StreamView,
} from '../../../common/contract/streaming';
import type { Executor } from '../../db/client';
import { forbidden, notFound, unprocessable } from '../../lib/http-error';
import type { Viewer } from '../blocking/viewer';
import { agoraUid, buildAgoraToken } from './agora-token';
import { liveEnabled, requireLive } from './live-switch';
import { accessOf, isHiddenFrom, LOCKED_MESSAGE, streamAccess } from './stream-access';
import type { StreamEvents } from './stream-events';
import type { PrivateShowsService } from './private-shows.service';
import { NOT_LIVE } from './stream-rooms';
import { cleanDescription, cleanTitle, ticketCents } from './stream-settings-rules';
import { toStream, toStreamSettings, toStreamView } from './streaming.dto';
import { streamingRepository, type StreamWithCreator } from './streaming.repository';
import { isUuid } from '../../shared/ids';

type SignedIn = Viewer & { userId: string };

export const STREAM_NOT_FOUND = 'Stream not found';

/** The creator's settings after `body` is applied, validated (400/422) before anything is written. */
function mergedSettings(saved: StreamSettings, body: Partial<StreamSettings>) {
  const access = body.access ?? saved.access;
  const price = body.price ?? (access === saved.access ? saved.price : 0);
  return {
    title: body.title === undefined ? saved.title : cleanTitle(body.title),
    description: body.description === undefined ? saved.description : cleanDescription(body.description),
    access,
    priceCents: ticketCents(access, price),
  };
}

/** Go live, edit, heartbeat, watch, search and tokens (contract `streamingRoutes`). */
export function createStreamingService(app: FastifyInstance, events: StreamEvents, privateShows: PrivateShowsService) {
  async function viewOf(db: Executor, viewer: Viewer, row: StreamWithCreator): Promise<StreamView> {
    return toStreamView(app, row, await accessOf(db, viewer, row.stream));
  }

  /** One of the caller's own streams by id; anyone else's (or an unknown id) is the same 404. */
  async function requireOwn(db: Executor, id: string, performerId: string): Promise<StreamWithCreator> {
    const found = isUuid(id) ? await streamingRepository.byIdAnyCreator(db, id.toLowerCase()) : null;
    if (!found || found.stream.performerId !== performerId) throw notFound(STREAM_NOT_FOUND);
    return found;
  }

  async function announce(row: StreamWithCreator | null): Promise<Stream> {
    if (!row) throw notFound(STREAM_NOT_FOUND);
    const stream = toStream(app, row);
    events.updated(stream);
    return stream;
  }

  return {
    viewOf,

    /**
     * The one streaming route that answers while live is off: its `enabled` is how the creator's
     * studio page learns it (the contract's shape), and it changes nothing.
     */
    async me(userId: string): Promise<MyStreaming> {
      const [settings, current, enabled] = await Promise.all([
        streamingRepository.settings(app.db, userId),
        streamingRepository.ownRunning(app.db, userId),
        liveEnabled(app),
      ]);
      return { settings: toStreamSettings(settings), current: current ? toStream(app, current) : null, enabled };
    },

    async update(userId: string, body: StreamSettings): Promise<StreamSettings> {
      await requireLive(app);
      const saved = toStreamSettings(await streamingRepository.settings(app.db, userId));
      const next = mergedSettings(saved, body);
      return toStreamSettings(await streamingRepository.saveSettings(app.db, { performerId: userId, ...next }));
    },

    /**
     * One transaction: the defaults are saved (their row lock makes a creator's concurrent "go
     * live" take turns), then the running stream is returned as it is, or a new one is made with
     * its chat. Fields given are validated first, so a bad one writes nothing.
     */
    async goLive(userId: string, body: GoLiveBody): Promise<Stream> {
      await requireLive(app);
      const saved = toStreamSettings(await streamingRepository.settings(app.db, userId));
      const next = mergedSettings(saved, body);
      const { id, created } = await app.db.transaction(async (tx) => {
        await streamingRepository.saveSettings(tx, { performerId: userId, ...next });
        const running = await streamingRepository.ownRunning(tx, userId);
        if (running) return { id: running.stream.id, created: false };
        const stream = await streamingRepository.create(tx, { performerId: userId, ...next });
        // Subscribers hear of a new public stream (a private show's stream opens elsewhere and tells nobody).
        await app.notifications.notifySubscribers(tx, {
          performerId: userId, kind: 'creator_live', link: `/streaming/${userId}`, data: next.title ? { title: next.title } : {},
        });
        return { id: stream.id, created: true };
      });
      const row = await streamingRepository.byIdAnyCreator(app.db, id);
      if (!row) throw notFound(STREAM_NOT_FOUND);
      const stream = toStream(app, row);
      if (created) events.updated(stream);
      return stream;
    },

    /** Title/description of a running stream, or its end (ending an ended one answers it as it is). */
    async editLive(userId: string, id: string, body: EditLiveBody): Promise<Stream> {
      await requireLive(app);
      const found = await requireOwn(app.db, id, userId);
      const title = body.title === undefined ? undefined : cleanTitle(body.title);
      const description = body.description === undefined ? undefined : cleanDescription(body.description);
      if (!found.stream.isStreaming) {
        if (body.isStreaming === false && title === undefined && description === undefined) return toStream(app, found);
        throw unprocessable('This stream has ended');
      }
      // A private show ends through its request (refunded when it had not started), in one transaction.
      if (body.isStreaming === false && found.stream.privateViewerId) await privateShows.streamEnded(found.stream.id);
      const stream = await app.db.transaction(async (tx) => {
        if (title !== undefined || description !== undefined) await streamingRepository.update(tx, found.stream.id, { title, description });
        if (body.isStreaming === false) await streamingRepository.end(tx, found.stream.id);
        return streamingRepository.byIdAnyCreator(tx, found.stream.id);
      });
      return announce(stream);
    },

    async setDuration(userId: string, body: SetDurationBody): Promise<Stream> {
      await requireLive(app);
      const found = await requireOwn(app.db, body.id, userId);
      if (!found.stream.isStreaming) throw notFound(NOT_LIVE);
      const row = await streamingRepository.update(app.db, found.stream.id, { durationSeconds: body.duration, lastHeartbeatAt: new Date() });
      return toStream(app, { stream: row!, user: found.user });
    },

    /** The running stream of a creator (id or username) as this viewer sees it; blocked viewers get the same 404 as for no stream. */
    async join(viewer: Viewer, idOrUsername: string): Promise<StreamView> {
      await requireLive(app);
      const key = idOrUsername.toLowerCase();
      const found = await streamingRepository.runningOf(app.db, { username: key, id: isUuid(key) ? key : undefined });
      if (!found || (await isHiddenFrom(app.db, found.stream, viewer))) throw notFound(NOT_LIVE);
      return viewOf(app.db, viewer, found);
    },

    async search(viewer: Viewer, query: StreamSearchQuery): Promise<StreamPage> {
      await requireLive(app);
      // Like explore: while the site requires verification, only approved creators are listed live.
      const verifiedOnly = await app.settings.get('requireCreatorVerification');
      const { rows, total } = await streamingRepository.searchLive(app.db, viewer, {
        verifiedOnly,
        q: query.q?.trim() || undefined,
        offset: query.offset ?? 0,
        limit: query.limit ?? 12,
      });
      const access = await streamAccess(app.db, viewer, rows.map((r) => r.stream));
      return { data: rows.map((r) => toStreamView(app, r, access.get(r.stream.id)!)), total };
    },

    async agoraToken(viewer: SignedIn, channelName: string): Promise<AgoraToken> {
      await requireLive(app);
      const appId = (await app.settings.get('agoraAppId')).trim();
      const found = isUuid(channelName) ? await streamingRepository.byId(app.db, channelName.toLowerCase()) : null;
      if (!found || !found.stream.isStreaming || (await isHiddenFrom(app.db, found.stream, viewer))) throw notFound(STREAM_NOT_FOUND);
      const credentials = { appId, certificate: app.config.agoraAppCertificate! };
      const creatorUid = agoraUid(found.stream.performerId);
      if (viewer.userId === found.stream.performerId) return buildAgoraToken(credentials, found.stream.id, creatorUid, 'publisher');
      const access = await accessOf(app.db, viewer, found.stream);
      if (!access.canWatch) throw forbidden(LOCKED_MESSAGE[access.lockReason!]);
      const token = buildAgoraToken(credentials, found.stream.id, agoraUid(viewer.userId, creatorUid), 'subscriber');
      if (found.stream.privateViewerId === viewer.userId) await privateShows.watched(found.stream.id, viewer.userId);
      return token;
    },

    /** The job: ends streams whose creator stopped sending heartbeats, and tells their rooms. */
    async endStale(seconds: number): Promise<number> {
      const ended = await streamingRepository.endStale(app.db, seconds);
      for (const row of ended) {
        const found = await streamingRepository.byIdAnyCreator(app.db, row.id);
        if (found) events.updated(toStream(app, found));
        if (row.privateViewerId) {
          await privateShows.streamEnded(row.id).catch((err) => app.log.error({ err, streamId: row.id }, 'closing a private show failed'));
        }
      }
      return ended.length;
    },
  };
}
export type StreamingService = ReturnType<typeof createStreamingService>;
