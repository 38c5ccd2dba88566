import "server-only";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors";
import { sendThroughServer } from "@/lib/mail";
import { EgressRefusedError } from "@/lib/net/egress-guard";
import { audit, auditActor } from "@/lib/server/audit";
import { brandedHtml, mailBranding } from "@/lib/server/mail/branded-html";
import { savedMailServer } from "@/lib/server/settings/smtp";

/**
 * Whatever went wrong (no such name, a closed port, a timeout, a TLS or sign-in failure, a refused
 * recipient), the answer is this one sentence. Telling the causes apart, or passing on what the server
 * said, would let an administrator map which ports answer and what speaks on them.
 */
export const MAIL_SERVER_FAILED_MESSAGE =
  "The test e-mail could not be sent: the mail server could not be reached or did not accept it. Check its host name, port, security, user name and password.";

type Outcome = "sent" | "refused" | "failed";

/** "Send a test e-mail": through the saved mail server, to the administrator who asks. Audited either way. */
export async function sendTestMail(caller: Caller, origin: string): Promise<{ message: string }> {
  const { ctx, user } = caller;
  const server = await savedMailServer(ctx);
  const text = `Hello ${user.firstName},\n\nThis is a test e-mail from Learning Management, sent through ${server.host}:${server.port}. If you can read it, the mail server works.`;
  // The audit entry says what we did, never what the server answered (that could hold anything, NUL bytes included).
  const record = (outcome: Outcome) =>
    audit({
      organizationId: ctx.organizationId,
      ...auditActor(ctx),
      action: "settings.smtp.test",
      entityType: ctx.organizationId ? "organization" : "platform",
      entityId: ctx.organizationId,
      data: { to: user.email, host: server.host, port: server.port, ok: outcome === "sent", outcome },
    });
  try {
    await sendThroughServer(
      {
        to: user.email,
        subject: "Test e-mail from Learning Management",
        text,
        html: brandedHtml(mailBranding(ctx.organization, origin), text),
      },
      server,
    );
  } catch (error) {
    const refused = error instanceof EgressRefusedError;
    await record(refused ? "refused" : "failed");
    if (refused) throw error;
    throw new AppError("BAD_REQUEST", MAIL_SERVER_FAILED_MESSAGE);
  }
  await record("sent");
  return { message: `A test e-mail was sent to ${user.email} through ${server.host}.` };
}
