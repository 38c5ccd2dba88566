import "server-only";
import { db, queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";

// Platform-wide settings: Setting rows without an organization. PostgreSQL's unique index lets NULLs
// repeat, so a write takes a transaction-scoped advisory lock per key before it reads and writes.

export type PlatformSettingKey = "organization-defaults" | "smtp";

export async function readPlatformSetting(
  key: PlatformSettingKey,
  client: Prisma.TransactionClient = db(),
): Promise<unknown> {
  const row = await client.setting.findFirst({ where: { organizationId: null, key }, select: { value: true } });
  return row?.value ?? null;
}

/** Inside a transaction: the key's lock, then its one row written. */
export async function writePlatformSetting(
  tx: Prisma.TransactionClient,
  key: PlatformSettingKey,
  value: Prisma.InputJsonValue,
): Promise<void> {
  await lockPlatformSetting(tx, key);
  const { count } = await tx.setting.updateMany({ where: { organizationId: null, key }, data: { value } });
  if (count === 0) await tx.setting.create({ data: { organizationId: null, key, value } });
}

/** Takes the key's lock (before reading it for a change). */
export async function lockPlatformSetting(tx: Prisma.TransactionClient, key: PlatformSettingKey): Promise<void> {
  await queryRows(
    Prisma.sql`SELECT 1 AS "locked" FROM pg_advisory_xact_lock(hashtext('platform-setting:' || ${key}::text))`,
    tx,
  );
}
