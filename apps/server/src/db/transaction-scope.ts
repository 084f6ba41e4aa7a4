import { AsyncLocalStorage } from 'node:async_hooks';

type OpenTransaction = { committed: (() => Promise<unknown> | unknown)[] };

const openTransaction = new AsyncLocalStorage<OpenTransaction>();

/**
 * Whether the code running now is inside a database transaction. A transaction holds a connection
 * (with the embedded database, the only one), so slow work such as hashing a password refuses to
 * run inside one.
 */
export const insideTransaction = () => openTransaction.getStore() !== undefined;

/**
 * Runs `task` once the transaction the code is in has committed (never, if it rolls back), or now
 * outside one. Telling other processes that rows changed must wait for the commit: told earlier,
 * one of them could read the old rows again and keep them.
 */
export const whenCommitted = async (task: () => Promise<unknown> | unknown) => {
  const open = openTransaction.getStore();
  if (open) open.committed.push(task);
  else await task();
};

/** What `markTransactions` needs of a database handle (the client's `Db`, which imports this file). */
type Transactional = { transaction: (work: (tx: any) => Promise<any>, config?: any) => Promise<any> };

/** Marks the work of every transaction opened on this handle (savepoints run inside their transaction). */
export const markTransactions = <D extends Transactional>(db: D): D => {
  const open = db.transaction.bind(db);
  db.transaction = (async (work: (tx: unknown) => Promise<unknown>, config?: unknown) => {
    const scope: OpenTransaction = { committed: [] };
    const result = await open((tx) => openTransaction.run(scope, () => work(tx)), config);
    for (const task of scope.committed) await task();
    return result;
  }) as D['transaction'];
  return db;
};
