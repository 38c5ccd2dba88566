import { createHash, randomBytes } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../../lib/generated/prisma/client";
import { LRS_SCOPES } from "../../lib/xapi/scopes";
import { API_KEY_SCOPES } from "../../lib/tenancy/api-key-scopes";
import { apiKeyHint, hashApiKeySecret, newApiKeySecret } from "../../lib/auth/api-key-secret";

// A throw-away organization with an administrator, for each xAPI version run an LRS client holding every
// scope whose content speaks that version, and an API key of the administrator (the cmi5 suite's adapter
// imports and launches courses with it), made directly in the database the conformance run's server uses:
// the suites leave statements, documents and courses behind.

export interface LrsTenant {
  subdomain: string;
  /** Basic auth of the client for each version. */
  clients: Map<string, { key: string; secret: string }>;
  apiKey: string;
}

export async function createLrsTenant(databaseUrl: string, versions: string[]): Promise<LrsTenant> {
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl, max: 1 }) });
  try {
    const subdomain = `lrs${randomBytes(4).toString("hex")}`;
    const organization = await db.organization.create({ data: { name: `LRS conformance ${subdomain}`, subdomain } });
    const admin = await db.user.create({
      data: {
        organizationId: organization.id,
        role: "admin",
        email: `admin@${subdomain}.example.test`,
        username: "admin",
        firstName: "Conformance",
        lastName: "Admin",
        passwordHash: "!",
      },
    });
    const clients = new Map<string, { key: string; secret: string }>();
    for (const version of versions) {
      const key = `lrsk_${randomBytes(12).toString("base64url")}`;
      const secret = `lrss_${randomBytes(32).toString("base64url")}`;
      await db.lrsClient.create({
        data: {
          organizationId: organization.id,
          name: `Conformance suite ${version}`,
          key,
          secretHash: createHash("sha256").update(secret).digest("hex"),
          scopes: [...LRS_SCOPES],
          xapiVersion: version,
          createdById: admin.id,
        },
      });
      clients.set(version, { key, secret });
    }
    const apiKey = newApiKeySecret();
    await db.apiKey.create({
      data: {
        organizationId: organization.id,
        name: "Conformance suite",
        hint: apiKeyHint(apiKey),
        secretHash: hashApiKeySecret(apiKey),
        scopes: [...API_KEY_SCOPES],
        createdById: admin.id,
      },
    });
    return { subdomain, clients, apiKey };
  } finally {
    await db.$disconnect();
  }
}
