import "server-only";
import { queryRows } from "@/lib/db";
import { hashPassword, NO_PASSWORD_HASH } from "@/lib/auth/password";
import { Prisma } from "@/lib/generated/prisma/client";
import type { RunOutcome } from "@/lib/schemas/imports";
import { auditMany, type AuditEntry } from "@/lib/server/audit";
import { enrollThroughGroup } from "@/lib/server/groups/enrollment-sync";
import { completeImportedCourses } from "@/lib/server/imports/complete-courses";
import {
  dryRunRows,
  type ImportSetting,
  type RowInput,
  type RowPlan,
  type DryRunRow,
} from "@/lib/server/imports/dry-run";
import { likePrefix } from "@/lib/server/like-pattern";
import { recomputeEnrollments } from "@/lib/server/progress/recompute";
import { uuid7 } from "@/lib/server/uuid7";
import { writeUserChange } from "@/lib/server/users/write-user-change";
import { recordEnrollmentsCreated, recordGroupMembersAdded, recordUserEvents } from "@/lib/server/webhooks/events";

// Applies a batch of rows inside the caller's transaction: makes their dry run again against the database
// as it is now, creates and updates the users, puts them in their groups (enrolled in the groups' courses, as
// the groups service does) and their courses, completes the courses completed elsewhere (completed_on), and
// records each row's outcome in the same transaction, so a retried job skips what is recorded and never
// applies a row twice.

type Tx = Prisma.TransactionClient;

const RUN_OUTCOME: Record<DryRunRow["outcome"], RunOutcome> = {
  create: "created",
  update: "updated",
  unchanged: "unchanged",
  reject: "rejected",
};

export interface AppliedCounts {
  created: number;
  updated: number;
  unchanged: number;
  rejected: number;
}

export async function applyRows(setting: ImportSetting, tx: Tx, rows: readonly RowInput[]): Promise<AppliedCounts> {
  const { organizationId } = setting;
  const dryRun = await dryRunRows(setting, rows, tx);
  const creates = dryRun.filter((v) => v.outcome === "create").map((v) => v.plan!);
  const updates = dryRun.filter((v) => v.outcome === "update").map((v) => v.plan!);

  const hashes = await Promise.all(creates.map((p) => (p.password ? hashPassword(p.password) : NO_PASSWORD_HASH)));
  const usernames = await allocateUsernames(tx, organizationId, creates);
  const created = creates.map((p, i) => ({
    id: uuid7(),
    role: p.role!,
    firstName: p.firstName!,
    lastName: p.lastName!,
    email: p.email,
    username: usernames[i]!,
    passwordHash: hashes[i]!,
    status: p.status!,
  }));
  if (created.length) {
    // One statement, the rows as one JSON document (a thousand rows × nine columns as parameters cost far more memory).
    await queryRows(
      Prisma.sql`INSERT INTO "User" ("id", "organizationId", "role", "firstName", "lastName", "username", "email", "passwordHash", "status", "updatedAt")
      SELECT x."id", ${organizationId}::uuid, x."role"::"Role", x."firstName", x."lastName", x."username", x."email", x."passwordHash", x."status"::"UserStatus", now()
      FROM jsonb_to_recordset(${JSON.stringify(created)}::jsonb)
        AS x("id" uuid, "role" text, "firstName" text, "lastName" text, "username" text, "email" text, "passwordHash" text, "status" text)`,
      tx,
    );
  }
  const userIdOf = new Map<string, string>(created.map((u) => [u.email, u.id]));
  for (const plan of updates) await updateExistingUser(tx, organizationId, plan);
  for (const plan of updates) userIdOf.set(plan.email, plan.existing!.id);
  for (const v of dryRun) if (v.outcome === "unchanged") userIdOf.set(v.plan!.email, v.plan!.existing!.id);

  const placed = [...creates, ...updates].map((p) => ({ userId: userIdOf.get(p.email)!, plan: p }));
  await joinGroups(tx, organizationId, placed);
  await enrollInCourses(tx, organizationId, placed);
  await completeImportedCourses(tx, organizationId, placed);

  const actor = { organizationId, actorId: setting.importer.userId, entityType: "user" };
  const entries: AuditEntry[] = [
    ...creates.map((p) => ({
      ...actor,
      action: "user.create",
      entityId: userIdOf.get(p.email)!,
      data: {
        role: p.role!,
        invited: !p.password,
        import: setting.importId,
        ...(p.completions.length ? { completions: p.completions.length } : {}),
      },
    })),
    ...updates.map((p) => ({
      ...actor,
      action: "user.update",
      entityId: p.existing!.id,
      data: { fields: p.changes, import: setting.importId },
    })),
  ];
  if (entries.length) await auditMany(entries, tx);
  await recordUserEvents(
    tx,
    organizationId,
    "user.created",
    created.map((u) => u.id),
  );

  await recordOutcomes(
    tx,
    setting.importId,
    dryRun.map((v) => {
      const userId = v.plan ? (userIdOf.get(v.plan.email) ?? null) : null;
      const invite = v.outcome === "create" && !v.plan!.password && v.plan!.status === "active";
      return { rowNumber: v.rowNumber, outcome: RUN_OUTCOME[v.outcome], reason: v.reason, userId, invite };
    }),
  );
  const count = (o: DryRunRow["outcome"]) => dryRun.filter((v) => v.outcome === o).length;
  return {
    created: count("create"),
    updated: count("update"),
    unchanged: count("unchanged"),
    rejected: count("reject"),
  };
}

/** Each row's outcome, written in one statement. */
export async function recordOutcomes(
  tx: Tx,
  importId: string,
  rows: { rowNumber: number; outcome: RunOutcome; reason: string | null; userId: string | null; invite: boolean }[],
): Promise<void> {
  if (rows.length === 0) return;
  await queryRows(
    Prisma.sql`UPDATE "UserImportRow" r
    SET "outcome" = v."outcome", "reason" = v."reason", "userId" = v."userId", "invite" = v."invite", "appliedAt" = now()
    FROM unnest(${rows.map((r) => r.rowNumber)}::int[], ${rows.map((r) => r.outcome)}::text[], ${rows.map((r) => r.reason)}::text[],
                ${rows.map((r) => r.userId)}::uuid[], ${rows.map((r) => r.invite)}::boolean[])
      AS v("rowNumber", "outcome", "reason", "userId", "invite")
    WHERE r."importId" = ${importId}::uuid AND r."rowNumber" = v."rowNumber"`,
    tx,
  );
}

async function updateExistingUser(tx: Tx, organizationId: string, plan: RowPlan): Promise<void> {
  const target = plan.existing!;
  const fields = plan.changes.filter((c) => c !== "groups" && c !== "courses" && c !== "completions");
  if (fields.length === 0) return;
  const { firstName, lastName, username, role, status } = plan;
  await writeUserChange(tx, organizationId, target, { firstName, lastName, username, role, status });
}

/** Free usernames for new users: the one in the file, else the e-mail's local part (with a number if taken). */
async function allocateUsernames(tx: Tx, organizationId: string, plans: RowPlan[]): Promise<string[]> {
  const bases = plans.map(
    (p) =>
      p.username ??
      (p.email.split("@")[0] ?? "user")
        .toLowerCase()
        .replace(/[^a-z0-9._-]/g, "")
        .slice(0, 40)
        .padEnd(3, "0"),
  );
  const generated = [...new Set(bases.filter((_, i) => !plans[i]!.username))];
  const taken = new Set<string>();
  // The bases themselves first (the unique index answers); numbered variants only of the bases taken.
  const exact = generated.length
    ? await tx.user.findMany({ where: { organizationId, username: { in: generated } }, select: { username: true } })
    : [];
  const clashing = exact.map((u) => u.username);
  for (const name of clashing) taken.add(name);
  if (clashing.length) {
    const patterns = clashing.map(likePrefix);
    const variants = await queryRows<{ username: string }>(
      Prisma.sql`SELECT "username" FROM "User" WHERE "organizationId" = ${organizationId}::uuid AND "username" LIKE ANY(${patterns}::text[])`,
      tx,
    );
    for (const u of variants) taken.add(u.username);
  }
  for (const [i, p] of plans.entries()) if (p.username) taken.add(bases[i]!);
  return plans.map((p, i) => {
    const base = bases[i]!;
    if (p.username) return base;
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
    taken.add(name);
    return name;
  });
}

async function joinGroups(tx: Tx, organizationId: string, placed: { userId: string; plan: RowPlan }[]): Promise<void> {
  const pairs = placed.flatMap(({ userId, plan }) =>
    plan.groupIds.map((groupId) => ({ organizationId, groupId, userId })),
  );
  if (pairs.length === 0) return;
  const joined = await tx.groupMember.createManyAndReturn({
    data: pairs,
    skipDuplicates: true,
    select: { groupId: true, userId: true },
  });
  const byGroup = new Map<string, string[]>();
  for (const j of joined) byGroup.set(j.groupId, [...(byGroup.get(j.groupId) ?? []), j.userId]);
  if (byGroup.size === 0) return;
  for (const [groupId, userIds] of byGroup) await recordGroupMembersAdded(tx, organizationId, groupId, userIds);
  const links = await tx.groupCourse.findMany({
    where: { organizationId, groupId: { in: [...byGroup.keys()] } },
    select: { groupId: true, courseId: true },
  });
  for (const [groupId, userIds] of byGroup) {
    const courseIds = links.filter((l) => l.groupId === groupId).map((l) => l.courseId);
    await enrollThroughGroup(tx, organizationId, courseIds, userIds);
  }
}

/** Enrollments the courses column names: new ones are "manual"; withdrawn ones come back. */
async function enrollInCourses(
  tx: Tx,
  organizationId: string,
  placed: { userId: string; plan: RowPlan }[],
): Promise<void> {
  const rows = placed.flatMap(({ userId, plan }) =>
    plan.courseIds.map((courseId) => ({ organizationId, courseId, userId, source: "manual" as const })),
  );
  if (rows.length === 0) return;
  const enrolled = await tx.enrollment.createManyAndReturn({ data: rows, skipDuplicates: true, select: { id: true } });
  await recordEnrollmentsCreated(
    tx,
    organizationId,
    enrolled.map((e) => e.id),
  );
  const withdrawn = await tx.enrollment.findMany({
    where: { organizationId, status: "withdrawn", OR: rows.map((r) => ({ courseId: r.courseId, userId: r.userId })) },
    select: { id: true },
  });
  if (withdrawn.length === 0) return;
  const ids = withdrawn.map((e) => e.id);
  await tx.enrollment.updateMany({
    where: { organizationId, id: { in: ids }, status: "withdrawn" },
    data: { status: "active", withdrawnAt: null },
  });
  await recomputeEnrollments(tx, organizationId, ids);
}
