import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { canonicalTimeZone } from "@/lib/calendar/time-zones";
import type { UpdateCalendarSettingsInput } from "@/lib/schemas/calendar";
import { audit, auditActor } from "@/lib/server/audit";
import { feedPath, newFeedKey } from "@/lib/server/calendar/feed-secret";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { requirePermission } from "@/lib/tenancy/permissions";

// The caller's own calendar settings: the zone the calendar is shown in (null: the browser's) and the
// personal iCal feed (its path carries the secret; null: none, or revoked).

export interface CalendarSettingsJson {
  time_zone: string | null;
  feed_path: string | null;
}

function ownWhere(ctx: TenantContext) {
  requirePermission(ctx, "calendar:read");
  return { id: ctx.userId, organizationId: tenantId(ctx) };
}

export async function getCalendarSettings(ctx: TenantContext): Promise<CalendarSettingsJson> {
  const user = await db().user.findFirst({ where: ownWhere(ctx), select: { timeZone: true, icalFeedKey: true } });
  if (!user) throw new AppError("NOT_FOUND", "Profile not found");
  return { time_zone: user.timeZone, feed_path: user.icalFeedKey ? feedPath(user.icalFeedKey) : null };
}

export async function updateCalendarSettings(
  ctx: TenantContext,
  input: UpdateCalendarSettingsInput,
): Promise<CalendarSettingsJson> {
  const timeZone = input.time_zone === null ? null : canonicalTimeZone(input.time_zone);
  await setOwn(ctx, { timeZone });
  return getCalendarSettings(ctx);
}

/** A new secret feed link; the previous one stops working at once. */
export async function createFeedLink(ctx: TenantContext): Promise<CalendarSettingsJson> {
  await setOwn(ctx, { icalFeedKey: newFeedKey() }, "calendar.feed.create");
  return getCalendarSettings(ctx);
}

/** Revoked: the link answers 404 from now on. */
export async function revokeFeedLink(ctx: TenantContext): Promise<CalendarSettingsJson> {
  await setOwn(ctx, { icalFeedKey: null }, "calendar.feed.revoke");
  return getCalendarSettings(ctx);
}

async function setOwn(
  ctx: TenantContext,
  data: { timeZone?: string | null; icalFeedKey?: string | null },
  action?: string,
): Promise<void> {
  const where = ownWhere(ctx);
  const { count } = await db().user.updateMany({ where, data });
  if (count === 0) throw new AppError("NOT_FOUND", "Profile not found");
  if (action)
    await audit({
      organizationId: where.organizationId,
      ...auditActor(ctx),
      action,
      entityType: "user",
      entityId: ctx.userId,
    });
}
