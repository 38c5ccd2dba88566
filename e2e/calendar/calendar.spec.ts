import { expect, test, type Page } from "@playwright/test";
import ICAL from "ical.js";
import { createCourse, enroll } from "@/test/course-factories";
import { createTenant, testDb, uniqueName, type TestTenant } from "@/test/factories";
import { call } from "@/test/http";
import { origin, signIn, waitForForm } from "../support";
import { seriousAxeViolations } from "../accessibility";

// An administrator in New York creates a weekly event; a learner in Berlin finds it on /calendar at
// Berlin's time (moving by an hour when Europe's summer time begins a week after the first session,
// America's having begun already) and in their iCal feed, parsed with ical.js. The calendar and events
// pages pass axe.
//   New York: UTC-4 from 14 March 2027.  Berlin: UTC+1 until 28 March 2027, UTC+2 after.
//   10:00 New York on 25 March and 1 April 2027 = 14:00 UTC = 15:00 then 16:00 in Berlin.

let tenant: TestTenant;
test.beforeAll(async () => {
  tenant = await createTenant();
});

async function typeInto(page: Page, field: string, digits: string) {
  await page.getByRole("group", { name: field }).getByRole("spinbutton").first().click();
  await page.keyboard.type(digits);
}

test("an admin creates an event that a learner sees in /calendar and in the parsed iCal feed", async ({ browser }) => {
  test.setTimeout(180_000); // two people's sessions in one journey
  const title = uniqueName("Safety briefing ");
  const admin = await (await browser.newContext({ timezoneId: "America/New_York", locale: "en-US" })).newPage();
  await signIn(admin, tenant.subdomain, tenant.users.admin);
  await admin.goto(`${origin(tenant.subdomain)}/admin/events/create`);
  await waitForForm(admin, "Create event");
  await admin.getByLabel("Title").fill(title);
  await admin.getByLabel("Location").fill("Dock 4");
  await expect(admin.getByRole("combobox", { name: "Time zone" })).toHaveValue("America/New_York");
  await typeInto(admin, "Starts", "032520271000"); // MM/DD/YYYY hh:mm; the end follows, an hour later
  await expect(admin.getByRole("group", { name: "Ends" })).toContainText("03/25/2027 11:00");
  await admin.getByLabel("Repeats").click();
  await admin.getByRole("option", { name: "Weekly" }).click();
  await admin.getByLabel("Ends after").check();
  await admin.getByLabel("Occurrences").fill("2");
  await admin.getByRole("button", { name: "Create event" }).click();
  await expect(admin.getByText("Event created.")).toBeVisible();
  await admin.context().close();

  const learner = await (await browser.newContext({ timezoneId: "Europe/Berlin", locale: "en-GB" })).newPage();
  await signIn(learner, tenant.subdomain, tenant.users.learner);
  await learner.goto(`${origin(tenant.subdomain)}/calendar?view=agenda&date=2027-03-01`);
  const entry = learner.getByRole("button", { name: new RegExp(title) });
  await expect(entry).toHaveCount(1);
  await entry.click();
  const dialog = learner.getByRole("dialog", { name: title });
  await expect(dialog).toContainText(/25 Mar 2027, 15:00\s?–\s?16:00/);
  await expect(dialog).toContainText("Where: Dock 4");
  await expect(dialog).toContainText("Set in America/New_York");
  await dialog.getByRole("button", { name: "Close" }).click();
  await learner.getByRole("button", { name: "Next month" }).click();
  await expect(learner.getByRole("heading", { name: "April 2027" })).toBeVisible();
  await entry.click();
  await expect(learner.getByRole("dialog", { name: title })).toContainText(/1 Apr 2027, 16:00\s?–\s?17:00/);

  // The feed: a link made in the profile, fetched without a session, parsed with ical.js.
  await learner.goto(`${origin(tenant.subdomain)}/profile`);
  await learner.getByRole("button", { name: "Create calendar link" }).click();
  const link = learner.getByRole("textbox", { name: "Your calendar link" });
  await expect(link).toHaveValue(/\/api\/calendar\/feed\/[A-Za-z0-9_-]{65}\.ics$/);
  // Fetched from Node (which does not resolve *.localhost) with the tenant's Host, and no session.
  const feed = await call(tenant.subdomain, new URL(await link.inputValue()).pathname);
  expect(feed.status).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(feed.text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  const vevent = calendar
    .getAllSubcomponents("vevent")
    .map((c) => new ICAL.Event(c))
    .find((e) => e.summary === title);
  expect(vevent?.location).toBe("Dock 4");
  const starts: string[] = [];
  const iterator = vevent!.iterator();
  for (let next = iterator.next(); next; next = iterator.next()) starts.push(next.toJSDate().toISOString());
  expect(starts).toEqual(["2027-03-25T14:00:00.000Z", "2027-04-01T14:00:00.000Z"]);
});

test("axe finds no serious or critical violations on /calendar and the events pages", async ({ page }) => {
  test.setTimeout(240_000); // axe over a calendar's views, a data grid and a form, on two shared cores
  const course = await createCourse(tenant.id, {
    title: uniqueName("Forklift basics "),
    instructorIds: [tenant.users.instructor.id],
  });
  await enroll(tenant.id, course.id, tenant.users.admin.id);
  const now = new Date();
  const day = (d: number, h: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), d, h));
  const event = await testDb().event.create({
    data: {
      organizationId: tenant.id,
      title: "Toolbox talk",
      startsAt: day(10, 9),
      endsAt: day(10, 10),
      rrule: "FREQ=WEEKLY;INTERVAL=1;COUNT=3",
      seriesEndsAt: day(24, 10),
      timeZone: "UTC",
      courseId: course.id,
    },
  });
  await testDb().event.create({
    data: {
      organizationId: tenant.id,
      title: "Open day",
      startsAt: day(12, 0),
      endsAt: day(14, 0),
      seriesEndsAt: day(14, 0),
      allDay: true,
    },
  });
  await testDb().course.update({ where: { id: course.id }, data: { dueOn: day(20, 0) } });
  await signIn(page, tenant.subdomain, tenant.users.admin);
  // The create page is the same form as the event's own page, empty.
  const paths = ["/calendar", "/calendar?view=agenda", "/admin/events?when=all", `/admin/events/${event.id}`];
  for (const path of paths) {
    await page.goto(`${origin(tenant.subdomain)}${path}`);
    await page.waitForLoadState("networkidle");
    if (path.startsWith("/calendar"))
      await expect(page.getByRole("button", { name: /Toolbox talk/ }).first()).toBeVisible();
    expect(await seriousAxeViolations(page, { withUrl: true })).toEqual([]);
  }
});
