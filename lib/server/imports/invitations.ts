import "server-only";
import { db } from "@/lib/db";
import { queueJob } from "@/lib/jobs/queue";
import { sendInvitations } from "@/lib/server/accounts/invitation";
import { jobContext } from "@/lib/tenancy/context";

// The invitation e-mails of the users an import created without a password (queue imports.invitations,
// queued when the run ends; at most one queued and one running per import). The rows owe them (UserImportRow.invite) from the
// transaction that created the users; a page of them is marked once its mails are sent, so a crash
// resends at most that page.

export interface ImportInvitationsJob {
  importId: string;
  /** The request origin whose scheme and port the links keep (APP_BASE_URL's without one). */
  origin?: string;
}

const SLICE_MS = 15_000;
const PAGE = 200;

/** Asks for the import's pending invitations to be sent (a no-op when a job is already queued). */
export async function queueInvitations(importId: string, origin?: string): Promise<void> {
  await queueJob("imports.invitations", { importId, origin }, { singletonKey: importId });
}

export async function sendImportInvitations(job: ImportInvitationsJob): Promise<void> {
  const started = Date.now();
  const imp = await db().userImport.findUnique({
    where: { id: job.importId },
    select: { id: true, organizationId: true, createdById: true, createdByRole: true },
  });
  if (!imp) return;
  const ctx = jobContext(imp, { userId: imp.createdById, role: imp.createdByRole });
  for (;;) {
    const rows = await db().userImportRow.findMany({
      where: { importId: imp.id, invite: true, invitedAt: null, userId: { not: null } },
      orderBy: { rowNumber: "asc" },
      take: PAGE,
      select: { rowNumber: true, userId: true },
    });
    if (rows.length === 0) return;
    // Deleted or deactivated since, or refused by the mail server: skipped (their page sends it again).
    await sendInvitations(
      ctx,
      imp.organizationId,
      rows.map((r) => r.userId!),
      { origin: job.origin },
    );
    await db().userImportRow.updateMany({
      where: { importId: imp.id, rowNumber: { in: rows.map((r) => r.rowNumber) } },
      data: { invitedAt: new Date() },
    });
    if (Date.now() - started > SLICE_MS) {
      await queueInvitations(imp.id, job.origin);
      return;
    }
  }
}
