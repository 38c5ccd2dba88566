import { hashPassword } from "@/lib/auth/password";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { organizationSettingsSchema } from "@/lib/schemas/organization-settings";
import { DEMO_ORGANIZATIONS, DEMO_PASSWORD, DEMO_ROLES, DEMO_SUPERADMIN, demoEmail } from "./demo-data";
import { seedDemoCertificateTemplate } from "./seed-certificates";
import { seedDemoCohort } from "./seed-cohort";
import { seedDemoCourses } from "./seed-courses";
import { seedDemoMessages } from "./seed-messages";
import { seedDemoEvents } from "./seed-events";

/** Idempotent: creates what is missing, leaves what exists (and what users changed) alone. */
export async function seedDemo(db: PrismaClient): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const superadmin = await db.user.findFirst({ where: { organizationId: null, email: DEMO_SUPERADMIN.email } });
  if (!superadmin) {
    const { email, firstName, lastName, username } = DEMO_SUPERADMIN;
    await db.user.create({
      data: { organizationId: null, role: "superadmin", email, firstName, lastName, username, passwordHash },
    });
  }

  for (const org of DEMO_ORGANIZATIONS) {
    const settings = organizationSettingsSchema.parse({ allowSelfRegistration: org.allowSelfRegistration });
    const organization = await db.organization.upsert({
      where: { subdomain: org.subdomain },
      create: { name: org.name, subdomain: org.subdomain, settings },
      update: {},
    });
    const organizationId = organization.id;

    const users: Record<string, string> = {};
    for (const u of DEMO_ROLES) {
      const email = demoEmail(u.username, org.subdomain);
      const user = await db.user.upsert({
        where: { organizationId_email: { organizationId, email } },
        create: {
          organizationId,
          role: u.role,
          email,
          username: u.username,
          firstName: u.firstName,
          lastName: u.lastName,
          passwordHash,
        },
        update: {},
      });
      users[u.role] = user.id;
    }

    const certificateTemplateId = await seedDemoCertificateTemplate(db, organizationId, users.admin!);
    await seedDemoCourses(db, organizationId, {
      instructor: users.instructor,
      learner: users.learner,
      certificateTemplateId,
    });
    await seedDemoMessages(db, organizationId, {
      instructor: users.instructor,
      learner: users.learner,
      org_admin: users.org_admin,
    });
    await seedDemoEvents(db, organizationId, {
      admin: users.admin!,
      instructor: users.instructor!,
      learner: users.learner!,
    });
    await seedDemoCohort(db, organizationId, { orgAdmin: users.org_admin!, passwordHash, subdomain: org.subdomain });
  }
}
