import "server-only";
import { db, queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";

// Fixed-window counters in PostgreSQL, shared by every app instance. Only failures are counted, so
// a busy office behind one IP is not locked out by its own successful sign-ins.

export interface Bucket {
  key: string;
  limit: number;
  windowSeconds: number;
}

/** Seconds until the first exhausted bucket resets, or 0 when all are below their limit. */
export async function secondsUntilAllowed(buckets: readonly Bucket[]): Promise<number> {
  const rows = await db().rateLimitBucket.findMany({
    where: { key: { in: buckets.map((b) => b.key) }, resetAt: { gt: new Date() } },
  });
  let wait = 0;
  for (const row of rows) {
    const bucket = buckets.find((b) => b.key === row.key);
    if (bucket && row.count >= bucket.limit)
      wait = Math.max(wait, Math.ceil((row.resetAt.getTime() - Date.now()) / 1000));
  }
  return wait;
}

/** One use of a bucket, atomically: the count goes up, or restarts at 1 once the window has passed. */
const countUseSql = (bucket: Bucket) => Prisma.sql`INSERT INTO "RateLimitBucket" ("key", "count", "resetAt")
  VALUES (${bucket.key}, 1, now() + make_interval(secs => ${bucket.windowSeconds}::double precision))
  ON CONFLICT ("key") DO UPDATE SET
    "count" = CASE WHEN "RateLimitBucket"."resetAt" <= now() THEN 1 ELSE "RateLimitBucket"."count" + 1 END,
    "resetAt" = CASE WHEN "RateLimitBucket"."resetAt" <= now() THEN EXCLUDED."resetAt" ELSE "RateLimitBucket"."resetAt" END`;

export async function recordFailure(buckets: readonly Bucket[]): Promise<void> {
  for (const bucket of buckets) {
    // One statement per bucket: increments atomically and restarts the window once it has passed.
    await queryRows(countUseSql(bucket));
  }
}

export async function clearBuckets(keys: readonly string[]): Promise<void> {
  await db().rateLimitBucket.deleteMany({ where: { key: { in: [...keys] } } });
}

/**
 * Counts one use of a bucket (an action, not a failure: a message sent) and answers the seconds to wait
 * when this use is over the limit, else 0. One statement, so concurrent uses cannot both slip under it.
 */
export async function consumeBucket(bucket: Bucket): Promise<number> {
  const [row] = await queryRows<{ count: number; wait: number }>(
    Prisma.sql`${countUseSql(bucket)}
    RETURNING "count", ceil(extract(epoch FROM "resetAt" - now()))::int AS "wait"`,
  );
  return row && row.count > bucket.limit ? Math.max(1, row.wait) : 0;
}
