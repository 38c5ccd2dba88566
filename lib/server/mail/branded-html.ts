import "server-only";
import { DEFAULT_PRIMARY_COLOR } from "@/lib/color-contrast";
import { readOrganizationBranding } from "@/lib/schemas/organization-settings";

// The HTML part of an organization's mails: its logo and colour above the same text the plain part has.
// Links become buttons-free plain anchors in the organization's colour (which passed the AA check).

export interface MailBranding {
  organizationName: string;
  logoUrl: string;
  primaryColor: string;
}

/** An organization's branding for its mails; `origin` is its own host's (where its logo is served). */
export function mailBranding(organization: { name: string; branding: unknown } | null, origin: string): MailBranding {
  const branding = readOrganizationBranding(organization?.branding);
  const logo = branding.logoUrl ?? "/logo-mail.png";
  return {
    organizationName: organization?.name ?? "Learning Management",
    logoUrl: logo.startsWith("http") ? logo : `${origin}${logo}`,
    primaryColor: branding.primaryColor ?? DEFAULT_PRIMARY_COLOR,
  };
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function paragraphs(text: string, color: string): string {
  return text
    .split(/\n{2,}/)
    .map((block) => {
      const html = escapeHtml(block)
        .replace(
          /https?:\/\/[^\s<]+/g,
          (url) => `<a href="${url}" style="color:${color};word-break:break-all">${url}</a>`,
        )
        .replace(/\n/g, "<br>");
      return `<p style="margin:0 0 16px">${html}</p>`;
    })
    .join("");
}

export function brandedHtml(branding: MailBranding, text: string): string {
  const { organizationName, logoUrl, primaryColor } = branding;
  return `<!doctype html><html><body style="margin:0;background:#f4f6f8;font-family:Roboto,Helvetica,Arial,sans-serif;color:#1f2933">
<div style="max-width:600px;margin:0 auto;background:#ffffff;border-top:6px solid ${primaryColor}">
<div style="padding:20px 24px;border-bottom:1px solid #e4e7eb"><img src="${escapeHtml(logoUrl)}" alt="${escapeHtml(organizationName)} logo" width="118" height="40" style="display:block;object-fit:contain"></div>
<div style="padding:24px;font-size:15px;line-height:1.5">${paragraphs(text, primaryColor)}</div>
<div style="padding:16px 24px;font-size:12px;color:#52606d;border-top:1px solid #e4e7eb">${escapeHtml(organizationName)} · Learning Management</div>
</div></body></html>`;
}
