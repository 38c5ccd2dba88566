import "server-only";
import { db, LONG_TRANSACTION } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import type {
  AddGroupMembersInput,
  AssignGroupCourseInput,
  CreateGroupInput,
  UpdateGroupInput,
} from "@/lib/schemas/groups";
import { isId } from "@/lib/schemas/id";
import { audit, auditActor } from "@/lib/server/audit";
import { requireCourseEditor } from "@/lib/server/courses/access";
import { requireManagedGroup } from "@/lib/server/groups/access";
import { enrollThroughGroup, withdrawGroupEnrollments } from "@/lib/server/groups/enrollment-sync";
import { getGroup, type GroupDetailJson } from "@/lib/server/groups/queries";
import { nameTaken, sameNameWhere } from "@/lib/server/unique-name";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { requirePermission } from "@/lib/tenancy/permissions";
import { recordGroupMembersAdded } from "@/lib/server/webhooks/events";

// Big groups: adding members and assigning courses are set-based (enrollment-sync.ts) and run in one
// transaction each, so a group is never half-enrolled.

export async function createGroup(ctx: TenantContext, input: CreateGroupInput): Promise<GroupDetailJson> {
  requirePermission(ctx, "groups:manage");
  const organizationId = tenantId(ctx);
  const group = await db().$transaction(async (tx) => {
    await ensureNameFree(tx, organizationId, input.name);
    const created = await tx.group.create({
      data: { organizationId, name: input.name, description: input.description ?? "", createdById: ctx.userId },
      select: { id: true },
    });
    await audit(
      { organizationId, ...auditActor(ctx), action: "group.create", entityType: "group", entityId: created.id },
      tx,
    );
    return created;
  });
  return getGroup(ctx, group.id);
}

export async function updateGroup(
  ctx: TenantContext,
  groupId: string,
  input: UpdateGroupInput,
): Promise<GroupDetailJson> {
  const group = await requireManagedGroup(ctx, groupId);
  await db().$transaction(async (tx) => {
    if (input.name !== undefined) await ensureNameFree(tx, group.organizationId, input.name, group.id);
    await tx.group.update({
      where: { id: group.id, organizationId: group.organizationId },
      data: { name: input.name, description: input.description },
    });
    await audit(
      {
        organizationId: group.organizationId,
        ...auditActor(ctx),
        action: "group.update",
        entityType: "group",
        entityId: group.id,
      },
      tx,
    );
  });
  return getGroup(ctx, group.id);
}

/** Deleting a group is every member leaving it: their group enrollments go unless another group gives them. */
export async function deleteGroup(ctx: TenantContext, groupId: string): Promise<void> {
  const group = await requireManagedGroup(ctx, groupId);
  const { organizationId } = group;
  await db().$transaction(async (tx) => {
    // One after the other: a transaction is one connection, which runs one statement at a time.
    const members = await memberIds(tx, organizationId, group.id);
    const courses = await courseIds(tx, organizationId, group.id);
    await withdrawGroupEnrollments(tx, organizationId, group.id, courses, members);
    // Its events go with it (they reference the group; an organization-wide leftover would mislead).
    await tx.event.deleteMany({ where: { organizationId, groupId: group.id } });
    await tx.group.delete({ where: { id: group.id, organizationId } });
    await audit(
      {
        organizationId,
        ...auditActor(ctx),
        action: "group.delete",
        entityType: "group",
        entityId: group.id,
        data: { name: group.name, members: members.length },
      },
      tx,
    );
  }, LONG_TRANSACTION);
}

/** Bulk add: people of the organization become members and are enrolled in the group's courses at once. */
export async function addGroupMembers(
  ctx: TenantContext,
  groupId: string,
  input: AddGroupMembersInput,
): Promise<{ added: number; group: GroupDetailJson }> {
  const group = await requireManagedGroup(ctx, groupId);
  const { organizationId } = group;
  const ids = [...new Set(input.user_ids)];
  const found = await db().user.findMany({ where: { organizationId, id: { in: ids } }, select: { id: true } });
  if (found.length !== ids.length) {
    const known = new Set(found.map((u) => u.id));
    const unknown = ids.filter((id) => !known.has(id));
    const message = `No such user in this organization: ${unknown.slice(0, 5).join(", ")}${unknown.length > 5 ? ` and ${unknown.length - 5} more` : ""}`;
    throw new AppError("VALIDATION_FAILED", message, { fieldErrors: { user_ids: [message] } });
  }
  const added = await db().$transaction(async (tx) => {
    const existing = new Set(
      (
        await tx.groupMember.findMany({
          where: { organizationId, groupId: group.id, userId: { in: ids } },
          select: { userId: true },
        })
      ).map((m) => m.userId),
    );
    const newcomers = ids.filter((id) => !existing.has(id));
    await tx.groupMember.createMany({
      data: newcomers.map((userId) => ({ organizationId, groupId: group.id, userId })),
      skipDuplicates: true,
    });
    await recordGroupMembersAdded(tx, organizationId, group.id, newcomers);
    await enrollThroughGroup(tx, organizationId, await courseIds(tx, organizationId, group.id), newcomers);
    await audit(
      {
        organizationId,
        ...auditActor(ctx),
        action: "group.members.add",
        entityType: "group",
        entityId: group.id,
        data: { count: newcomers.length },
      },
      tx,
    );
    return newcomers.length;
  }, LONG_TRANSACTION);
  return { added, group: await getGroup(ctx, group.id) };
}

/** A member leaves: their progress stays; their group enrollments go unless another group gives them. */
export async function removeGroupMember(ctx: TenantContext, groupId: string, userId: string): Promise<void> {
  const group = await requireManagedGroup(ctx, groupId);
  const { organizationId } = group;
  if (!isId(userId)) throw new AppError("NOT_FOUND", "This person is not a member of the group");
  await db().$transaction(async (tx) => {
    const removed = await tx.groupMember.deleteMany({ where: { organizationId, groupId: group.id, userId } });
    if (removed.count === 0) throw new AppError("NOT_FOUND", "This person is not a member of the group");
    await withdrawGroupEnrollments(tx, organizationId, group.id, await courseIds(tx, organizationId, group.id), [
      userId,
    ]);
    await audit(
      {
        organizationId,
        ...auditActor(ctx),
        action: "group.members.remove",
        entityType: "group",
        entityId: group.id,
        data: { userId },
      },
      tx,
    );
  });
}

/** A course for the group: every member is enrolled (source "group"). Only a course the caller may edit. */
export async function assignGroupCourse(
  ctx: TenantContext,
  groupId: string,
  input: AssignGroupCourseInput,
): Promise<GroupDetailJson> {
  const group = await requireManagedGroup(ctx, groupId);
  const { organizationId } = group;
  requirePermission(ctx, "enrollments:manage");
  await requireCourseEditor(ctx, input.course_id);
  await db().$transaction(async (tx) => {
    const link = await tx.groupCourse.createMany({
      data: [{ organizationId, groupId: group.id, courseId: input.course_id }],
      skipDuplicates: true,
    });
    if (link.count === 0) throw new AppError("CONFLICT", "This course is already assigned to the group");
    await enrollThroughGroup(tx, organizationId, [input.course_id], await memberIds(tx, organizationId, group.id));
    await audit(
      {
        organizationId,
        ...auditActor(ctx),
        action: "group.courses.assign",
        entityType: "group",
        entityId: group.id,
        data: { courseId: input.course_id },
      },
      tx,
    );
  }, LONG_TRANSACTION);
  return getGroup(ctx, group.id);
}

/** The course leaves the group: members keep their progress; group enrollments nothing else gives go. */
export async function unassignGroupCourse(ctx: TenantContext, groupId: string, courseId: string): Promise<void> {
  const group = await requireManagedGroup(ctx, groupId);
  const { organizationId } = group;
  if (!isId(courseId)) throw new AppError("NOT_FOUND", "This course is not assigned to the group");
  await requireCourseEditor(ctx, courseId);
  await db().$transaction(async (tx) => {
    const removed = await tx.groupCourse.deleteMany({ where: { organizationId, groupId: group.id, courseId } });
    if (removed.count === 0) throw new AppError("NOT_FOUND", "This course is not assigned to the group");
    await withdrawGroupEnrollments(
      tx,
      organizationId,
      group.id,
      [courseId],
      await memberIds(tx, organizationId, group.id),
    );
    await audit(
      {
        organizationId,
        ...auditActor(ctx),
        action: "group.courses.unassign",
        entityType: "group",
        entityId: group.id,
        data: { courseId },
      },
      tx,
    );
  }, LONG_TRANSACTION);
}

async function memberIds(tx: Prisma.TransactionClient, organizationId: string, groupId: string): Promise<string[]> {
  return (await tx.groupMember.findMany({ where: { organizationId, groupId }, select: { userId: true } })).map(
    (m) => m.userId,
  );
}

async function courseIds(tx: Prisma.TransactionClient, organizationId: string, groupId: string): Promise<string[]> {
  return (await tx.groupCourse.findMany({ where: { organizationId, groupId }, select: { courseId: true } })).map(
    (c) => c.courseId,
  );
}

async function ensureNameFree(
  tx: Prisma.TransactionClient,
  organizationId: string,
  name: string,
  exceptId?: string,
): Promise<void> {
  const existing = await tx.group.findFirst({
    where: sameNameWhere(organizationId, name, exceptId),
    select: { id: true },
  });
  if (existing) throw nameTaken("group", name);
}
