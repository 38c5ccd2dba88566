import { hashPassword } from "@/lib/auth/password";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { organizationSettingsSchema } from "@/lib/schemas/organization";
import { DEMO_COURSES, DEMO_ORGANIZATIONS, DEMO_PASSWORD, DEMO_ROLES, DEMO_SUPERADMIN, demoEmail } from "./demo-data";

/** Idempotent: creates what is missing, leaves what exists (and what users changed) alone. */
export async function seedDemo(db: PrismaClient): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const superadmin = await db.user.findFirst({ where: { organizationId: null, email: DEMO_SUPERADMIN.email } });
  if (!superadmin) {
    const { email, firstName, lastName, username } = DEMO_SUPERADMIN;
    await db.user.create({ data: { organizationId: null, role: "superadmin", email, firstName, lastName, username, passwordHash } });
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
        create: { organizationId, role: u.role, email, username: u.username, firstName: u.firstName, lastName: u.lastName, passwordHash },
        update: {},
      });
      users[u.role] = user.id;
    }

    for (const c of DEMO_COURSES) {
      const category = await db.category.upsert({
        where: { organizationId_name: { organizationId, name: c.category } },
        create: { organizationId, name: c.category },
        update: {},
      });
      const existing = await db.course.findFirst({ where: { organizationId, title: c.title } });
      if (existing) continue;
      const course = await db.course.create({
        data: {
          organizationId,
          categoryId: category.id,
          title: c.title,
          description: `<p>${c.title} at ${org.name}.</p>`,
          status: c.status,
          publishedAt: c.status === "published" ? new Date() : null,
          createdById: users.instructor,
        },
      });
      if (users.instructor) await db.courseInstructor.create({ data: { organizationId, courseId: course.id, userId: users.instructor } });
      for (const [m, mod] of c.modules.entries()) {
        const created = await db.module.create({ data: { organizationId, courseId: course.id, title: mod.title, position: m } });
        for (const [l, lesson] of mod.lessons.entries()) {
          await db.lesson.create({ data: { organizationId, courseId: course.id, moduleId: created.id, position: l, ...lesson } });
        }
      }
      if (c.status === "published" && users.learner) {
        await db.enrollment.create({ data: { organizationId, courseId: course.id, userId: users.learner, source: "manual", progressPercent: 0 } });
      }
    }
  }
}
