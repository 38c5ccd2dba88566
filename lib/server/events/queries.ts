import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ListEventsQuery } from "@/lib/schemas/calendar";
import type { Page } from "@/lib/schemas/pagination";
import { managedEventsWhere, requireManagedEvent } from "@/lib/server/events/access";
import { eventJson, eventSelect, type EventJson } from "@/lib/server/events/json";
import type { TenantContext } from "@/lib/tenancy/context";

/** Upcoming: a series not over yet (or never ending), soonest first; past: over, latest first. */
function whenFilter(
  when: ListEventsQuery["when"],
  now: Date,
): { where: Prisma.EventWhereInput; orderBy: Prisma.EventOrderByWithRelationInput[] } {
  if (when === "upcoming")
    return {
      where: { OR: [{ seriesEndsAt: null }, { seriesEndsAt: { gte: now } }] },
      orderBy: [{ startsAt: "asc" }, { id: "asc" }],
    };
  if (when === "past") return { where: { seriesEndsAt: { lt: now } }, orderBy: [{ startsAt: "desc" }, { id: "desc" }] };
  return { where: {}, orderBy: [{ startsAt: "desc" }, { id: "desc" }] };
}

const searchWhere = (q: string | undefined): Prisma.EventWhereInput =>
  q
    ? {
        OR: [
          { title: { contains: q, mode: "insensitive" } },
          { description: { contains: q, mode: "insensitive" } },
          { location: { contains: q, mode: "insensitive" } },
        ],
      }
    : {};

/** GET /api/events: the events the caller manages, searched and paged. */
export async function listEvents(ctx: TenantContext, query: ListEventsQuery): Promise<Page<EventJson>> {
  const when = whenFilter(query.when, new Date());
  const where: Prisma.EventWhereInput = { AND: [managedEventsWhere(ctx), when.where, searchWhere(query.q)] };
  const [rows, total] = await Promise.all([
    db().event.findMany({
      where,
      select: eventSelect,
      orderBy: when.orderBy,
      skip: (query.page - 1) * query.page_size,
      take: query.page_size,
    }),
    db().event.count({ where }),
  ]);
  return { items: rows.map(eventJson), page: query.page, page_size: query.page_size, total };
}

export async function getEvent(ctx: TenantContext, eventId: string): Promise<EventJson> {
  const { id, organizationId } = await requireManagedEvent(ctx, eventId);
  return eventJson(await db().event.findFirstOrThrow({ where: { organizationId, id }, select: eventSelect }));
}
