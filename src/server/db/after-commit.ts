import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from './client';

/** The work of one `db.transaction` call waiting for its commit. */
interface Scope {
  open: boolean;
  callbacks: (() => void)[];
}

const scopes = new AsyncLocalStorage<Scope>();

/**
 * Runs `fn` once the transaction the caller is inside has committed: a socket push or a mail that
 * must never tell about a write that rolled back. Inside `db.transaction(...)`'s callback (on the
 * transaction or anything it awaits) `fn` waits for the OUTERMOST transaction to resolve and is
 * dropped if it rejects; outside any transaction, or from work that outlived its transaction's
 * callback, it runs at once. `fn` should only start work (emit, `app.background.run`): it runs
 * before the transaction's caller gets its answer, and what it throws is logged, not raised.
 */
export function afterCommit(fn: () => void): void {
  const scope = scopes.getStore();
  if (scope?.open) scope.callbacks.push(fn);
  else fn();
}

/**
 * Makes `db.transaction` collect `afterCommit` callbacks (the db plugin installs it once per
 * database). A transaction opened inside another's callback (PostgreSQL: another connection) hands
 * its callbacks to the outer one when it commits, so they still wait for the outermost commit.
 */
export function collectAfterCommit(db: Database, onError: (err: unknown) => void): void {
  const transaction = db.transaction.bind(db);
  const wrapped = async (...args: Parameters<Database['transaction']>) => {
    const outer = scopes.getStore();
    const scope: Scope = { open: true, callbacks: [] };
    let result: unknown;
    try {
      result = await scopes.run(scope, () => transaction(...args));
    } finally {
      scope.open = false;
    }
    if (outer?.open) {
      outer.callbacks.push(...scope.callbacks);
    } else {
      for (const fn of scope.callbacks) {
        try {
          fn();
        } catch (err) {
          onError(err);
        }
      }
    }
    return result;
  };
  db.transaction = wrapped as Database['transaction'];
}
