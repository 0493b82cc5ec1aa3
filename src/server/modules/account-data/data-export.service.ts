import crypto from 'node:crypto';
import { Cron } from 'croner';
import { strToU8, zipSync } from 'fflate';
import type { FastifyInstance } from 'fastify';
import { EXPORT_TTL_DAYS, type DataExport } from '../../../common/contract/account-data';
import { createJobQueue } from '../../jobs/create-job-queue';
import { noticeMessage } from '../../mail/templates';
import { mainDownloadName } from '../../media/media-view';
import { notFound } from '../../lib/http-error';
import { MEDIA_PREFIX } from '../../storage/storage';
import { addressesAccount } from '../addresses/addresses-account';
import { ledgerExport } from '../ledger/ledger-export';
import { mediaAccount } from '../media/media-account';
import { exportMessages } from '../messaging/messages-export';
import { performerErasure } from '../performers/performer-erasure';
import { subscriptionsAccount } from '../subscriptions/subscriptions-account';
import { accountErasure } from '../users/account-erasure';
import { accountDataRepository as repo, type DataExportRow } from './account-data.repository';
import { exportCsv, type ExportedFile } from './export-files';

const DAY_MS = 86_400_000;
export const EXPORT_FAILED_MESSAGE = 'Your data could not be prepared. Please try again.';

type Deps = Pick<FastifyInstance, 'db' | 'config' | 'storage' | 'media' | 'mailer' | 'settings' | 'log' | 'metrics' | 'addHook'>;

/**
 * A person's data export (GDPR-style "download your data"): `POST /users/me/export` makes a
 * `data_exports` row; an account with at most `DATA_EXPORT_INLINE_MAX_ROWS` rows is built in that
 * request (ready at once), a larger one by the job queue (in-process, or BullMQ with Redis) and
 * announced by mail. The ZIP lives under `private/exports/` and is reached only through a
 * short-lived signed `/files/private/...` link that `GET /users/me/export` hands its owner.
 * Exports expire after EXPORT_TTL_DAYS: deleted on the owner's next request and by an hourly sweep.
 */
export async function createDataExports(app: Deps) {
  const { db, storage, log, config } = app;

  async function gather(userId: string) {
    const user = await accountErasure.find(db, userId);
    if (!user) throw notFound('Account not found');
    const [profile, addresses, messages, purchases, subscriptions, wallet, earnings, files, balances] = await Promise.all([
      performerErasure.export(db, userId),
      addressesAccount.export(db, userId),
      exportMessages(db, userId),
      ledgerExport.purchases(db, userId),
      subscriptionsAccount.export(db, userId),
      ledgerExport.wallet(db, userId),
      ledgerExport.earnings(db, userId),
      mediaAccount.ownedFiles(db, userId),
      ledgerExport.balances(db, userId),
    ]);
    return { user, profile, addresses, messages, purchases, subscriptions, wallet, earnings, files, balances };
  }

  type Gathered = Awaited<ReturnType<typeof gather>>;
  const rowsOf = (g: Gathered) => g.messages.length + g.purchases.length + g.subscriptions.length + g.wallet.length + g.earnings.length + g.files.length;

  function zipOf(g: Gathered, expiresAt: Date): Uint8Array {
    const { user } = g;
    const files: ExportedFile[] = g.files.map((f) => ({
      id: f.id, purpose: f.purpose, kind: f.kind, originalName: f.originalName, sizeBytes: f.sizeBytes, status: f.status, createdAt: f.createdAt,
      // Links last as long as the export: a person may download the ZIP days after it was made.
      downloadUrl: f.status === 'ready' && f.mainKey?.startsWith(MEDIA_PREFIX) ? app.media.signer.url(f.mainKey, { download: mainDownloadName(f)!, until: expiresAt }) : null,
    }));
    const images = [
      ...(user.avatarPath ? [{ purpose: 'avatar', key: user.avatarPath }] : []),
      ...(user.coverPath ? [{ purpose: 'cover', key: user.coverPath }] : []),
    ];
    const profile = {
      exportedAt: new Date().toISOString(),
      account: {
        id: user.id, name: user.name, username: user.username, email: user.email, role: user.role, status: user.status,
        emailVerified: user.emailVerified, twoFactorEnabled: Boolean(user.twoFactorEnabledAt),
        ageConfirmedAt: user.ageConfirmedAt?.toISOString() ?? null, termsAcceptedAt: user.termsAcceptedAt?.toISOString() ?? null,
        termsVersion: user.termsVersion, createdAt: user.createdAt.toISOString(),
        images: images.map((i) => ({ purpose: i.purpose, url: storage.publicUrl(i.key) })),
      },
      creatorProfile: g.profile,
      addresses: g.addresses,
      balances: { wallet: g.balances.wallet / 100, earnings: g.balances.earnings / 100, payoutReserve: g.balances.payout_reserve / 100 },
    };
    const entries: Record<string, Uint8Array> = {
      'profile.json': strToU8(JSON.stringify(profile, null, 2)),
      'messages.csv': strToU8(exportCsv.messages(g.messages)),
      'purchases.csv': strToU8(exportCsv.purchases(g.purchases)),
      'subscriptions.csv': strToU8(exportCsv.subscriptions(g.subscriptions)),
      'wallet-transactions.csv': strToU8(exportCsv.entries(g.wallet)),
      'files.csv': strToU8(exportCsv.files(files)),
    };
    if (user.role === 'performer' || g.earnings.length) entries['earnings.csv'] = strToU8(exportCsv.entries(g.earnings));
    return zipSync(entries, { level: 6 });
  }

  /** Builds and stores the ZIP of a pending export; a failure marks it failed with a message to show. */
  async function build(row: DataExportRow, gathered?: Gathered): Promise<DataExportRow | null> {
    const key = `private/exports/${row.userId}/${row.id}-${crypto.randomBytes(8).toString('hex')}.zip`;
    try {
      const g = gathered ?? (await gather(row.userId));
      const expiresAt = new Date(Date.now() + EXPORT_TTL_DAYS * DAY_MS);
      const zip = zipOf(g, expiresAt);
      await storage.put(key, Buffer.from(zip), 'application/zip');
      const done = await repo.finish(db, row.id, { status: 'ready', fileKey: key, sizeBytes: zip.byteLength, error: null, readyAt: new Date(), expiresAt });
      // The row went meanwhile (the account was deleted): the file must not outlive it.
      if (!done) await storage.delete(key);
      return done;
    } catch (err) {
      log.error({ err, exportId: row.id }, 'data export failed');
      await storage.delete(key).catch(() => {});
      return repo.finish(db, row.id, { status: 'failed', fileKey: null, sizeBytes: null, error: EXPORT_FAILED_MESSAGE, readyAt: null, expiresAt: null });
    }
  }

  async function mailReady(row: DataExportRow) {
    const user = await accountErasure.find(db, row.userId);
    if (!user?.email || user.deletedAt) return;
    const siteName = await app.settings.get('siteName');
    await app.mailer.send(noticeMessage({
      to: user.email, name: user.name || user.username || '', siteName,
      subject: `Your ${siteName} data is ready to download`,
      paragraphs: [
        'The copy of your account data you asked for is ready: your profile, messages, purchases, subscriptions, wallet and earnings transactions, and a list of the files you uploaded.',
        `Download it from your account settings within ${EXPORT_TTL_DAYS} days; after that it is deleted.`,
      ],
      button: { label: 'Open account settings', link: `${config.webOrigin}/${user.role === 'performer' ? 'creator' : 'user'}/account` },
    }));
  }

  async function job(id: string) {
    const row = await repo.find(db, id);
    if (!row || row.status !== 'pending') return;
    const done = await build(row);
    if (done?.status === 'ready') await mailReady(done);
  }

  const queue = await createJobQueue(app, job, { name: 'data-exports', concurrency: 1 });

  async function removeRows(rows: DataExportRow[]) {
    await repo.remove(db, rows.map((r) => r.id));
    for (const r of rows) if (r.fileKey) await storage.delete(r.fileKey).catch((err) => log.warn({ err, key: r.fileKey }, 'could not delete an export file'));
  }

  /** Deletes exports whose download time is over (rows and files); answers how many. */
  async function cleanUpExpired(now = new Date()): Promise<number> {
    const rows = await repo.expired(db, now);
    await removeRows(rows);
    return rows.length;
  }

  let stop: (() => void) | null = null;
  app.addHook('onReady', async () => {
    if (!config.redisUrl) for (const id of await repo.pendingIds(db)) await queue.add(id);
    if (config.env !== 'test') {
      const cron = new Cron('30 * * * *', { protect: true, unref: true }, () => cleanUpExpired().then(() => undefined, (err) => log.error({ err }, 'export clean-up failed')));
      stop = () => cron.stop();
    }
  });
  app.addHook('onClose', async () => {
    stop?.();
    await queue.close();
  });

  function view(row: DataExportRow): DataExport {
    return {
      _id: row.id,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      readyAt: row.readyAt?.toISOString() ?? null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      sizeBytes: row.sizeBytes ?? null,
      downloadUrl: row.status === 'ready' && row.fileKey
        ? app.media.privateSigner.url(row.fileKey, { download: `account-data-${row.createdAt.toISOString().slice(0, 10)}.zip` })
        : null,
      error: row.error,
    };
  }

  /** The latest export, after removing it when its time is over. */
  async function current(userId: string): Promise<DataExportRow | null> {
    const row = await repo.latest(db, userId);
    if (row?.expiresAt && row.expiresAt.getTime() <= Date.now()) {
      await removeRows([row]);
      return null;
    }
    return row;
  }

  return {
    whenIdle: () => queue.whenIdle(),
    cleanUpExpired,

    async status(userId: string): Promise<DataExport | null> {
      const row = await current(userId);
      return row ? view(row) : null;
    },

    /**
     * One export at a time: while one is being prepared, that one is answered. Otherwise earlier
     * exports are replaced by a new one, built here when small, else queued.
     */
    async request(userId: string): Promise<DataExport> {
      const latest = await current(userId);
      if (latest?.status === 'pending') return view(latest);
      const previous = await repo.allOf(db, userId);
      const row = await repo.insert(db, userId);
      await removeRows(previous);
      const gathered = await gather(userId).catch(() => null);
      if (gathered && rowsOf(gathered) <= config.dataExportInlineMaxRows) {
        const done = await build(row, gathered);
        return view(done ?? row);
      }
      await queue.add(row.id);
      return view(row);
    },

    /** Every export of a deleted account goes, rows and files. */
    removeAllOf: async (userId: string) => removeRows(await repo.allOf(db, userId)),
  };
}

export type DataExports = Awaited<ReturnType<typeof createDataExports>>;
