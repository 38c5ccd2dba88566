import { z } from "zod";

/** Names that route to platform services or invite phishing; no organization may take them. */
export const RESERVED_SUBDOMAINS: ReadonlySet<string> = new Set([
  "www",
  "api",
  "admin",
  "app",
  "mail",
  "static",
  "assets",
  "cdn",
  "auth",
  "login",
  "smtp",
  "imap",
  "pop",
  "ftp",
  "ns1",
  "ns2",
  "dns",
  "support",
  "help",
  "status",
  "docs",
  "blog",
  "billing",
  "dashboard",
  "superadmin",
  "root",
  "system",
  "uploads",
  "media",
  "files",
  "test",
  "dev",
  "staging",
  "localhost",
  // The default content domain is content.{APP_DOMAIN}: its own name can never be a tenant's.
  "content",
]);

// DNS label rules (RFC 1035/1123): 1–63 characters, letters, digits and hyphens, no hyphen at either end.
// We also require 3 characters at least and lower case, so names are readable and unambiguous.
export const subdomainSchema = z
  .string({ error: "Subdomain is required" })
  .trim()
  .toLowerCase()
  .min(3, "Subdomain must be at least 3 characters")
  .max(63, "Subdomain must be at most 63 characters")
  .regex(/^[a-z0-9-]+$/, "Subdomain may contain only letters, digits and hyphens")
  .regex(/^[a-z0-9]/, "Subdomain must start with a letter or digit")
  .regex(/[a-z0-9]$/, "Subdomain must end with a letter or digit")
  .refine((s) => !s.includes("--"), "Subdomain may not contain two hyphens in a row")
  .superRefine((s, ctx) => {
    if (RESERVED_SUBDOMAINS.has(s))
      ctx.addIssue({ code: "custom", message: `The subdomain '${s}' is reserved; please choose another` });
  });
