import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './client';

const openTransaction = new AsyncLocalStorage<true>();

/**
 * Whether the code running now is inside a database transaction. A transaction holds a connection
 * (with the embedded database, the only one), so slow work such as hashing a password refuses to
 * run inside one.
 */
export const insideTransaction = () => openTransaction.getStore() === true;

/** Marks the work of every transaction opened on this handle (savepoints run inside their transaction). */
export const markTransactions = (db: Db): Db => {
  const open = db.transaction.bind(db);
  db.transaction = ((work, config) => open((tx) => openTransaction.run(true, () => work(tx)), config)) as Db['transaction'];
  return db;
};
