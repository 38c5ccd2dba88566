import "server-only";
import { db, LONG_TRANSACTION, queryRows } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { audit, auditActor } from "@/lib/server/audit";
import { removeStoredFiles } from "@/lib/server/courses/stored-files";
import { forgetAttemptsOf } from "@/lib/server/quizzes/statistics-sums";
import { assertNotSelf, ensureOrgAdminRemains } from "@/lib/server/users/rules";
import { requireEditableUser } from "@/lib/server/users/target";
import type { TenantContext } from "@/lib/tenancy/context";

// Deleting a person takes what is theirs: enrollments, progress and SCORM attempts, group memberships,
// their place in conversations and open links (all cascade from User), the messages they sent and their
// picture (served publicly by its address, so it is deleted from storage once the row is gone). It
// keeps what others use: the courses, groups, events, conversations and SCORM packages they made stay,
// with no author ("a deleted user"). Those references are ON DELETE RESTRICT (a SET NULL would also null
// organizationId in the composite key), so they are cleared here, in the same transaction, first.

/** DELETE /api/admin/users/{userId}. */
export async function deleteUser(ctx: TenantContext, userId: string): Promise<void> {
  const target = await requireEditableUser(ctx, userId);
  assertNotSelf(ctx, [target.id], "delete your own account");
  const { organizationId } = target;
  const avatarUrl = await db().$transaction(async (tx) => {
    await ensureOrgAdminRemains(tx, organizationId, [target.id]);
    const enrollments = await tx.enrollment.count({ where: { organizationId, userId: target.id } });
    const messages = await tx.message.deleteMany({ where: { organizationId, senderId: target.id } });
    await clearAuthorship(tx, organizationId, target.id);
    const threads = (
      await tx.messageParticipant.findMany({ where: { organizationId, userId: target.id }, select: { threadId: true } })
    ).map((p) => p.threadId);
    // Their quiz attempts go with them: out of the quizzes' statistics first.
    await forgetAttemptsOf(tx, organizationId, target.id);
    const [deleted] = await queryRows<{ avatarUrl: string | null }>(
      Prisma.sql`DELETE FROM "User" WHERE "organizationId" = ${organizationId}::uuid AND "id" = ${target.id}::uuid
      RETURNING "avatarUrl"`,
      tx,
    );
    if (!deleted) throw new AppError("NOT_FOUND", "User not found");
    // A conversation nobody is left in has nobody to read it.
    if (threads.length)
      await tx.messageThread.deleteMany({ where: { organizationId, id: { in: threads }, participants: { none: {} } } });
    await audit(
      {
        organizationId,
        ...auditActor(ctx),
        action: "user.delete",
        entityType: "user",
        entityId: target.id,
        data: {
          email: target.email,
          name: `${target.firstName} ${target.lastName}`,
          role: target.role,
          enrollments,
          messages: messages.count,
        },
      },
      tx,
    );
    return deleted.avatarUrl;
  }, LONG_TRANSACTION);
  // Their picture is served publicly by its address: it goes with them.
  await removeStoredFiles({ urls: [avatarUrl] });
}

/** What they made stays, authorless. */
async function clearAuthorship(tx: Prisma.TransactionClient, organizationId: string, userId: string): Promise<void> {
  await tx.course.updateMany({ where: { organizationId, createdById: userId }, data: { createdById: null } });
  await tx.group.updateMany({ where: { organizationId, createdById: userId }, data: { createdById: null } });
  await tx.event.updateMany({ where: { organizationId, createdById: userId }, data: { createdById: null } });
  await tx.messageThread.updateMany({ where: { organizationId, createdById: userId }, data: { createdById: null } });
  await tx.scormPackage.updateMany({ where: { organizationId, uploadedById: userId }, data: { uploadedById: null } });
  await tx.questionBank.updateMany({ where: { organizationId, createdById: userId }, data: { createdById: null } });
  await tx.question.updateMany({ where: { organizationId, createdById: userId }, data: { createdById: null } });
  // A version's content never changes; who wrote it may be forgotten with them.
  await tx.questionVersion.updateMany({ where: { organizationId, createdById: userId }, data: { createdById: null } });
  // A grade they gave stays, by nobody in particular (the audit log keeps who gave it).
  await tx.quizAnswer.updateMany({ where: { organizationId, overriddenById: userId }, data: { overriddenById: null } });
}
