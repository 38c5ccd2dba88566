import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { CreatedLrsClient, CreateLrsClientInput, LrsClientView } from "@/lib/schemas/lrs-clients";
import { isId } from "@/lib/schemas/id";
import { requireKeyManager } from "@/lib/server/api-keys/access";
import { audit, auditActor } from "@/lib/server/audit";
import type { TenantContext } from "@/lib/tenancy/context";

// LRS clients (docs/xapi.md): managed by whoever manages the organization's API keys (api-keys:manage, in
// person), since they are credentials of the same kind. The secret is random, so its SHA-256 is enough.

const SECRET_PREFIX = "lrss_";

const clientSelect = {
  id: true,
  name: true,
  key: true,
  scopes: true,
  xapiVersion: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
} satisfies Prisma.LrsClientSelect;
type ClientRow = Prisma.LrsClientGetPayload<{ select: typeof clientSelect }>;

export const hashLrsSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

function clientView(row: ClientRow): LrsClientView {
  return {
    id: row.id,
    name: row.name,
    key: row.key,
    scopes: row.scopes,
    xapi_version: row.xapiVersion === "1.0.3" ? "1.0.3" : "2.0.0",
    status: row.revokedAt ? "revoked" : "active",
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

export async function listLrsClients(ctx: TenantContext): Promise<LrsClientView[]> {
  const organizationId = requireKeyManager(ctx);
  const rows = await db().lrsClient.findMany({
    where: { organizationId },
    orderBy: { createdAt: "desc" },
    select: clientSelect,
  });
  return rows.map(clientView);
}

/** Makes a client; the answer carries the secret, never shown again, and the endpoint to give it. */
export async function createLrsClient(
  ctx: TenantContext,
  input: CreateLrsClientInput,
  endpoint: string,
  ip?: string,
): Promise<CreatedLrsClient> {
  const organizationId = requireKeyManager(ctx);
  const key = `lrsk_${randomBytes(12).toString("base64url")}`;
  const secret = SECRET_PREFIX + randomBytes(32).toString("base64url");
  const row = await db().$transaction(async (tx) => {
    const created = await tx.lrsClient.create({
      data: {
        organizationId,
        name: input.name,
        key,
        secretHash: hashLrsSecret(secret),
        scopes: input.scopes,
        xapiVersion: input.xapi_version,
        createdById: ctx.userId,
      },
      select: clientSelect,
    });
    await audit(
      {
        organizationId,
        ...auditActor(ctx),
        action: "lrs_client.create",
        entityType: "lrs_client",
        entityId: created.id,
        data: { name: created.name, key, scopes: created.scopes },
        ip: ip ?? null,
      },
      tx,
    );
    return created;
  });
  return { ...clientView(row), secret, endpoint };
}

/** Revokes a client at once: its next request is a 401. Revoking twice changes nothing. */
export async function revokeLrsClient(ctx: TenantContext, clientId: string, ip?: string): Promise<LrsClientView> {
  const organizationId = requireKeyManager(ctx);
  const notFound = () => new AppError("NOT_FOUND", "LRS client not found");
  if (!isId(clientId)) throw notFound();
  return db().$transaction(async (tx) => {
    const { count } = await tx.lrsClient.updateMany({
      where: { id: clientId, organizationId, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    const row = await tx.lrsClient.findUnique({
      where: { organizationId_id: { organizationId, id: clientId } },
      select: clientSelect,
    });
    if (!row) throw notFound();
    if (count > 0)
      await audit(
        {
          organizationId,
          ...auditActor(ctx),
          action: "lrs_client.revoke",
          entityType: "lrs_client",
          entityId: clientId,
          data: { name: row.name },
          ip: ip ?? null,
        },
        tx,
      );
    return clientView(row);
  });
}
