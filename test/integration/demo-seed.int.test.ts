import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase, withClient } from "@/server/database/postgres";

// npm run db:seed on a fresh database, as `npm run demo` seeds one: the demo learner of each organization
// has the two certificates the demo shows (one valid, one inside its course's reminder window), issued by
// completing the courses (each dated on its enrollment's completion day), and the organization has the
// template those courses issue. A second seed adds no certificate.

const run = promisify(execFile);
const scratch = mkdtempSync(path.join(tmpdir(), "lms-demo-seed-"));
let database: { url: string; drop(): Promise<void> } | undefined;

beforeAll(async () => {
  database = await createFreshDatabase(process.env.TEST_DATABASE_SERVER_URL!, "lms_demo_seed");
});
afterAll(async () => {
  await database?.drop();
  rmSync(scratch, { recursive: true, force: true });
});

async function seed() {
  await run("npm", ["run", "--silent", "db:seed"], {
    env: { ...process.env, DATABASE_URL: database!.url, UPLOAD_DIR: path.join(scratch, "uploads") },
    timeout: 300_000,
  });
}

interface CertificateRow {
  subdomain: string;
  email: string;
  courseTitle: string;
  templateName: string;
  daysLeft: number;
  reminderDays: number;
  validityMonths: number;
  sameDayAsEnrollment: boolean;
  revoked: boolean;
}

const certificates = (url: string) =>
  withClient(url, async (client) => {
    const { rows } = await client.query<CertificateRow>(`
      SELECT o.subdomain, u.email, ce."courseTitle", t.name AS "templateName",
        extract(epoch FROM ce."expiresAt" - (now() AT TIME ZONE 'UTC')) / 86400 AS "daysLeft",
        co."certificateReminderDays" AS "reminderDays", co."certificateValidityMonths" AS "validityMonths",
        ce."completedAt" = e."completedAt" AS "sameDayAsEnrollment", ce."revokedAt" IS NOT NULL AS revoked
      FROM "Certificate" ce
      JOIN "Organization" o ON o.id = ce."organizationId"
      JOIN "User" u ON u.id = ce."userId"
      JOIN "Course" co ON co.id = ce."courseId"
      JOIN "CertificateTemplate" t ON t.id = co."certificateTemplateId"
      JOIN "Enrollment" e ON e.id = ce."enrollmentId"
      ORDER BY o.subdomain, u.email, ce."courseTitle"`);
    return rows.map((r) => ({ ...r, daysLeft: Number(r.daysLeft) }));
  });

describe("npm run db:seed", () => {
  it("gives each demo learner a valid certificate and one about to expire, issued by completing the courses", async () => {
    await seed();
    const url = database!.url;
    const all = await certificates(url);
    for (const subdomain of ["acme", "globex"]) {
      const learner = all.filter((c) => c.email === `learner@${subdomain}.example.com`);
      expect(learner.map((c) => [c.courseTitle, c.templateName, c.validityMonths, c.reminderDays])).toEqual([
        ["Customer Service Foundations", "Certificate of completion", 24, 30],
        ["Data Protection Refresher", "Certificate of completion", 12, 30],
      ]);
      const [valid, expiring] = learner;
      // Completed 45 days ago, valid for 24 months: well before its reminder.
      expect(valid!.daysLeft).toBeGreaterThan(600);
      // Completed 350 days ago, valid for 12 months: expires in about two weeks, inside the 30-day window.
      expect(expiring!.daysLeft).toBeGreaterThan(10);
      expect(expiring!.daysLeft).toBeLessThan(20);
      expect(learner.every((c) => !c.revoked)).toBe(true);
    }
    // Every certificate, the new starters' included, carries its enrollment's completion day.
    expect(all.length).toBeGreaterThan(4);
    expect(all.filter((c) => !c.sameDayAsEnrollment)).toEqual([]);
    const templates = await withClient(url, (client) =>
      client.query<{ subdomain: string; name: string }>(
        `SELECT o.subdomain, t.name FROM "CertificateTemplate" t JOIN "Organization" o ON o.id = t."organizationId" ORDER BY 1`,
      ),
    );
    expect(templates.rows).toEqual([
      { subdomain: "acme", name: "Certificate of completion" },
      { subdomain: "globex", name: "Certificate of completion" },
    ]);

    await seed();
    expect((await certificates(url)).length).toBe(all.length);
  }, 600_000);
});
