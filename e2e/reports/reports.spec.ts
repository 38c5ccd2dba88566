import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { createCourse, enroll, type TestCourse } from "@/test/course-factories";
import {
  createSuperadmin,
  createTenant,
  createUser,
  uniqueName,
  type TestTenant,
  type TestUser,
} from "@/test/factories";
import { expectNoClippedColumns, origin, signIn, signInWithForm, waitForShell } from "../support";
import { seriousAxeViolations } from "../accessibility";

// The report pages in a browser: an instructor lands on the overview with figures and a chart; a learner
// completes the course's only lesson and the instructor's figures follow after Reports in the side
// navigation refreshes them; the per-course table drills down to the lessons, the learners table to a
// learner; a CSV export holds the rows shown; the superadmin sees every organization; axe passes.

// One story in order: the later tests read the completion the first one makes.
test.describe.configure({ mode: "serial" });

let tenant: TestTenant;
let course: TestCourse;
let decoy: TestCourse;
let second: TestUser;
test.beforeAll(async () => {
  tenant = await createTenant();
  second = await createUser(tenant.id, "learner", { firstName: uniqueName("Noor") });
  course = await createCourse(tenant.id, {
    title: uniqueName("Ladder safety "),
    instructorIds: [tenant.users.instructor.id],
    modules: [{ title: "Basics", lessons: [{ kind: "text", title: "Three points of contact" }] }],
  });
  // Someone else's course in the same organization: never in this instructor's figures.
  decoy = await createCourse(tenant.id, { title: uniqueName("Forklift driving ") });
  await enroll(tenant.id, course.id, tenant.users.learner.id);
  await enroll(tenant.id, course.id, second.id);
  await enroll(tenant.id, decoy.id, second.id, { status: "completed" });
});

const figure = (page: Page, label: string) => page.getByRole("group", { name: label, exact: true });

async function expectFigures(page: Page, total: string, completed: string, rate: string) {
  await expect(figure(page, "Total enrollments")).toContainText(total);
  await expect(figure(page, "Completed enrollments")).toContainText(completed);
  await expect(figure(page, "Completion rate")).toContainText(rate);
}

test("an instructor lands on the reports with figures and a chart; a learner's completion shows after Reports refreshes", async ({
  page,
  browser,
}) => {
  test.slow(); // two people's sessions on a busy machine
  await signInWithForm(page, tenant.subdomain, tenant.users.instructor);
  await expect(page).toHaveURL(`${origin(tenant.subdomain)}/admin/reports`);
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await expect(page.getByText("The courses you teach")).toBeVisible();
  await expectFigures(page, "2", "0", "0%");
  const byCourse = page.getByRole("figure", { name: "Completion by course" });
  await expect(byCourse.locator("svg").first()).toBeVisible();
  await expect(
    page.getByRole("figure", { name: "Enrollments and completions over time" }).locator("svg").first(),
  ).toBeVisible();
  // The chart's figures, as a screen reader reads them.
  const rates = byCourse.getByRole("table", { name: "Completion rate of each course" });
  await expect(rates.getByRole("row", { name: `${course.title} 0%` })).toBeAttached();

  // The learner completes the course's only lesson.
  const learnerPage = await browser.newPage();
  await signIn(learnerPage, tenant.subdomain, tenant.users.learner);
  const lesson = course.lessons[0]!;
  await learnerPage.goto(
    `${origin(tenant.subdomain)}/courses/${course.id}/modules/${lesson.moduleId}/lessons/${lesson.id}`,
  );
  await waitForShell(learnerPage);
  await learnerPage.getByRole("button", { name: "Mark complete" }).click();
  await expect(learnerPage.getByText("Completed", { exact: true }).first()).toBeVisible();
  await learnerPage.close();

  // Reports in the side navigation refreshes, then shows the new figures (1 of 2 → 50%).
  const reports = page
    .getByRole("navigation", { name: "Main navigation" })
    .getByRole("link", { name: "Reports", exact: true });
  await reports.click();
  await expectFigures(page, "2", "1", "50%");
  await expect(rates.getByRole("row", { name: `${course.title} 50%` })).toBeAttached();
  await expect(reports).toBeEnabled();
});

test("the per-course table drills down to the lessons and who completed them; its CSV export holds the rows shown", async ({
  page,
}) => {
  test.slow();
  await signIn(page, tenant.subdomain, tenant.users.instructor);
  await page.goto(`${origin(tenant.subdomain)}/admin/reports/courses`);
  const grid = page.getByRole("grid", { name: "Courses" });
  const row = grid.getByRole("row").filter({ hasText: course.title });
  await expect(row).toBeVisible();
  await expect(grid.getByRole("row").filter({ hasText: decoy.title })).toHaveCount(0);
  const shown = await grid
    .getByRole("row")
    .filter({ has: page.getByRole("gridcell") })
    .count();
  expect(shown).toBe(1);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  const csv = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "");
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe(
    "course_id,title,category,status,enrolled,not_started,in_progress,completed,withdrawn,completion_rate,average_progress,average_score,average_time_seconds,passed,failed",
  );
  expect(lines).toHaveLength(1 + shown);
  const fields = lines[1]!.split(",");
  expect(fields.slice(0, 2)).toEqual([course.id, course.title]);
  expect({ enrolled: fields[4], completed: fields[7], completion_rate: fields[9] }).toEqual({
    enrolled: "2",
    completed: "1",
    completion_rate: "50",
  });

  // Drill-down: the course's lessons, then who completed the lesson.
  await row.getByRole("link", { name: course.title }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/reports/courses/${course.id}$`));
  await expect(page.getByRole("heading", { level: 2, name: course.title })).toBeVisible();
  const lessons = page.getByRole("grid", { name: "Lessons" });
  const lessonRow = lessons.getByRole("row").filter({ hasText: "Three points of contact" });
  await expect(lessonRow).toContainText("50%");
  // At 1280 px every column is in view, the lesson's name whole.
  expect(await expectNoClippedColumns(lessons)).toEqual([
    "Lesson",
    "Completed",
    "In progress",
    "Completion",
    "Passed / failed",
    "Avg. score",
    "Attempts",
    "Avg. time",
  ]);
  const lessonLink = lessonRow.getByRole("link", { name: "Three points of contact" });
  expect(await lessonLink.evaluate((a) => a.parentElement!.scrollWidth <= a.parentElement!.clientWidth)).toBe(true);
  await lessonRow.getByRole("link", { name: "Three points of contact" }).click();
  // The chosen lesson is a place in the report, not a selection: the footer counts no selected rows.
  await expect(page.getByText(/rows? selected/)).toHaveCount(0);
  const learners = page.getByRole("grid", { name: "Lesson learners" });
  expect(await expectNoClippedColumns(learners)).toEqual([
    "Learner",
    "Lesson",
    "Completed",
    "SCORM result",
    "Score",
    "Attempts",
    "Time",
  ]);
  await expect(learners.getByRole("row").filter({ hasText: tenant.users.learner.email })).toContainText("Completed");
  await expect(learners.getByRole("row").filter({ hasText: second.email })).toContainText("Not started");
});

test("a learner row opens the learner's page with every course of theirs the instructor teaches", async ({ page }) => {
  await signIn(page, tenant.subdomain, tenant.users.instructor);
  await page.goto(`${origin(tenant.subdomain)}/admin/reports/learners`);
  const grid = page.getByRole("grid", { name: "Learners" });
  await page.getByRole("searchbox", { name: "Search learners" }).fill(second.firstName);
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(grid.getByRole("row").filter({ has: page.getByRole("gridcell") })).toHaveCount(1);
  await grid.getByRole("link", { name: `${second.firstName} Tester` }).click();
  await expect(page.getByRole("heading", { level: 2, name: `${second.firstName} Tester` })).toBeVisible();
  const courses = page.getByRole("grid", { name: "Courses of the learner" });
  await expect(courses.getByRole("row").filter({ hasText: course.title })).toContainText("Not started");
  expect(await expectNoClippedColumns(courses)).toEqual([
    "Course",
    "Status",
    "Progress",
    "Score",
    "Passed / failed",
    "Time",
    "Enrolled",
    "Last activity",
  ]);
  await expect(courses.getByRole("row").filter({ hasText: decoy.title })).toHaveCount(0);
  await expectFigures(page, "1", "0", "0%");
});

test("the filters live in the address and every view follows them", async ({ page }) => {
  await signIn(page, tenant.subdomain, tenant.users.instructor);
  await page.goto(`${origin(tenant.subdomain)}/admin/reports/courses`);
  // By role: a copy still streaming in a hidden part of the page is not the filter a person sees.
  await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "Completed" });
  await expect(page).toHaveURL(/[?&]status=completed/);
  const row = page.getByRole("grid", { name: "Courses" }).getByRole("row").filter({ hasText: course.title });
  await expect(row).toContainText("100%"); // only the completed enrollment counts
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
    "href",
    /\/api\/reports\/courses\/export\?status=completed&/,
  );

  // The tabs keep the filters; a range with nothing in it says so.
  await page.getByRole("tab", { name: "Overview" }).click();
  await expect(page).toHaveURL(/\/admin\/reports\?status=completed$/);
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(`${origin(tenant.subdomain)}/admin/reports`);
  await page.getByLabel("From", { exact: true }).fill("2099-01-01"); // the browser's date input
  await expect(page).toHaveURL(/\/admin\/reports\?from=2099-01-01$/);
  await expectFigures(page, "0", "0", "0%");
  await expect(page.getByText("No enrollments or completions in this period yet.")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(`${origin(tenant.subdomain)}/admin/reports`);
  await expectFigures(page, "2", "1", "50%");
});

test("a day out of range or past the other end says why under its field and leaves the address as it was", async ({
  page,
}) => {
  await signIn(page, tenant.subdomain, tenant.users.instructor);
  await page.goto(`${origin(tenant.subdomain)}/admin/reports?to=2026-01-10`);
  await waitForShell(page);
  const from = page.getByLabel("From", { exact: true });
  const to = page.getByLabel("To", { exact: true });
  await expect(to).toHaveValue("2026-01-10");
  await expect(from).toHaveAttribute("max", "2026-01-10");

  await from.fill("2026-02-01");
  await expect(from).toHaveAccessibleDescription("From must not be after To");
  await expect(from).toHaveAttribute("aria-invalid", "true");
  await to.fill("2100-01-01");
  await expect(to).toHaveAccessibleDescription("To must be between 1900-01-01 and 2099-12-31");
  await expect(page).toHaveURL(/\/admin\/reports\?to=2026-01-10$/);

  // A day in range takes the reason away and filters.
  await to.fill("2026-03-01");
  await expect(page).toHaveURL(/\/admin\/reports\?to=2026-03-01$/);
  await expect(to).toHaveAttribute("aria-invalid", "false");
  await from.fill("2026-02-02");
  await expect(page).toHaveURL(/from=2026-02-02/);
  await expect(from).not.toHaveAccessibleDescription(/must/);
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test("the overview and its filter bar are written without MUI's runtime styles", async ({ page }) => {
  await signIn(page, tenant.subdomain, tenant.users.org_admin);
  const answer = await page.goto(`${origin(tenant.subdomain)}/admin/reports`);
  const html = await answer!.text();
  expect(html).toContain("Report filters");
  expect(html).not.toContain("data-emotion");
  expect(html).not.toMatch(/class="[^"]*Mui/);
});

test("the overview's figures are in the page as it first arrives, not streamed after a loading shape", async ({
  page,
}) => {
  await signIn(page, tenant.subdomain, tenant.users.org_admin);
  const answer = await page.goto(`${origin(tenant.subdomain)}/admin/reports`);
  const html = await answer!.text();
  // React moves content streamed after a fallback into place from a <template> with a script; a page sent
  // whole has neither, and its figures are in its markup from the first byte on.
  expect(html).not.toMatch(/<template id="B:/);
  expect(html).not.toContain("Loading the reports");
  expect(html).toMatch(/<h2[^>]*>Enrollments and completions over time<\/h2>/);
});

test("the course picker searches as one types and is worked with the keyboard alone", async ({ page }) => {
  await signIn(page, tenant.subdomain, tenant.users.instructor);
  await page.goto(`${origin(tenant.subdomain)}/admin/reports`);
  await waitForShell(page);
  const picker = page.getByRole("combobox", { name: "Course" });
  const list = page.getByRole("listbox", { name: "Course" });
  // The list opens on ArrowDown once React runs the picker: keys pressed before that do nothing.
  await expect(async () => {
    await picker.focus();
    await page.keyboard.press("ArrowDown");
    await expect(picker).toHaveAttribute("aria-expanded", "true", { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(list.getByRole("option", { name: course.title })).toBeVisible();

  await page.keyboard.type("no such course");
  await expect(page.getByRole("status").filter({ hasText: "No matches" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(picker).toHaveAttribute("aria-expanded", "false");
  await expect(picker).toHaveValue("");

  // The search is the server's: only the course whose title holds the text is offered.
  await page.keyboard.type(course.title.slice(0, 12));
  await expect(list.getByRole("option")).toHaveCount(1);
  await page.keyboard.press("ArrowDown");
  const option = list.getByRole("option", { name: course.title });
  await expect(picker).toHaveAttribute("aria-activedescendant", (await option.getAttribute("id"))!);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`[?&]course_id=${course.id}`));
  await expect(picker).toHaveValue(course.title);
  await expect(picker).toHaveAttribute("aria-expanded", "false");
  expect(await seriousAxeViolations(page)).toEqual([]);

  await picker.hover();
  await page.getByRole("button", { name: "Clear", exact: true }).click();
  await expect(page).toHaveURL(`${origin(tenant.subdomain)}/admin/reports`);
  await expect(picker).toHaveValue("");
});

test("the superadmin sees every organization and picks one", async ({ page }) => {
  const superadmin = await createSuperadmin();
  await signIn(page, null, superadmin);
  await page.goto(`${origin(null)}/admin/reports`);
  await expect(page.getByText("Every organization", { exact: true }).first()).toBeVisible();
  // The organizations table's code arrives after the page (it is loaded only where it renders): text typed
  // into its server-rendered box before React runs it is reset, as it would be for a very quick person, who
  // types again. The address then carries the search once it has settled (it would replace a navigation
  // made meanwhile).
  await expect(async () => {
    await page.getByRole("searchbox", { name: "Search organizations" }).fill(tenant.name);
    await expect(page).toHaveURL(/[?&]q=/, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  const row = page.getByRole("grid", { name: "Organizations" }).getByRole("row").filter({ hasText: tenant.name });
  await expect(row).toBeVisible();
  await row.getByRole("link", { name: tenant.name }).click();
  await expect(page).toHaveURL(new RegExp(`organization_id=${tenant.id}`));
  // Whose figures these are, in the page and in the picker (found by its name among any number of organizations).
  await expect(page.getByRole("heading", { level: 2, name: tenant.name })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Organization" })).toHaveValue(tenant.name);
  await expect(figure(page, "Total enrollments")).toContainText("3");
});

for (const path of [
  "/admin/reports",
  "/admin/reports/courses",
  "/admin/reports/groups",
  "/admin/reports/learners",
  "courses/:id",
  "learners/:id",
]) {
  test(`axe finds no serious or critical violations on ${path}`, async ({ page }) => {
    await signIn(page, tenant.subdomain, tenant.users.org_admin);
    const target =
      path === "courses/:id"
        ? `/admin/reports/courses/${course.id}`
        : path === "learners/:id"
          ? `/admin/reports/learners/${second.id}`
          : path;
    await page.goto(`${origin(tenant.subdomain)}${target}`);
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
}

test("on a phone the filters fold behind one button and the figures start on the first screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, tenant.subdomain, tenant.users.instructor);
  await page.goto(`${origin(tenant.subdomain)}/admin/reports`);
  const filters = page.getByRole("region", { name: "Report filters" });
  await expect(filters).toBeHidden();
  await expect(figure(page, "Total enrollments")).toBeInViewport();
  await expect(figure(page, "Completion rate")).toBeInViewport();
  await page.goto(`${origin(tenant.subdomain)}/admin/reports/courses`);
  await expect(filters).toBeHidden();
  await expect(page.getByRole("grid", { name: "Courses" })).toBeInViewport();

  await page.getByRole("button", { name: "Filters" }).click();
  await expect(filters).toBeVisible();
  await filters.getByRole("combobox", { name: "Status" }).selectOption({ label: "Completed" });
  await expect(page).toHaveURL(/[?&]status=completed/);
  await page.getByRole("button", { name: "Hide filters" }).click();
  await expect(filters).toBeHidden();
  await expect(page.getByRole("button", { name: "Filters (1)" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
