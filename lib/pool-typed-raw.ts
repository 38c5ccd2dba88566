import "server-only";
import {
  ColumnTypeEnum,
  type ColumnType,
  type SqlDriverAdapter,
  type SqlDriverAdapterFactory,
  type SqlQuery,
  type SqlResultSet,
  type Transaction,
} from "@prisma/driver-adapter-utils";
import { Prisma } from "@/lib/generated/prisma/client";

// queryRows (lib/db.ts) reads a statement's columns as pg does on the pool whether or not it runs in a
// transaction. Inside one it goes through tx.$queryRaw, where Prisma turns int8 into bigint, numeric into
// Decimal (dropping a numeric's trailing zeros) and time into a Date. The driver adapter hands Prisma those
// values as the same text pg gives the pool, typed by column: for queryRows' statements only (marked), the
// adapter's column types are relabelled as text, so Prisma passes the text through. Prisma's own model
// queries (BigInt fields among them) are left alone. Still apart: bytea (a Uint8Array here, a Buffer on the
// pool) and numeric[] (strings here; pg's own parser reads it as floats), which no statement of ours reads.

const MARK = "/* queryRows */";

/** A statement of queryRows, marked so the adapter below reads its columns as the pool does. */
export function markedForPoolTypes(query: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`/* queryRows */ ${query}`;
}

/** The column types Prisma would convert, and the type that keeps pg's text instead. */
const AS_ON_THE_POOL = new Map<ColumnType, ColumnType>([
  [ColumnTypeEnum.Int64, ColumnTypeEnum.Text],
  [ColumnTypeEnum.Numeric, ColumnTypeEnum.Text],
  [ColumnTypeEnum.Time, ColumnTypeEnum.Text],
  [ColumnTypeEnum.Int64Array, ColumnTypeEnum.TextArray],
]);

function readAsOnThePool(query: SqlQuery, result: SqlResultSet): SqlResultSet {
  if (!query.sql.startsWith(MARK)) return result;
  return { ...result, columnTypes: result.columnTypes.map((type) => AS_ON_THE_POOL.get(type) ?? type) };
}

/** `target` with some members replaced; the others are the target's own, bound to it. */
function withOverrides<T extends object>(target: T, overrides: Partial<T>): T {
  return new Proxy(target, {
    get(object, property) {
      if (Object.hasOwn(overrides, property)) return overrides[property as keyof T];
      const value: unknown = Reflect.get(object, property, object);
      return typeof value === "function" ? value.bind(object) : value;
    },
  });
}

function poolTypedTransaction(transaction: Transaction): Transaction {
  return withOverrides(transaction, {
    queryRaw: async (query: SqlQuery) => readAsOnThePool(query, await transaction.queryRaw(query)),
  });
}

function poolTypedAdapter(adapter: SqlDriverAdapter): SqlDriverAdapter {
  return withOverrides(adapter, {
    queryRaw: async (query: SqlQuery) => readAsOnThePool(query, await adapter.queryRaw(query)),
    startTransaction: async (...args: Parameters<SqlDriverAdapter["startTransaction"]>) =>
      poolTypedTransaction(await adapter.startTransaction(...args)),
  });
}

/** The Prisma client's driver adapter, reading queryRows' marked statements as the pool does. */
export function withPoolTypes<F extends SqlDriverAdapterFactory>(factory: F): F {
  return withOverrides(factory, {
    connect: async () => poolTypedAdapter(await factory.connect()),
  } as Partial<F>);
}
