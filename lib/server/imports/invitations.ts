import "server-only";
import { db } from "@/lib/db";
import { jobQueue } from "@/lib/jobs/queue";
import type { Role } from "@/lib/routes";
import { sendInvitation } from "@/lib/server/accounts/invitation";

// The invitation e-mails of the users an import created without a password (queue imports.invitations,
// queued when the run ends; at most one queued and one running per import). The rows owe them (UserImportRow.invite) from the
// transaction that created the users; each is marked once its mail is sent, so a crash resends at most
// the one in flight.

export interface ImportInvitationsJob {
  importId: string;
  /** The request origin whose scheme and port the links keep (APP_BASE_URL's without one). */
  origin?: string;
}

const SLICE_MS = 15_000;
const PAGE = 50;

/** Asks for the import's pending invitations to be sent (a no-op when a job is already queued). */
export async function queueInvitations(importId: string, origin?: string): Promise<void> {
  await (await jobQueue()).send("imports.invitations", { importId, origin }, { singletonKey: importId });
}

export async function sendImportInvitations(job: ImportInvitationsJob): Promise<void> {
  const started = Date.now();
  const imp = await db().userImport.findUnique({ where: { id: job.importId }, select: { id: true, organizationId: true, createdById: true, createdByRole: true } });
  if (!imp) return;
  const ctx = { organization: null, organizationId: imp.organizationId, subdomain: null, userId: imp.createdById, role: imp.createdByRole as Role };
  for (;;) {
    const rows = await db().userImportRow.findMany({
      where: { importId: imp.id, invite: true, invitedAt: null, userId: { not: null } },
      orderBy: { rowNumber: "asc" },
      take: PAGE,
      select: { rowNumber: true, userId: true },
    });
    if (rows.length === 0) return;
    for (const row of rows) {
      try {
        await sendInvitation(ctx, { organizationId: imp.organizationId, userId: row.userId! }, { origin: job.origin });
      } catch (error) {
        // Deleted or deactivated since, or the mail server refused: their page offers to send it again.
        console.error(`Import ${imp.id}, row ${row.rowNumber}: the invitation could not be sent:`, error instanceof Error ? error.message : error);
      }
      await db().userImportRow.update({ where: { importId_rowNumber: { importId: imp.id, rowNumber: row.rowNumber } }, data: { invitedAt: new Date() } });
    }
    if (Date.now() - started > SLICE_MS) {
      await queueInvitations(imp.id, job.origin);
      return;
    }
  }
}
