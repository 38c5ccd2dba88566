import "server-only";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors";
import { sendMail } from "@/lib/mail";
import { audit } from "@/lib/server/audit";
import { brandedHtml, mailBranding } from "@/lib/server/mail/branded-html";
import { savedMailServer } from "@/lib/server/settings/smtp";

/** "Send a test e-mail": through the saved mail server, to the administrator who asks. Audited either way. */
export async function sendTestMail(caller: Caller, origin: string): Promise<{ message: string }> {
  const { ctx, user } = caller;
  const server = await savedMailServer(ctx);
  const text = `Hello ${user.firstName},\n\nThis is a test e-mail from Learning Management, sent through ${server.host}:${server.port}. If you can read it, the mail server works.`;
  const record = (ok: boolean, error?: string) =>
    audit({ organizationId: ctx.organizationId, actorId: ctx.userId, action: "settings.smtp.test", entityType: ctx.organizationId ? "organization" : "platform", entityId: ctx.organizationId, data: { to: user.email, host: server.host, ok, ...(error ? { error } : {}) } });
  try {
    await sendMail({ to: user.email, subject: "Test e-mail from Learning Management", text, html: brandedHtml(mailBranding(ctx.organization, origin), text) }, server);
  } catch (error) {
    // The administrator's own server's answer is what they need to fix it.
    const cause = error instanceof AppError ? error.cause : error;
    const reason = cause instanceof Error ? cause.message.slice(0, 300) : "unknown error";
    await record(false, reason);
    throw new AppError("BAD_REQUEST", `The mail server did not accept the test e-mail: ${reason}`);
  }
  await record(true);
  return { message: `A test e-mail was sent to ${user.email} through ${server.host}.` };
}
