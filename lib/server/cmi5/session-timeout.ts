import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { abandonSession } from "@/lib/server/cmi5/launch";
import { writeLmsStatements } from "@/lib/server/cmi5/lms-statements";
import { lmsLrsContext } from "@/lib/server/xapi/lms-writer";
import { CMI5_AUTH_HOURS } from "@/lib/server/cmi5/session-auth";
import { tenantOrigin } from "@/lib/tenancy/host";

// A session nobody ends (the learner closed the window and never came back) is Abandoned when it can no
// longer be used: its LRS credential has expired, or it was never fetched within the credential's
// lifetime. Nothing the AU could still send is refused by it, and the reports stop showing it as open.
// The next launch of the registration abandons its open sessions sooner (launch.ts).

/** Sessions handled per run; the periodic job picks up the rest on its next run. */
const BATCH = 500;

export async function abandonTimedOutCmi5Sessions(now = new Date()): Promise<{ abandoned: number }> {
  const lifetimeAgo = new Date(now.getTime() - CMI5_AUTH_HOURS * 3600_000);
  const stale = await db().cmi5Session.findMany({
    where: {
      terminatedAt: null,
      abandonedAt: null,
      launchedAt: { lte: lifetimeAgo },
      OR: [{ authExpiresAt: null }, { authExpiresAt: { lte: now } }],
    },
    select: { id: true, organizationId: true, registrationId: true, organization: { select: { subdomain: true } } },
    orderBy: { launchedAt: "asc" },
    take: BATCH,
  });
  let abandoned = 0;
  for (const session of stale) {
    const statements = await abandonSession(session.organizationId, session.registrationId, session.id);
    if (statements.length === 0) continue;
    const origin = tenantOrigin(session.organization.subdomain, env.APP_DOMAIN, env.APP_BASE_URL);
    await writeLmsStatements(lmsLrsContext(session.organizationId, origin), statements);
    abandoned += 1;
  }
  return { abandoned };
}
