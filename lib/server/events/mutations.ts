import "server-only";
import { db } from "@/lib/db";
import { validationError } from "@/lib/errors";
import { createEventSchema, type CreateEventInput, type UpdateEventInput } from "@/lib/schemas/calendar";
import { audit, auditActor } from "@/lib/server/audit";
import { requireAudience, requireManagedEvent } from "@/lib/server/events/access";
import { getEvent } from "@/lib/server/events/queries";
import type { EventJson } from "@/lib/server/events/json";
import { mergedEvent, storedEvent } from "@/lib/server/events/stored-event";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";

export async function createEvent(ctx: TenantContext, input: CreateEventInput): Promise<EventJson> {
  const organizationId = tenantId(ctx);
  await requireAudience(ctx, { courseId: input.course_id ?? null, groupId: input.group_id ?? null });
  const event = await db().$transaction(async (tx) => {
    const created = await tx.event.create({
      data: { organizationId, createdById: ctx.userId, ...storedEvent(input) },
      select: { id: true },
    });
    await audit(
      { organizationId, ...auditActor(ctx), action: "event.create", entityType: "event", entityId: created.id },
      tx,
    );
    return created;
  });
  return getEvent(ctx, event.id);
}

/** Any fields; the event they make with what is stored is checked as a whole, and a new audience too. */
export async function updateEvent(ctx: TenantContext, eventId: string, patch: UpdateEventInput): Promise<EventJson> {
  const { id, organizationId } = await requireManagedEvent(ctx, eventId);
  const current = await getEvent(ctx, id);
  const merged = createEventSchema.safeParse(mergedEvent(current, patch));
  if (!merged.success) throw validationError(merged.error);
  const next = merged.data;
  if (next.course_id !== current.course_id || next.group_id !== current.group_id) {
    await requireAudience(ctx, { courseId: next.course_id ?? null, groupId: next.group_id ?? null });
  }
  await db().$transaction(async (tx) => {
    await tx.event.update({ where: { id, organizationId }, data: storedEvent(next) });
    await audit(
      {
        organizationId,
        ...auditActor(ctx),
        action: "event.update",
        entityType: "event",
        entityId: id,
        data: { fields: Object.keys(patch) },
      },
      tx,
    );
  });
  return getEvent(ctx, id);
}

export async function deleteEvent(ctx: TenantContext, eventId: string): Promise<void> {
  const { id, organizationId } = await requireManagedEvent(ctx, eventId);
  await db().$transaction(async (tx) => {
    const event = await tx.event.delete({ where: { id, organizationId }, select: { title: true } });
    await audit(
      {
        organizationId,
        ...auditActor(ctx),
        action: "event.delete",
        entityType: "event",
        entityId: id,
        data: { title: event.title },
      },
      tx,
    );
  });
}
