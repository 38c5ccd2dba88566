import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";

/** A free username in the organization: the wanted one, or the e-mail's local part with a number. */
export async function uniqueUsername(
  tx: Prisma.TransactionClient,
  organizationId: string,
  email: string,
  wanted?: string,
): Promise<string> {
  if (wanted) return wanted;
  const base = (email.split("@")[0] ?? "user")
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, "")
    .slice(0, 40)
    .padEnd(3, "0");
  const taken = new Set(
    (
      await tx.user.findMany({ where: { organizationId, username: { startsWith: base } }, select: { username: true } })
    ).map((u) => u.username),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}${n}`)) return `${base}${n}`;
}
