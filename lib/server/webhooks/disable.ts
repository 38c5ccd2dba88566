import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { logger } from "@/lib/log/logger";
import { audit } from "@/lib/server/audit";
import { sendOrganizationMail } from "@/lib/server/mail/organization-mail";
import { tenantOrigin } from "@/lib/tenancy/host";

// An endpoint the system turns off: it answered 410 Gone, or failed every delivery for days. Its pending
// deliveries stay (an admin who turns it back on gets them); its organization's administrators are told
// by e-mail, once, when it goes off.

export async function disableEndpoint(organizationId: string, endpointId: string, reason: string): Promise<void> {
  const { count } = await db().$transaction(async (tx) => {
    const changed = await tx.webhookEndpoint.updateMany({
      where: { organizationId, id: endpointId, enabled: true },
      data: { enabled: false, disabledReason: reason },
    });
    if (changed.count > 0)
      await audit(
        {
          organizationId,
          actorId: null,
          action: "webhook.endpoint.auto_disable",
          entityType: "webhook_endpoint",
          entityId: endpointId,
          data: { reason },
        },
        tx,
      );
    return changed;
  });
  if (count === 0) return;
  await tellAdmins(organizationId, endpointId, reason).catch((error: unknown) =>
    logger().error({ err: error, endpointId }, "The admins could not be told that a webhook endpoint was turned off"),
  );
}

async function tellAdmins(organizationId: string, endpointId: string, reason: string): Promise<void> {
  const [organization, endpoint, admins] = await Promise.all([
    db().organization.findFirst({
      where: { id: organizationId },
      select: { id: true, name: true, branding: true, subdomain: true },
    }),
    db().webhookEndpoint.findFirst({ where: { organizationId, id: endpointId }, select: { url: true } }),
    db().user.findMany({
      where: { organizationId, role: "admin", status: "active" },
      select: { email: true },
    }),
  ]);
  if (!organization || !endpoint) return;
  const origin = tenantOrigin(organization.subdomain, env.APP_DOMAIN, env.APP_BASE_URL);
  const subject = `Webhook endpoint turned off: ${endpoint.url}`;
  const text = `The webhook endpoint ${endpoint.url} of ${organization.name} was turned off. ${reason}. Nothing more is sent to it until an administrator turns it on again; the events meanwhile are kept.\n\n${origin}/admin/settings/webhooks`;
  for (const admin of admins) await sendOrganizationMail(organization, origin, { to: admin.email, subject, text });
}
