import type { Database, Executor } from './client';

/** The work of one transaction (or savepoint) waiting for its commit. */
interface Scope {
  open: boolean;
  callbacks: (() => void)[];
}

/**
 * Each transaction object's scope. Keyed by the transaction the caller holds rather than by an
 * AsyncLocalStorage context: on Node 20 one AsyncLocalStorage.run turns on promise hooks for the
 * whole process, and every promise of every request then paid for them (a quarter of a light
 * route's CPU, README "API bench", fourth round).
 */
const scopes = new WeakMap<object, Scope>();

/**
 * Runs `fn` once the transaction `tx` belongs to has committed: a socket push or a mail that must
 * never tell about a write that rolled back. With a transaction from `db.transaction(...)` (or a
 * savepoint inside it) `fn` waits for the outermost commit and is dropped if the transaction, or
 * the savepoint it was queued in, rolls back. With the database itself, or a transaction whose
 * callback has already finished, it runs at once. `fn` should only start work (emit,
 * `app.background.run`): it runs before the transaction's caller gets its answer, and what it
 * throws is logged, not raised.
 */
export function afterCommit(tx: Executor, fn: () => void): void {
  const scope = scopes.get(tx);
  if (scope?.open) scope.callbacks.push(fn);
  else fn();
}

type Transaction = Database['transaction'];

/**
 * `transaction`, giving its callback a transaction whose savepoints (`tx.transaction`) are tracked
 * too. Once it resolves, its callbacks join `done` (the parent's queue, or the list run after the
 * commit); when it rejects they are dropped.
 */
function tracked(transaction: Transaction, done: Scope): Transaction {
  return (async (callback: Parameters<Transaction>[0], config?: Parameters<Transaction>[1]) => {
    const scope: Scope = { open: true, callbacks: [] };
    let result: unknown;
    try {
      result = await transaction((tx) => {
        scopes.set(tx, scope);
        tx.transaction = tracked(tx.transaction.bind(tx) as Transaction, scope) as typeof tx.transaction;
        return callback(tx);
      }, config);
    } finally {
      scope.open = false;
    }
    done.callbacks.push(...scope.callbacks);
    return result;
  }) as Transaction;
}

/**
 * Makes `db.transaction` collect `afterCommit` callbacks and run them after the commit (the db
 * plugin installs it once per database). A transaction opened on `db` inside another's callback
 * (PostgreSQL: another connection; PGlite refuses it) is a transaction of its own: its callbacks
 * run at its own commit.
 */
export function collectAfterCommit(db: Database, onError: (err: unknown) => void): void {
  const transaction = db.transaction.bind(db) as Transaction;
  db.transaction = (async (...args: Parameters<Transaction>) => {
    const committed: Scope = { open: false, callbacks: [] };
    const result = await tracked(transaction, committed)(...args);
    for (const fn of committed.callbacks) {
      try {
        fn();
      } catch (err) {
        onError(err);
      }
    }
    return result;
  }) as Transaction;
}
