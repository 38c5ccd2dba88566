import { expect, test } from "@playwright/test";
import { createCourse, enroll } from "@/test/course-factories";
import { createTenant, testDb } from "@/test/factories";
import { call } from "@/test/http";
import { buildZip } from "@/test/scorm-zips";
import { cachedSignIn } from "@/test/session";
import { DEFAULT_DESIGN } from "@/lib/schemas/certificates";
import { forgetSession, origin, signIn, waitForShell } from "../support";

// A cmi5 course end to end (docs/cmi5.md): an instructor imports a packaged course; the learner starts
// its AU on the lesson page, where it plays framed on the content host and does what a cmi5 AU does
// (fetch its credential, read LMS.LaunchData and the learner preferences, send Initialized, Completed and
// Terminated to the organization's LRS); closing it shows the lesson completed, and the course with it.
// A course of two AUs is left after the first and taken up again from the dashboard; completing it issues
// the course's certificate, and the instructor's report shows each AU's session.

test.slow();

const AU_PAGE = `<!DOCTYPE html><html><head><title>Safety AU</title></head><body><h1>Safety</h1><p id="status">starting</p>
<script>
(async () => {
  const say = (text) => { document.getElementById("status").textContent = text; };
  try {
    const params = new URLSearchParams(location.search);
    const endpoint = params.get("endpoint"), actor = params.get("actor"), registration = params.get("registration");
    const activityId = params.get("activityId");
    const fetched = await (await fetch(params.get("fetch"), { method: "POST" })).json();
    const headers = { Authorization: "Basic " + fetched["auth-token"], "X-Experience-API-Version": "1.0.3" };
    const state = new URLSearchParams({ stateId: "LMS.LaunchData", activityId, agent: actor, registration });
    const launchData = await (await fetch(endpoint + "/activities/state?" + state, { headers })).json();
    await fetch(endpoint + "/agents/profile?" + new URLSearchParams({ profileId: "cmi5LearnerPreferences", agent: actor }), { headers });
    const send = async (verb, result, moveOn) => {
      const statement = {
        id: crypto.randomUUID(), timestamp: new Date().toISOString(), actor: JSON.parse(actor),
        verb: { id: "http://adlnet.gov/expapi/verbs/" + verb }, object: { id: activityId },
        ...(result ? { result } : {}),
        context: {
          registration,
          contextActivities: {
            ...launchData.contextTemplate.contextActivities,
            category: [{ id: "https://w3id.org/xapi/cmi5/context/categories/cmi5" },
              ...(moveOn ? [{ id: "https://w3id.org/xapi/cmi5/context/categories/moveon" }] : [])],
          },
          extensions: launchData.contextTemplate.extensions,
        },
      };
      const res = await fetch(endpoint + "/statements?statementId=" + statement.id, {
        method: "PUT", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify(statement) });
      if (res.status !== 204) throw new Error(verb + ": " + res.status + " " + await res.text());
    };
    await send("initialized");
    await send("completed", { completion: true, duration: "PT5S" }, true);
    await send("terminated", { duration: "PT6S" });
    say("done");
  } catch (error) {
    say("failed: " + error.message);
  }
})();
</script></body></html>`;

const CMI5_XML = `<?xml version="1.0" encoding="utf-8"?>
<courseStructure xmlns="https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd">
  <course id="https://example.test/cmi5/safety"><title><langstring lang="en">Safety</langstring></title>
    <description><langstring lang="en">Safety at work</langstring></description></course>
  <au id="https://example.test/cmi5/safety/au" moveOn="Completed">
    <title><langstring lang="en">Safety basics</langstring></title><url>index.html</url>
  </au>
</courseStructure>`;

test("a learner plays a cmi5 AU on the lesson page and completes the lesson", async ({ page }) => {
  const tenant = await createTenant();
  const course = await createCourse(tenant.id, {
    status: "published",
    instructorIds: [tenant.users.instructor.id],
    modules: [{ title: "Safety", lessons: [{ title: "Safety basics", kind: "cmi5" }] }],
  });
  const enrollment = await enroll(tenant.id, course.id, tenant.users.learner.id);
  const lesson = course.lessons[0]!;
  const imported = await call(tenant.subdomain, `/api/courses/${course.id}/lessons/${lesson.id}/cmi5`, {
    method: "PUT",
    body: await buildZip([
      { name: "cmi5.xml", data: CMI5_XML },
      { name: "index.html", data: AU_PAGE },
    ]),
    headers: { "content-type": "application/zip" },
    bearer: await cachedSignIn(tenant.subdomain, tenant.users.instructor),
  });
  expect(imported.status, imported.text).toBe(200);

  await signIn(page, tenant.subdomain, tenant.users.learner);
  const lessonUrl = `${origin(tenant.subdomain)}/courses/${course.id}/modules/${lesson.moduleId}/lessons/${lesson.id}`;
  await page.goto(lessonUrl);
  await page.getByRole("button", { name: "Start" }).click();
  const au = page.frameLocator('iframe[title="Safety basics"]');
  await expect(au.locator("#status")).toHaveText("done", { timeout: 30_000 });
  await page.getByRole("button", { name: "Close Safety basics" }).click();
  await expect(page.getByText("You have completed this lesson.")).toBeVisible();
  const row = await testDb().enrollment.findUniqueOrThrow({
    where: { id: enrollment.id },
    select: { progressPercent: true },
  });
  expect(row.progressPercent).toBe(100);
});

const TWO_AU_XML = `<?xml version="1.0" encoding="utf-8"?>
<courseStructure xmlns="https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd">
  <course id="https://example.test/cmi5/ladders"><title><langstring lang="en">Ladders</langstring></title>
    <description><langstring lang="en">Working at height</langstring></description></course>
  <au id="https://example.test/cmi5/ladders/one" moveOn="Completed">
    <title><langstring lang="en">Choosing a ladder</langstring></title><url>one.html</url>
  </au>
  <au id="https://example.test/cmi5/ladders/two" moveOn="Completed">
    <title><langstring lang="en">Climbing safely</langstring></title><url>two.html</url>
  </au>
</courseStructure>`;

test("a learner leaves a two-AU course halfway, comes back, completes it and gets the certificate; the report shows the sessions", async ({
  page,
}) => {
  const tenant = await createTenant();
  const template = await testDb().certificateTemplate.create({
    data: { organizationId: tenant.id, name: "Ladder licence", design: DEFAULT_DESIGN },
  });
  const course = await createCourse(tenant.id, {
    title: "Ladder safety",
    status: "published",
    instructorIds: [tenant.users.instructor.id],
    modules: [{ title: "Ladders", lessons: [{ title: "Working at height", kind: "cmi5" }] }],
  });
  await testDb().course.update({ where: { id: course.id }, data: { certificateTemplateId: template.id } });
  await enroll(tenant.id, course.id, tenant.users.learner.id);
  const lesson = course.lessons[0]!;
  const imported = await call(tenant.subdomain, `/api/courses/${course.id}/lessons/${lesson.id}/cmi5`, {
    method: "PUT",
    body: await buildZip([
      { name: "cmi5.xml", data: TWO_AU_XML },
      { name: "one.html", data: AU_PAGE },
      { name: "two.html", data: AU_PAGE },
    ]),
    headers: { "content-type": "application/zip" },
    bearer: await cachedSignIn(tenant.subdomain, tenant.users.instructor),
  });
  expect(imported.status, imported.text).toBe(200);

  // The first AU, then away.
  await signIn(page, tenant.subdomain, tenant.users.learner);
  await page.goto(`${origin(tenant.subdomain)}/courses/${course.id}/modules/${lesson.moduleId}/lessons/${lesson.id}`);
  const first = page.getByRole("listitem").filter({ hasText: "Choosing a ladder" });
  const second = page.getByRole("listitem").filter({ hasText: "Climbing safely" });
  await expect(first).toContainText("Not started");
  await page.getByRole("button", { name: "Start: Choosing a ladder" }).click();
  await expect(page.frameLocator('iframe[title="Choosing a ladder"]').locator("#status")).toHaveText("done", {
    timeout: 30_000,
  });
  await page.getByRole("button", { name: "Close Choosing a ladder" }).click();
  await expect(first).toContainText("Completed");
  await expect(second).toContainText("Not started");
  await expect(page.getByText("You have completed this lesson.")).toHaveCount(0);

  // Back from the dashboard: the course is where the learner left off, and the lesson knows the first AU.
  await page.goto(`${origin(tenant.subdomain)}/dashboard`);
  const resume = page.getByRole("region", { name: "Continue where you left off" });
  await expect(resume).toContainText("Ladder safety");
  await expect(resume).toContainText("Working at height");
  await resume.getByRole("link", { name: "Resume lesson" }).click();
  await expect(page).toHaveURL(new RegExp(`/lessons/${lesson.id}$`));
  await expect(first).toContainText("Completed");
  await page.getByRole("button", { name: "Start: Climbing safely" }).click();
  await expect(page.frameLocator('iframe[title="Climbing safely"]').locator("#status")).toHaveText("done", {
    timeout: 30_000,
  });
  await page.getByRole("button", { name: "Close Climbing safely" }).click();
  await expect(page.getByText("You have completed this lesson.")).toBeVisible();

  await page.goto(`${origin(tenant.subdomain)}/dashboard`);
  await expect(page.getByRole("list", { name: "My certificates" })).toContainText("Ladder safety");

  // The instructor's report: the learner's registration, each AU with its session.
  await forgetSession(page);
  await signIn(page, tenant.subdomain, tenant.users.instructor);
  await page.goto(
    `${origin(tenant.subdomain)}/admin/reports/courses/${course.id}?lesson_id=${lesson.id}&learner_id=${tenant.users.learner.id}`,
  );
  await waitForShell(page);
  const sessions = page.getByRole("grid", { name: "Sessions of attempt 1" });
  await expect(sessions).toBeVisible({ timeout: 30_000 });
  await expect(sessions.getByRole("row").filter({ hasText: "Choosing a ladder" })).toContainText("Terminated");
  await expect(sessions.getByRole("row").filter({ hasText: "Climbing safely" })).toContainText("Completed");
});
