import "server-only";
import { db } from "@/lib/db";

/** How long spent or expired single-use tokens are kept (for the audit trail of a reset) before deletion. */
const TOKEN_RETENTION_DAYS = 7;

/**
 * Removes what only ever grows: rate-limit counters whose window is over (a key is reused once its
 * window passed, but an attack with many e-mails or IPs leaves rows behind), and password-reset
 * and e-mail-change tokens spent or expired more than a week ago, uploads of imports cut off more than
 * an hour ago (a server that died while a file arrived), and single sign-on's expired rows: SAML requests
 * no answer may still match, assertion ids past the time a replay could be accepted, and sign-in records
 * whose session is over; and sessions past their tokens' expiry (no token can name them any more).
 * Idempotent: a retried run deletes nothing twice.
 */
export async function cleanupExpiredRows(now = new Date()): Promise<{
  rateLimitBuckets: number;
  passwordResetTokens: number;
  emailChangeTokens: number;
  abandonedImports: number;
  singleSignOnRows: number;
  sessions: number;
}> {
  const cutoff = new Date(now.getTime() - TOKEN_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const buckets = await db().rateLimitBucket.deleteMany({ where: { resetAt: { lte: now } } });
  const tokens = await db().passwordResetToken.deleteMany({
    where: { OR: [{ expiresAt: { lte: cutoff } }, { usedAt: { lte: cutoff } }] },
  });
  const emailTokens = await db().emailChangeToken.deleteMany({
    where: { OR: [{ expiresAt: { lte: cutoff } }, { usedAt: { lte: cutoff } }] },
  });
  const imports = await db().userImport.deleteMany({
    where: { status: "receiving", createdAt: { lte: new Date(now.getTime() - 60 * 60 * 1000) } },
  });
  const expired = { expiresAt: { lt: now } };
  const sso = await Promise.all([
    db().samlRequest.deleteMany({ where: expired }),
    db().samlAssertion.deleteMany({ where: expired }),
    db().ssoSession.deleteMany({ where: expired }),
  ]);
  const sessions = await db().session.deleteMany({ where: expired });
  return {
    rateLimitBuckets: buckets.count,
    passwordResetTokens: tokens.count,
    emailChangeTokens: emailTokens.count,
    abandonedImports: imports.count,
    singleSignOnRows: sso.reduce((sum, r) => sum + r.count, 0),
    sessions: sessions.count,
  };
}
