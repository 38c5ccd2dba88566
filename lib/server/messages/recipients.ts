import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { RecipientsQuery } from "@/lib/schemas/messages";
import { addressableGroupsWhere, addressableUsersWhere, writesToEveryone } from "@/lib/server/messages/access";
import { personJson, personSelect, type PersonJson } from "@/lib/server/messages/json";
import type { TenantContext } from "@/lib/tenancy/context";

const USERS_SHOWN = 20;
const GROUPS_SHOWN = 10;

export interface RecipientsJson {
  users: PersonJson[];
  groups: { id: string; name: string; member_count: number }[];
}

/**
 * GET /api/messages/recipients?q=: the people and groups the caller may write to, matching every word of
 * the search in a name or the username (staff also find people by e-mail; learners never see addresses).
 */
export async function searchRecipients(ctx: TenantContext, query: RecipientsQuery): Promise<RecipientsJson> {
  const words = (query.q ?? "").split(/\s+/).filter(Boolean).slice(0, 5);
  const byEmail = writesToEveryone(ctx);
  const userMatches: Prisma.UserWhereInput[] = words.map((word) => {
    const contains = { contains: word, mode: "insensitive" as const };
    return {
      OR: [
        { firstName: contains },
        { lastName: contains },
        { username: contains },
        ...(byEmail ? [{ email: contains }] : []),
      ],
    };
  });
  const groupMatches: Prisma.GroupWhereInput[] = words.map((word) => ({
    name: { contains: word, mode: "insensitive" as const },
  }));
  const [users, groups] = await Promise.all([
    db().user.findMany({
      where: { AND: [addressableUsersWhere(ctx), ...userMatches] },
      select: personSelect,
      orderBy: [{ lastName: "asc" }, { firstName: "asc" }, { id: "asc" }],
      take: USERS_SHOWN,
    }),
    db().group.findMany({
      where: { AND: [addressableGroupsWhere(ctx), ...groupMatches] },
      select: { id: true, name: true, _count: { select: { members: true } } },
      orderBy: [{ name: "asc" }, { id: "asc" }],
      take: GROUPS_SHOWN,
    }),
  ]);
  return {
    users: users.map(personJson),
    groups: groups.map((g) => ({ id: g.id, name: g.name, member_count: g._count.members })),
  };
}
