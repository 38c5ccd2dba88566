import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { addDays } from "@/lib/calendar/dates";
import { listCourseDates } from "@/lib/server/calendar/course-dates";
import { feedKeyOf } from "@/lib/server/calendar/feed-secret";
import { buildIcs } from "@/lib/server/calendar/ical";
import { visibleEventsWhere } from "@/lib/server/calendar/visibility";
import { eventFieldsSelect } from "@/lib/server/events/json";
import { signedInContext, tenantOrganization, type VisitorContext } from "@/lib/tenancy/context";

// GET /api/calendar/feed/{secret}.ics: no session, the secret is the key. It opens only on its owner's
// organization's host, for an active account; anything else (a revoked or mistyped secret, another
// host) is the same 404. The feed holds what the owner's calendar holds, from a year ago on.

const NOT_FOUND = "No calendar feed at this address: it may have been revoked";

export async function loadFeed(visitor: VisitorContext, secret: string): Promise<string> {
  const organization = tenantOrganization(visitor);
  const key = feedKeyOf(secret);
  if (!key) throw new AppError("NOT_FOUND", NOT_FOUND);
  const user = await db().user.findFirst({
    where: { icalFeedKey: key, organizationId: organization.id, status: "active" },
    select: { id: true, role: true },
  });
  if (!user || organization.status !== "active") throw new AppError("NOT_FOUND", NOT_FOUND);
  const ctx = signedInContext(organization, user);
  const since = addDays(new Date(), -365);
  const [series, courseDates] = await Promise.all([
    db().event.findMany({
      where: { AND: [visibleEventsWhere(ctx), { OR: [{ seriesEndsAt: null }, { seriesEndsAt: { gte: since } }] }] },
      select: eventFieldsSelect,
      orderBy: [{ startsAt: "asc" }, { id: "asc" }],
    }),
    listCourseDates(ctx, { from: addDays(since, -1) }),
  ]);
  // Event UIDs name the organization's host, stable whatever port or proxy the request came through.
  const host = `${organization.subdomain}.${env.APP_DOMAIN}`;
  return buildIcs({ name: `${organization.name} · Learning Management`, host, series, courseDates });
}
