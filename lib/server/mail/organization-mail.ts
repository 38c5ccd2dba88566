import "server-only";
import { sendMail, type Mail } from "@/lib/mail";
import { brandedHtml, mailBranding } from "@/lib/server/mail/branded-html";
import { mailServerFor } from "@/lib/server/settings/smtp";

/**
 * A mail on behalf of an organization (null: the platform): its logo and colour in the HTML part, sent
 * through its own mail server when it has one. `origin` is the organization's own host, where the links
 * in the mail and its logo point.
 */
export async function sendOrganizationMail(
  organization: { id: string; name: string; branding: unknown } | null,
  origin: string,
  mail: Omit<Mail, "html">,
): Promise<void> {
  const server = await mailServerFor(organization?.id ?? null);
  await sendMail({ ...mail, html: brandedHtml(mailBranding(organization, origin), mail.text) }, server);
}
