import "server-only";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { enrollThroughGroup, withdrawGroupEnrollments } from "@/lib/server/groups/enrollment-sync";
import { recordGroupMembersAdded } from "@/lib/server/webhooks/events";

// One user's groups, set as a whole by the user administration (the groups' own pages add and remove
// members in bulk). The same enrollment rules as there: joining enrolls in the group's courses at once;
// leaving keeps progress and withdraws only the group enrollments no other group of theirs gives.

type Tx = Prisma.TransactionClient;

/** Groups of the organization by id, or a 400 naming the ones it does not have. */
export async function requireGroups(tx: Tx, organizationId: string, groupIds: readonly string[]): Promise<string[]> {
  const ids = [...new Set(groupIds)];
  if (ids.length === 0) return ids;
  const found = new Set(
    (await tx.group.findMany({ where: { organizationId, id: { in: ids } }, select: { id: true } })).map((g) => g.id),
  );
  const unknown = ids.filter((id) => !found.has(id));
  if (unknown.length > 0) {
    const message = `No such group in this organization: ${unknown.slice(0, 5).join(", ")}`;
    throw new AppError("VALIDATION_FAILED", message, { fieldErrors: { group_ids: [message] } });
  }
  return ids;
}

/** Makes `groupIds` exactly the user's groups. Returns the groups joined and left. */
export async function setUserGroups(
  tx: Tx,
  organizationId: string,
  userId: string,
  groupIds: readonly string[],
): Promise<{ joined: string[]; left: string[] }> {
  const wanted = await requireGroups(tx, organizationId, groupIds);
  const current = (await tx.groupMember.findMany({ where: { organizationId, userId }, select: { groupId: true } })).map(
    (m) => m.groupId,
  );
  const joined = wanted.filter((id) => !current.includes(id));
  const left = current.filter((id) => !wanted.includes(id));
  if (joined.length > 0) {
    await tx.groupMember.createMany({
      data: joined.map((groupId) => ({ organizationId, groupId, userId })),
      skipDuplicates: true,
    });
    for (const groupId of joined) await recordGroupMembersAdded(tx, organizationId, groupId, [userId]);
    await enrollThroughGroup(tx, organizationId, await coursesOf(tx, organizationId, joined), [userId]);
  }
  if (left.length > 0) {
    await tx.groupMember.deleteMany({ where: { organizationId, userId, groupId: { in: left } } });
    // Their memberships are gone first, so a course two left groups gave is withdrawn too.
    for (const groupId of left)
      await withdrawGroupEnrollments(tx, organizationId, groupId, await coursesOf(tx, organizationId, [groupId]), [
        userId,
      ]);
  }
  return { joined, left };
}

async function coursesOf(tx: Tx, organizationId: string, groupIds: string[]): Promise<string[]> {
  const rows = await tx.groupCourse.findMany({
    where: { organizationId, groupId: { in: groupIds } },
    select: { courseId: true },
  });
  return [...new Set(rows.map((r) => r.courseId))];
}
