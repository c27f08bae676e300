import type { DatabaseConnection, Dialect, Driver, TransactionSettings } from 'kysely';

/**
 * PGlite is one connection shared by every caller. Without this lock a query from another
 * request could run inside someone else's open transaction. The lock is held from acquire
 * to release, as Kysely's own SQLite driver does, so a transaction runs alone.
 * Consequence: inside `db.transaction()`, use `trx`, never the outer `db` (it would wait
 * for the transaction that is waiting for it).
 */
export const serialDialect = (dialect: Dialect): Dialect => ({
  createAdapter: () => dialect.createAdapter(),
  createIntrospector: (db) => dialect.createIntrospector(db),
  createQueryCompiler: () => dialect.createQueryCompiler(),
  createDriver: () => new SerialDriver(dialect.createDriver()),
});

class SerialDriver implements Driver {
  #queue: Promise<void> = Promise.resolve();
  #unlock: (() => void) | undefined;

  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let unlock!: () => void;
    this.#queue = new Promise<void>((resolve) => (unlock = resolve));
    await previous;
    this.#unlock = unlock;
    return this.inner.acquireConnection();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.releaseConnection(connection);
    } finally {
      const unlock = this.#unlock;
      this.#unlock = undefined;
      unlock?.();
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  async destroy(): Promise<void> {
    await this.#queue;
    await this.inner.destroy();
  }
}
