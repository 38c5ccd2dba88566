import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_DESIGN } from "@/lib/schemas/certificates";
import { createCourse, enroll, type TestCourse } from "@/test/course-factories";
import { createTenant, createUser, testDb, type TestTenant, type TestUser } from "@/test/factories";
import { call, randomIp } from "@/test/http";
import { pdfText } from "@/test/pdf-tools";
import { callAs } from "@/test/session";

// Certificates: issued once on completion (also when completions race), with the values of that moment;
// read back by their learner as JSON and PDF; checked by anyone on the organization's verification page.

let acme: TestTenant;
let other: TestTenant;
let templateId: string;

beforeAll(async () => {
  [acme, other] = await Promise.all([createTenant(), createTenant()]);
  const created = await callAs(acme.subdomain, acme.users.instructor, "/api/certificate-templates", {
    method: "POST",
    json: { name: "Safety certificate", design: DEFAULT_DESIGN },
  });
  expect(created.status).toBe(201);
  templateId = created.json.id;
});
afterAll(() => testDb().$disconnect());

/** A published course of three text lessons taught by acme's instructor, issuing certificates valid 12 months. */
async function certifyingCourse(title: string): Promise<TestCourse> {
  const course = await createCourse(acme.id, {
    title,
    instructorIds: [acme.users.instructor.id],
    modules: [{ lessons: [{}, {}, {}] }],
  });
  const set = await callAs(acme.subdomain, acme.users.instructor, `/api/courses/${course.id}/certificate`, {
    method: "PUT",
    json: { template_id: templateId, validity_months: 12, reminder_days: 30, recertify_automatically: false },
  });
  expect(set.status).toBe(200);
  return course;
}

function complete(learner: TestUser, course: TestCourse, lessonIndex: number) {
  return callAs(
    acme.subdomain,
    learner,
    `/api/courses/${course.id}/lessons/${course.lessons[lessonIndex]!.id}/progress`,
    {
      method: "PUT",
      json: { completed: true },
    },
  );
}

describe("issuing certificates", () => {
  it("a course's completion issues exactly one certificate, even when the last lessons are completed at once", async () => {
    const learner = await createUser(acme.id, "learner");
    const course = await certifyingCourse("Fire safety");
    await enroll(acme.id, course.id, learner.id);
    expect((await complete(learner, course, 0)).status).toBe(200);
    const racing = await Promise.all([1, 2, 1, 2, 1, 2, 1, 2].map((i) => complete(learner, course, i)));
    expect(racing.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);
    const rows = await testDb().certificate.findMany({ where: { organizationId: acme.id, courseId: course.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: learner.id,
      round: 1,
      issue: 0,
      courseTitle: "Fire safety",
      learnerName: `${learner.firstName} ${learner.lastName}`,
      organizationName: acme.name,
    });
    expect(rows[0]!.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{24}$/);
  });

  it("a course without a template issues none", async () => {
    const learner = await createUser(acme.id, "learner");
    const course = await createCourse(acme.id, { modules: [{ lessons: [{}] }] });
    await enroll(acme.id, course.id, learner.id);
    expect((await complete(learner, course, 0)).status).toBe(200);
    expect(await testDb().certificate.count({ where: { organizationId: acme.id, courseId: course.id } })).toBe(0);
  });

  it("keeps the values of its issue when the course and the learner are renamed; its PDF says so too", async () => {
    const learner = await createUser(acme.id, "learner", { firstName: "Zoë" });
    const course = await certifyingCourse("Data protection");
    await enroll(acme.id, course.id, learner.id);
    for (const i of [0, 1, 2]) expect((await complete(learner, course, i)).status).toBe(200);
    await testDb().course.update({ where: { id: course.id }, data: { title: "Data protection 2027" } });
    await testDb().user.update({ where: { id: learner.id }, data: { firstName: "Renamed" } });

    const mine = await callAs(acme.subdomain, learner, "/api/certificates");
    expect(mine.status).toBe(200);
    expect(mine.json.items).toHaveLength(1);
    const certificate = mine.json.items[0];
    expect(certificate).toMatchObject({
      course_title: "Data protection",
      learner_name: `Zoë ${learner.lastName}`,
      organization_name: acme.name,
      status: "valid",
    });
    // Valid for twelve months from completion.
    const completed = new Date(certificate.completed_at);
    const expires = new Date(certificate.expires_at);
    expect(expires.getUTCFullYear() * 12 + expires.getUTCMonth()).toBe(
      completed.getUTCFullYear() * 12 + completed.getUTCMonth() + 12,
    );
    expect(certificate.verification_url).toMatch(
      new RegExp(`^https?://${acme.subdomain}\\.[^/]+/verify/${certificate.code}$`),
    );

    const pdf = await callAs(acme.subdomain, learner, certificate.pdf_url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const text = pdfText(pdf.body);
    expect(text).toContain(`Zoë ${learner.lastName}`);
    expect(text).toContain("has completed Data protection");
    expect(text).not.toContain("2027");
    expect(text).toContain(certificate.code);
    // Where someone holding the paper types the code: the organization's own /verify.
    expect(text).toMatch(new RegExp(`Verify at https?://${acme.subdomain}\\.[^/\\s]+/verify\\s`));
    expect(text).toContain(`Code ${certificate.code}`);
  });

  it("another learner's certificate is not found, neither its PDF; an admin of another organization gets 404 too", async () => {
    const learner = await createUser(acme.id, "learner");
    const course = await certifyingCourse("Anti-bribery");
    await enroll(acme.id, course.id, learner.id);
    for (const i of [0, 1, 2]) await complete(learner, course, i);
    const row = await testDb().certificate.findFirstOrThrow({ where: { organizationId: acme.id, userId: learner.id } });
    expect((await callAs(acme.subdomain, acme.users.learner, `/api/certificates/${row.id}/pdf`)).status).toBe(404);
    expect((await callAs(other.subdomain, other.users.admin, `/api/certificates/${row.id}/pdf`)).status).toBe(404);
    expect((await callAs(acme.subdomain, acme.users.org_admin, `/api/certificates/${row.id}/pdf`)).status).toBe(200);
  });
});

describe("the template check", () => {
  it("refuses a design whose text runs under the QR code, naming both, and keeps the template as it was", async () => {
    const clashing = {
      ...DEFAULT_DESIGN,
      signature_name: "Ada Admin, Head of Learning",
      text_blocks: [
        ...DEFAULT_DESIGN.text_blocks,
        { text: "{signature_name}", x: 80, y: 84, size: 11, align: "center", color: "#333333" },
      ],
    };
    const refused = await callAs(acme.subdomain, acme.users.instructor, `/api/certificate-templates/${templateId}`, {
      method: "PATCH",
      json: { design: clashing },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toBe(
      "Text 7 overlaps the QR code. Move or shrink them so that every part of the certificate stays readable.",
    );
    const stored = await testDb().certificateTemplate.findFirstOrThrow({ where: { id: templateId } });
    expect((stored.design as { text_blocks: unknown[] }).text_blocks).toHaveLength(6);

    const created = await callAs(acme.subdomain, acme.users.instructor, "/api/certificate-templates", {
      method: "POST",
      json: { name: "Clashing", design: clashing },
    });
    expect(created.status).toBe(400);
  });
});

describe("the verification page", () => {
  let code: string;
  let learner: TestUser;

  beforeAll(async () => {
    learner = await createUser(acme.id, "learner");
    const course = await certifyingCourse("Working at height");
    await enroll(acme.id, course.id, learner.id);
    for (const i of [0, 1, 2]) await complete(learner, course, i);
    code = (await testDb().certificate.findFirstOrThrow({ where: { organizationId: acme.id, userId: learner.id } }))
      .code;
  });

  it("shows anyone, without signing in, the learner's name, course, dates, status and organization, and nothing else", async () => {
    const page = await call(acme.subdomain, `/verify/${code}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`${learner.firstName} ${learner.lastName}`);
    expect(page.text).toContain("Working at height");
    expect(page.text).toContain(acme.name);
    expect(page.text).toContain("Valid");
    expect(page.text).not.toContain(learner.email);
    expect(page.text).not.toContain(learner.username);
    expect(page.text).not.toContain(learner.id);
  });

  it("repeats the code it verified, and says in words when a valid certificate is about to expire", async () => {
    expect((await call(acme.subdomain, `/verify/${code.toLowerCase()}`)).text).toContain(code);
    await testDb().certificate.update({
      where: { code },
      data: { expiresAt: new Date(Date.now() + 15 * 86_400_000 - 60_000) },
    });
    const expiring = await call(acme.subdomain, `/verify/${code}`);
    expect(expiring.text).toContain("Expiring in 15 days");
  });

  it("/verify asks for a code, and sends a typed one (spaces, dashes, lower case) to its page", async () => {
    const form = await call(acme.subdomain, "/verify");
    expect(form.status).toBe(200);
    expect(form.text).toContain("Check a certificate");
    expect(form.text).toContain('name="code"');
    const typed = await call(acme.subdomain, "/verify?code=7k3m-9qx2%20d4hv");
    expect(typed.status).toBe(307);
    expect(typed.headers.location).toBe("/verify/7K3M9QX2D4HV");
    expect((await call(null, "/verify")).status).toBe(404);
  });

  it("an unknown code is a 404 with its own page, not the generic 'Page Not Found'", async () => {
    // Next sends a 404 thrown mid-render under the public pages' layout as its error shell, with the page in
    // its inline data for the browser to draw: the page's heading is there, the generic one is not. What the
    // browser draws (the code named, the form again) is e2e/certificates/what-people-see.spec.ts.
    const unknown = await call(acme.subdomain, "/verify/0000000000000000000000ZZ");
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain("Certificate not found");
    expect(unknown.text).toContain("UnknownCode");
  });

  it("says a revoked certificate is revoked, and an expired one expired", async () => {
    const revoked = await testDb().certificate.update({
      where: { code },
      data: { revokedAt: new Date(), revokedReason: "Issued in error" },
    });
    expect((await call(acme.subdomain, `/verify/${revoked.code}`)).text).toContain("Revoked");
    await testDb().certificate.update({
      where: { code },
      data: { revokedAt: null, revokedReason: null, expiresAt: new Date(Date.now() - 86_400_000) },
    });
    expect((await call(acme.subdomain, `/verify/${code}`)).text).toContain("Expired");
  });

  it("another organization's host does not know the code (404), nor does it know a made-up one", async () => {
    expect((await call(other.subdomain, `/verify/${code}`)).status).toBe(404);
    expect((await call(acme.subdomain, "/verify/0000000000000000000000ZZ")).status).toBe(404);
  });

  it("an address asking for many unknown codes is made to wait, even for a real one", async () => {
    const ip = randomIp();
    for (let i = 0; i < 20; i++) {
      const miss = await call(acme.subdomain, `/verify/UNKNOWN${i}`, { ip });
      expect(miss.status).toBe(404);
    }
    const refused = await call(acme.subdomain, `/verify/${code}`, { ip });
    expect(refused.text).toContain("Too many unknown codes");
    expect(refused.text).not.toContain(learner.lastName);
    expect((await call(acme.subdomain, `/verify/${code}`, { ip: randomIp() })).text).toContain(learner.lastName);
  });
});
