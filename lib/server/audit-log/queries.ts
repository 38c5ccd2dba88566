import "server-only";
import { auditActionLabel } from "@/lib/audit-actions";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { AuditLogFilters, AuditLogQuery } from "@/lib/schemas/audit";
import { isId } from "@/lib/schemas/id";
import type { Page } from "@/lib/schemas/pagination";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { actsForPlatform, requirePermission } from "@/lib/tenancy/permissions";

// The audit log, read: an organization's administrators (admin, org_admin) see their organization's
// entries; the superadmin sees every organization's and the platform's own.

/** Whoever acted, searched by name, e-mail or username: at most this many people match. */
const MAX_ACTORS = 1000;

export async function auditWhere(ctx: TenantContext, filters: AuditLogFilters): Promise<Prisma.AuditLogWhereInput> {
  requirePermission(ctx, "audit:read");
  const everyOrganization = actsForPlatform(ctx);
  const where: Prisma.AuditLogWhereInput = everyOrganization
    ? filters.organization_id
      ? { organizationId: filters.organization_id }
      : {}
    : { organizationId: tenantId(ctx) };
  if (filters.actor)
    where.actorId = isId(filters.actor)
      ? filters.actor
      : { in: await actorIds(everyOrganization ? null : tenantId(ctx), filters.actor) };
  if (filters.action) where.action = filters.action.endsWith(".") ? { startsWith: filters.action } : filters.action;
  if (filters.target_type) where.entityType = filters.target_type;
  if (filters.target_id) where.entityId = filters.target_id;
  if (filters.from || filters.to) where.createdAt = { gte: filters.from, lte: filters.to };
  return where;
}

/** People of the organization (every organization and the superadmins: null) whose name, e-mail or username contains `text`. */
async function actorIds(organizationId: string | null, text: string): Promise<string[]> {
  const contains = { contains: text, mode: "insensitive" as const };
  const users = await db().user.findMany({
    where: {
      ...(organizationId ? { organizationId } : {}),
      OR: [{ email: contains }, { username: contains }, { firstName: contains }, { lastName: contains }],
    },
    select: { id: true },
    take: MAX_ACTORS,
  });
  return users.map((u) => u.id);
}

export const auditEntrySelect = {
  id: true,
  organizationId: true,
  actorId: true,
  actorApiKeyId: true,
  action: true,
  entityType: true,
  entityId: true,
  data: true,
  ip: true,
  createdAt: true,
} satisfies Prisma.AuditLogSelect;
type AuditRow = Prisma.AuditLogGetPayload<{ select: typeof auditEntrySelect }>;

export async function listAuditLog(ctx: TenantContext, query: AuditLogQuery): Promise<Page<AuditEntryJson>> {
  const { page, page_size, ...filters } = query;
  const where = await auditWhere(ctx, filters);
  const [rows, total] = await Promise.all([
    db().auditLog.findMany({
      where,
      select: auditEntrySelect,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * page_size,
      take: page_size,
    }),
    db().auditLog.count({ where }),
  ]);
  return { items: await describeEntries(rows), page, page_size, total };
}

export interface AuditEntryJson {
  id: string;
  created_at: string;
  organization: { id: string; name: string | null; subdomain: string | null } | null;
  actor: { id: string; name: string | null; email: string | null } | null;
  action: string;
  action_label: string;
  target_type: string;
  target_id: string | null;
  target_label: string | null;
  ip: string | null;
  details: Prisma.JsonValue;
}

/**
 * The entries with the names of who acted, of the people they acted on and of their organizations.
 * The log keeps plain ids (it outlives what it mentions): someone deleted since shows as their id.
 */
export async function describeEntries(rows: AuditRow[]): Promise<AuditEntryJson[]> {
  const userIds = [
    ...new Set(
      rows
        .flatMap((r) => [r.actorId, r.entityType === "user" ? r.entityId : null])
        .filter((id): id is string => Boolean(id && isId(id))),
    ),
  ];
  const organizationIds = [...new Set(rows.map((r) => r.organizationId).filter((id): id is string => Boolean(id)))];
  const keyIds = [...new Set(rows.map((r) => r.actorApiKeyId).filter((id): id is string => Boolean(id)))];
  const [users, organizations, keys] = await Promise.all([
    db().user.findMany({
      where: { id: { in: userIds } },
      select: { id: true, firstName: true, lastName: true, email: true },
    }),
    db().organization.findMany({
      where: { id: { in: organizationIds } },
      select: { id: true, name: true, subdomain: true },
    }),
    db().apiKey.findMany({ where: { id: { in: keyIds } }, select: { id: true, name: true } }),
  ]);
  const people = new Map(
    users.map((u) => [u.id, { id: u.id, name: `${u.firstName} ${u.lastName}`.trim(), email: u.email }]),
  );
  const orgs = new Map(organizations.map((o) => [o.id, o]));
  // An entry made through an API key names the key, not the person who made it.
  const keyActors = new Map(keys.map((k) => [k.id, { id: k.id, name: apiKeyActorName(k.name), email: null }]));
  return rows.map((row) => ({
    id: row.id,
    created_at: row.createdAt.toISOString(),
    organization: row.organizationId
      ? (orgs.get(row.organizationId) ?? { id: row.organizationId, name: null, subdomain: null })
      : null,
    actor: row.actorApiKeyId
      ? (keyActors.get(row.actorApiKeyId) ?? { id: row.actorApiKeyId, name: "API key", email: null })
      : row.actorId
        ? (people.get(row.actorId) ?? { id: row.actorId, name: null, email: null })
        : null,
    action: row.action,
    action_label: auditActionLabel(row.action),
    target_type: row.entityType,
    target_id: row.entityId,
    target_label: row.entityType === "user" && row.entityId ? (people.get(row.entityId)?.email ?? null) : null,
    ip: row.ip,
    details: row.data,
  }));
}

export const apiKeyActorName = (name: string) => `API key '${name}'`;
