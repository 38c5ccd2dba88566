import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { queryRows } from "@/lib/db";
import type { LrsContext } from "@/lib/server/xapi/lrs-context";
import { statementRow } from "@/lib/server/xapi/statement-row";
import { insertStatementsSql } from "@/lib/server/xapi/statement-sql";
import { validateStatement, XapiInvalid, type XapiVersion } from "@/lib/xapi/validate";

// The LMS writing its own statements into the organization's LRS: cmi5's (Launched, Satisfied, Waived,
// Abandoned) and the tracking of what the app records itself (tracking.ts). No client asks, so there is
// nothing to refuse: a statement the LMS built wrong is a bug, not a 400. One INSERT per batch, inside
// the caller's transaction when it passes one; a statement whose id is stored already is left as it is,
// which is what makes ids derived from the event safe to write again.

type Obj = Record<string, unknown>;

/** All zeros: the LMS's own statements, told apart from every LRS client's and session's. */
export const LMS_CLIENT_ID = "00000000-0000-0000-0000-000000000000";

/** The LRS context the LMS writes with: its own authority on the organization's host. */
export function lmsLrsContext(organizationId: string, origin: string): LrsContext {
  return {
    organizationId,
    clientId: LMS_CLIENT_ID,
    clientKey: "lms",
    clientName: "Learning Management System",
    scopes: new Set(["all"]),
    // The LMS writes xAPI 1.0.3 (cmi5 is written on it; every LRS client version reads it).
    xapiVersion: "1.0",
    origin,
  };
}

/** Stores the LMS's statements, in order, with one INSERT; ids already stored are skipped. */
export async function insertLmsStatements(
  lrs: LrsContext,
  statements: Obj[],
  tx?: Prisma.TransactionClient,
): Promise<void> {
  if (statements.length === 0) return;
  const version: XapiVersion = lrs.xapiVersion;
  for (const statement of statements) {
    try {
      validateStatement(statement, version);
    } catch (error) {
      if (error instanceof XapiInvalid)
        throw new Error(`The LMS built an invalid xAPI statement (${String(statement.id)}): ${error.message}`);
      throw error;
    }
  }
  const stored = new Date();
  const rows = statements.map((statement) => statementRow(lrs, statement, stored, version));
  await queryRows(insertStatementsSql(rows, { skipStored: true }), tx);
}
