import "server-only";
import { db, queryRows } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import type { SmtpServer } from "@/lib/mail";
import { EGRESS_REFUSED_MESSAGE, EgressRefusedError, resolveAllowed } from "@/lib/net/egress-guard";
import { SMTP_DEFAULTS, smtpSettingsSchema, type SmtpSettingsInput, type SmtpSettingsView } from "@/lib/schemas/smtp";
import { audit, auditActor } from "@/lib/server/audit";
import { openSecret, sealSecret } from "@/lib/server/secret-box";
import { lockPlatformSetting, readPlatformSetting, writePlatformSetting } from "@/lib/server/settings/platform";
import { requireSettingsManager } from "@/lib/server/settings/mutations";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { actsForPlatform } from "@/lib/tenancy/permissions";

// The mail server of an organization (a Setting row "smtp"), or of the platform (the superadmin's, for
// organizations without their own). Stored with the password sealed (lib/server/secret-box.ts). Both are
// typed in through the UI, so both go through the egress guard (lib/net/egress-guard.ts); only the
// deployment's SMTP_URL, the operator's own, does not.

/** The Setting row's key (of the organization, or of the platform). */
export const SMTP_SETTING_KEY = "smtp";
const KEY = SMTP_SETTING_KEY;
type Stored = Omit<SmtpSettingsInput, "password"> & { password?: string };

/** null: the platform (the superadmin on the apex); else the caller's organization. */
function scopeOf(ctx: TenantContext): string | null {
  return actsForPlatform(ctx) ? null : tenantId(ctx);
}

function readStored(value: unknown): Stored | null {
  if (!value || typeof value !== "object") return null;
  const { password, ...rest } = value as Record<string, unknown>;
  const parsed = smtpSettingsSchema.safeParse(rest);
  return parsed.success ? { ...parsed.data, password: typeof password === "string" ? password : undefined } : null;
}

async function loadStored(scope: string | null, client: Prisma.TransactionClient = db()): Promise<Stored | null> {
  if (scope === null) return readStored(await readPlatformSetting(KEY, client));
  const row = await client.setting.findUnique({
    where: { organizationId_key: { organizationId: scope, key: KEY } },
    select: { value: true },
  });
  return readStored(row?.value);
}

function view(stored: Stored | null): SmtpSettingsView {
  const { password, ...rest } = stored ?? { ...SMTP_DEFAULTS };
  return { ...SMTP_DEFAULTS, ...rest, hasPassword: Boolean(password) };
}

export async function getSmtpSettings(ctx: TenantContext): Promise<SmtpSettingsView> {
  requireSettingsManager(ctx);
  return view(await loadStored(scopeOf(ctx)));
}

/** The settings page's view of a stored value (read by the page's own statement), the password left out. */
export function smtpSettingsView(value: unknown): SmtpSettingsView {
  return view(readStored(value));
}

/**
 * A host the egress guard refuses is refused when it is saved, at its field, so nobody keeps a setting
 * that can never send. The guard checks again at every connection (a name may resolve elsewhere later);
 * a name that does not resolve now may still be saved, and the test e-mail says it cannot be reached.
 */
async function refuseForbiddenHost(host: string): Promise<void> {
  if (!host) return;
  try {
    await resolveAllowed(host);
  } catch (error) {
    if (error instanceof EgressRefusedError)
      throw new AppError("BAD_REQUEST", EGRESS_REFUSED_MESSAGE, { fieldErrors: { host: [EGRESS_REFUSED_MESSAGE] } });
  }
}

export async function updateSmtpSettings(ctx: TenantContext, input: SmtpSettingsInput): Promise<SmtpSettingsView> {
  requireSettingsManager(ctx);
  await refuseForbiddenHost(input.host);
  const scope = scopeOf(ctx);
  const saved = await db().$transaction(async (tx) => {
    if (scope === null) await lockPlatformSetting(tx, KEY);
    else await queryRows(Prisma.sql`SELECT 1 FROM "Organization" WHERE "id" = ${scope}::uuid FOR UPDATE`, tx);
    const before = await loadStored(scope, tx);
    const { password, ...fields } = input;
    const sealed = password === undefined ? before?.password : password === "" ? undefined : sealSecret(password);
    const value: Stored = { ...fields, ...(sealed ? { password: sealed } : {}) };
    if (scope === null) await writePlatformSetting(tx, KEY, value);
    else
      await tx.setting.upsert({
        where: { organizationId_key: { organizationId: scope, key: KEY } },
        create: { organizationId: scope, key: KEY, value },
        update: { value },
      });
    await audit(
      {
        organizationId: scope,
        ...auditActor(ctx),
        action: "settings.smtp.update",
        entityType: scope ? "organization" : "platform",
        entityId: scope,
        data: { ...fields, passwordChanged: password !== undefined },
      },
      tx,
    );
    return value;
  });
  return view(saved);
}

function serverOf(stored: Stored | null): SmtpServer | null {
  if (!stored?.enabled) return null;
  const password = stored.password ? openSecret(stored.password) : null;
  const from = stored.fromName
    ? `"${stored.fromName.replace(/["\\]/g, "")}" <${stored.fromAddress}>`
    : stored.fromAddress;
  return { host: stored.host, port: stored.port, security: stored.security, username: stored.username, password, from };
}

/** The server an organization's mail goes through: its own when on, else the platform's when on, else none (the deployment's). */
export async function mailServerFor(organizationId: string | null): Promise<SmtpServer | null> {
  const own = organizationId ? serverOf(await loadStored(organizationId)) : null;
  return own ?? serverOf(await loadStored(null));
}

/** The saved server of the caller's scope, for the "send a test e-mail" button. */
export async function savedMailServer(ctx: TenantContext): Promise<SmtpServer> {
  requireSettingsManager(ctx);
  const server = serverOf(await loadStored(scopeOf(ctx)));
  if (!server) throw new AppError("CONFLICT", "Save a mail server and turn it on before sending a test e-mail");
  return server;
}
