import { sql } from 'drizzle-orm';
import { afterCommit } from '../../../src/server/db/after-commit';
import { startTestServer, type TestServer } from '../../support/server';
import { allRows, tables } from '../../support/db';
import { closeSockets, collect, connected, newCreator, newFan, next, notificationsOf, openSocket } from './notifications-world';

jest.setTimeout(60_000);

let server: TestServer;
let url: string;
beforeAll(async () => {
  server = await startTestServer();
  url = await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(closeSockets);
afterAll(() => server.close());

const onPostgres = process.env.TEST_DATABASE_URL ? it : it.skip;

describe('afterCommit (src/server/db/after-commit.ts)', () => {
  it('runs the callbacks once the transaction committed, in order, before its caller gets the answer', async () => {
    const seen: string[] = [];
    const answer = await server.app.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      afterCommit(tx, () => seen.push('first'));
      afterCommit(tx, () => seen.push('second'));
      expect(seen).toEqual([]);
      return 'done';
    });
    expect(answer).toBe('done');
    expect(seen).toEqual(['first', 'second']);
  });

  it('drops them when the transaction rolls back', async () => {
    const seen: string[] = [];
    await expect(server.app.db.transaction(async (tx) => {
      afterCommit(tx, () => seen.push('never'));
      throw new Error('refused');
    })).rejects.toThrow('refused');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual([]);
  });

  it('runs at once on the database itself, and once a transaction\'s callback has finished', async () => {
    const seen: string[] = [];
    afterCommit(server.app.db, () => seen.push('no transaction'));
    expect(seen).toEqual(['no transaction']);
    let late: Promise<void> = Promise.resolve();
    await server.app.db.transaction(async (tx) => {
      // Work the callback starts but does not wait for: by the time it asks, the scope is over.
      late = new Promise<void>((resolve) => setTimeout(() => {
        afterCommit(tx, () => seen.push('late'));
        resolve();
      }, 30));
    });
    await late;
    expect(seen).toEqual(['no transaction', 'late']);
  });

  it('logs a failing callback instead of failing the committed request, and runs the others', async () => {
    const seen: string[] = [];
    const answer = await server.app.db.transaction(async (tx) => {
      afterCommit(tx, () => {
        throw new Error('socket gone');
      });
      afterCommit(tx, () => seen.push('still runs'));
      return 42;
    });
    expect(answer).toBe(42);
    expect(seen).toEqual(['still runs']);
  });

  it('holds a savepoint\'s callbacks for the outer commit, and drops them when the savepoint or the outer transaction rolls back', async () => {
    const seen: string[] = [];
    await server.app.db.transaction(async (tx) => {
      await tx.transaction(async (savepoint) => {
        await savepoint.execute(sql`select 1`);
        afterCommit(savepoint, () => seen.push('inner'));
      });
      expect(seen).toEqual([]);
      afterCommit(tx, () => seen.push('outer'));
    });
    expect(seen).toEqual(['inner', 'outer']);
    await expect(server.app.db.transaction(async (tx) => {
      await tx.transaction(async (savepoint) => afterCommit(savepoint, () => seen.push('never')));
      throw new Error('outer refused');
    })).rejects.toThrow('outer refused');
    await server.app.db.transaction(async (tx) => {
      await tx.transaction(async (savepoint) => {
        afterCommit(savepoint, () => seen.push('never either'));
        await savepoint.transaction(async (deeper) => afterCommit(deeper, () => seen.push('nor this')));
        throw new Error('inner refused');
      }).catch(() => undefined);
      afterCommit(tx, () => seen.push('outer after a caught inner failure'));
    });
    expect(seen).toEqual(['inner', 'outer', 'outer after a caught inner failure']);
  });

  onPostgres('a transaction opened on the database inside another\'s callback (PostgreSQL: a second connection) runs its callbacks at its own commit', async () => {
    const seen: string[] = [];
    await server.app.db.transaction(async () => {
      await server.app.db.transaction(async (inner) => afterCommit(inner, () => seen.push('inner')));
      expect(seen).toEqual(['inner']);
    });
  });

  it('a notification written in a transaction that rolls back is neither stored nor pushed', async () => {
    const creator = await newCreator(server.app);
    const fan = await newFan(server.app);
    const socket = openSocket(url, creator.token);
    await connected(socket);
    const nothing = collect(socket, 'notification_created', 600);
    await expect(server.app.db.transaction(async (tx) => {
      await server.app.notifications.notify(tx, { userId: creator.user.id, kind: 'tip_received', actorId: fan.user.id, data: { amount: 5 } });
      throw new Error('the tip was refused');
    })).rejects.toThrow('the tip was refused');
    expect(await nothing).toEqual([]);
    expect(await notificationsOf(server.app, creator.user.id)).toEqual([]);

    // The same call committed: stored, and pushed after the commit.
    const arriving = next<{ notification: { kind: string } }>(socket, 'notification_created');
    await server.app.db.transaction((tx) =>
      server.app.notifications.notify(tx, { userId: creator.user.id, kind: 'tip_received', actorId: fan.user.id, data: { amount: 5 } }));
    expect((await arriving).notification.kind).toBe('tip_received');
    expect((await allRows(server.app, tables.notifications)).filter((n) => n.userId === creator.user.id)).toHaveLength(1);
  });
});
