import "server-only";
import { db } from "@/lib/db";
import { managedBanksWhere, type ManagedBank } from "@/lib/server/questions/access";
import type { TenantContext } from "@/lib/tenancy/context";

// The banks an export writes: the bank itself, and with its sub-banks every bank nested in it that the
// caller manages, each with its path (the exported bank's name first), parents before their children.

/** Deeper than any real tree; the tree has no cycles (moves refuse them), this only bounds the loop. */
const MAX_DEPTH = 100;

export interface BankPath {
  id: string;
  path: string[];
}

export async function exportedBanks(ctx: TenantContext, root: ManagedBank, withSubBanks: boolean): Promise<BankPath[]> {
  const out: BankPath[] = [{ id: root.id, path: [root.name] }];
  if (!withSubBanks) return out;
  const children = new Map<string, { id: string; name: string }[]>();
  let level = [root.id];
  for (let depth = 0; level.length && depth < MAX_DEPTH; depth++) {
    const rows = await db().questionBank.findMany({
      where: { AND: [managedBanksWhere(ctx), { parentId: { in: level } }] },
      select: { id: true, name: true, parentId: true },
      orderBy: [{ name: "asc" }, { id: "asc" }],
    });
    for (const row of rows) children.set(row.parentId!, [...(children.get(row.parentId!) ?? []), row]);
    level = rows.map((r) => r.id);
  }
  const visit = (id: string, path: string[]) => {
    for (const child of children.get(id) ?? []) {
      out.push({ id: child.id, path: [...path, child.name] });
      visit(child.id, [...path, child.name]);
    }
  };
  visit(root.id, [root.name]);
  return out;
}
