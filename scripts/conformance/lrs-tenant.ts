import { createHash, randomBytes } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../../lib/generated/prisma/client";
import { LRS_SCOPES } from "../../lib/xapi/scopes";

// A throw-away organization with an administrator and, for each xAPI version run, an LRS client holding
// every scope whose content speaks that version, made directly in the database the conformance run's
// server uses: the suite leaves statements and documents behind.

export interface LrsTenant {
  subdomain: string;
  /** Basic auth of the client for each version. */
  clients: Map<string, { key: string; secret: string }>;
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
    return { subdomain, clients };
  } finally {
    await db.$disconnect();
  }
}
