import { randomBytes } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import { hashPassword } from "@/lib/auth/password";
import { PrismaClient } from "@/lib/generated/prisma/client";
import type { Role } from "@/lib/routes";
import { USER_ROLES } from "@/lib/schemas/users";

// Each test makes its own organization and users with random names, so tests run in parallel and
// never need a truncate. Talks to the test database directly (the only place tests write without HTTP).

export const TEST_PASSWORD = "Correct-Horse-42";
let client: PrismaClient | undefined;
let passwordHash: Promise<string> | undefined;

export function testDb(): PrismaClient {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set: run tests through `npm test`.");
  client ??= new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 4 }) });
  return client;
}

/**
 * Points this test file's factories at another database (a test running its own PostgreSQL cluster) and
 * returns the client. Module state: other test files keep TEST_DATABASE_URL.
 */
export async function useTestDatabase(url: string): Promise<PrismaClient> {
  await client?.$disconnect();
  client = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 4 }) });
  return client;
}

export const uniqueName = (prefix: string) => `${prefix}${randomBytes(5).toString("hex")}`;

export interface TestUser {
  id: string;
  email: string;
  password: string;
  role: Role;
  firstName: string;
  lastName: string;
  username: string;
}

export interface TestTenant {
  id: string;
  subdomain: string;
  name: string;
  users: Record<Exclude<Role, "superadmin">, TestUser>;
}

export async function createTenant(
  options: { allowSelfRegistration?: boolean; status?: "active" | "suspended" } = {},
): Promise<TestTenant> {
  const subdomain = uniqueName("t");
  const organization = await testDb().organization.create({
    data: {
      name: `Org ${subdomain}`,
      subdomain,
      status: options.status ?? "active",
      settings: { allowSelfRegistration: options.allowSelfRegistration ?? true },
    },
  });
  const users = {} as TestTenant["users"];
  for (const role of USER_ROLES) users[role] = await createUser(organization.id, role);
  return { id: organization.id, subdomain, name: organization.name, users };
}

export async function createUser(
  organizationId: string | null,
  role: Role,
  overrides: Partial<{ status: "active" | "suspended"; firstName: string }> = {},
): Promise<TestUser> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const username = uniqueName(role.replace("_", ""));
  const email = `${username}@example.test`;
  const firstName = overrides.firstName ?? `${role[0]!.toUpperCase()}${role.slice(1)}`;
  const user = await testDb().user.create({
    data: {
      organizationId,
      role,
      email,
      username,
      firstName,
      lastName: "Tester",
      passwordHash: await passwordHash,
      status: overrides.status ?? "active",
    },
  });
  return { id: user.id, email, password: TEST_PASSWORD, role, firstName, lastName: "Tester", username };
}

export async function createSuperadmin(): Promise<TestUser> {
  return createUser(null, "superadmin");
}
