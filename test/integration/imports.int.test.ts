import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCourse } from "@/test/course-factories";
import {
  createSuperadmin,
  createTenant,
  createUser,
  testDb,
  uniqueName,
  type TestTenant,
  type TestUser,
} from "@/test/factories";
import { call, hostFor } from "@/test/http";
import { outcomes, runImport, uploadAndDryRun, uploadCsv, waitForStatus, type As } from "@/test/imports";
import { latestMailTo, setPasswordLinkFor } from "@/test/outbox";
import { cachedSignIn, multipartBody, signIn } from "@/test/session";

// The CSV user import through its API: the dry run's outcomes (every rejection reason), the run (users,
// groups with their courses, courses, invitations), the report, the mapping, permissions and tenancy.

let acme: TestTenant;
let globex: TestTenant;
let admin: As;
let superadmin: TestUser;
let sales: { id: string; name: string };
let onboardingId: string;
let safetyId: string;
let globexGroup: string;
let globexCourse: string;

beforeAll(async () => {
  [acme, globex, superadmin] = await Promise.all([createTenant(), createTenant(), createSuperadmin()]);
  admin = { subdomain: acme.subdomain, bearer: await cachedSignIn(acme.subdomain, acme.users.admin) };
  const db = testDb();
  onboardingId = (await createCourse(acme.id, { title: "Onboarding", status: "published" })).id;
  safetyId = (await createCourse(acme.id, { title: "Safety 101", status: "published" })).id;
  sales = await db.group.create({ data: { organizationId: acme.id, name: "Sales" }, select: { id: true, name: true } });
  await db.groupCourse.create({ data: { organizationId: acme.id, groupId: sales.id, courseId: onboardingId } });
  globexGroup = `Globex team ${uniqueName("")}`;
  globexCourse = `Globex course ${uniqueName("")}`;
  await db.group.create({ data: { organizationId: globex.id, name: globexGroup } });
  await createCourse(globex.id, { title: globexCourse, status: "published" });
});
afterAll(() => testDb().$disconnect());

const email = (name: string) => `${uniqueName(name)}@example.test`;

describe("dry run and run", () => {
  it("dry-runs every row with its reason, applies only the good ones, and reports each row", async () => {
    const db = testDb();
    const renamed = acme.users.learner;
    const same = acme.users.instructor;
    const e = { nia: email("nia"), noa: email("noa"), dup: email("dup"), bad: email("bad") };
    const header = "email,first_name,last_name,username,role,password,groups,courses,status";
    const lines = [
      `${e.nia},Nia,One,,learner,,Sales,Safety 101,`, // 1 create, invited
      `${e.noa},Noa,Two,,Instructor,Correct-Horse-42-Import,,,active`, // 2 create with a password
      "not-an-email,Bad,Email,,,,,,", // 3
      `${e.dup},Dee,First,,,,,,`, // 4 create
      `${e.dup.toUpperCase()},Dee,Second,,,,,,`, // 5 duplicate
      `${e.bad},Role,Unknown,,wizard,,,,`, // 6
      `${e.bad}x,Role,Super,,superadmin,,,,`, // 7
      `${e.bad}y,Group,Unknown,,,,Nobody's group,,`, // 8
      `${e.bad}z,Group,Other,,,,${globexGroup},,`, // 9 another organization's group
      `${e.bad}w,Course,Other,,,,,${globexCourse},`, // 10 another organization's course
      `${e.bad}v,Weak,Short,,,short,,,`, // 11
      `${e.bad}u,Weak,Guessable,,,password123,,,`, // 12
      `${renamed.email},${renamed.firstName},Renamed,,,,,,`, // 13 update
      `${same.email},${same.firstName},${same.lastName},,instructor,,,,`, // 14 unchanged
      `${e.bad}t,,Nofirst,,,,,,`, // 15
      `${e.bad}s,Taken,Username,${acme.users.admin.username},,,,,`, // 16
      `${e.bad}r,Status,Unknown,,,,,,retired`, // 17
    ];
    const imported = await uploadAndDryRun(admin, `${header}\n${lines.join("\n")}\n`);
    expect(imported.status).toBe("checked");
    expect(imported.check).toMatchObject({ create: 3, update: 1, unchanged: 1, reject: 12 });
    const dryRun = await outcomes(admin, imported.id);
    expect(dryRun).toEqual({
      1: ["create", null],
      2: ["create", null],
      3: ["reject", "Invalid email address 'not-an-email'"],
      4: ["create", null],
      5: ["reject", `Duplicate email in the file: row 4 has ${e.dup} too`],
      6: ["reject", "Unknown role 'wizard': use learner, instructor, org_admin or admin"],
      7: ["reject", "The role 'superadmin' is not yours to give"],
      8: ["reject", "Unknown group 'Nobody's group'"],
      9: ["reject", `Unknown group '${globexGroup}'`],
      10: ["reject", `Unknown course '${globexCourse}'`],
      11: ["reject", "Weak password: Password must be at least 8 characters"],
      12: ["reject", expect.stringMatching(/^Weak password: This password is too easy to guess/)],
      13: ["update", "Changes last name"],
      14: ["unchanged", null],
      15: ["reject", "The first name is missing (a new user needs one)"],
      16: ["reject", `The username '${acme.users.admin.username}' is taken`],
      17: ["reject", "Unknown status 'retired': use active or suspended"],
    });
    // The filter of the dry-run table.
    const rejected = await call(acme.subdomain, `/api/admin/imports/${imported.id}/rows?outcome=reject&page_size=5`, {
      bearer: admin.bearer,
    });
    expect([rejected.json.total, rejected.json.items.map((r: { row: number }) => r.row)]).toEqual([
      12,
      [3, 5, 6, 7, 8],
    ]);
    // A dry run applies nothing.
    expect(await db.user.count({ where: { organizationId: acme.id, email: { in: [e.nia, e.noa, e.dup] } } })).toBe(0);

    const done = await runImport(admin, imported.id);
    expect(done.status).toBe("completed");
    expect(done.run).toMatchObject({ created: 3, updated: 1, unchanged: 1, rejected: 12, failed: 0, not_applied: 0 });
    expect(done.summary).toBe("Imported 17 rows: 3 created, 1 updated, 1 unchanged, 12 rejected, 0 failed");

    const nia = await db.user.findFirstOrThrow({
      where: { organizationId: acme.id, email: e.nia },
      select: { id: true, role: true, firstName: true, status: true },
    });
    expect(nia).toMatchObject({ role: "learner", firstName: "Nia", status: "active" });
    expect(await db.groupMember.count({ where: { organizationId: acme.id, groupId: sales.id, userId: nia.id } })).toBe(
      1,
    );
    const enrollments = await db.enrollment.findMany({
      where: { organizationId: acme.id, userId: nia.id },
      select: { courseId: true, source: true },
      orderBy: { source: "asc" },
    });
    expect(enrollments.map((x) => [x.courseId, x.source]).sort()).toEqual(
      [
        [onboardingId, "group"],
        [safetyId, "manual"],
      ].sort(),
    );
    expect((await db.user.findFirstOrThrow({ where: { id: renamed.id }, select: { lastName: true } })).lastName).toBe(
      "Renamed",
    );
    expect(
      (await db.user.findFirstOrThrow({ where: { organizationId: acme.id, email: e.noa }, select: { role: true } }))
        .role,
    ).toBe("instructor");

    // The one given a password signs in with it and gets no mail; the others are invited.
    expect(
      (await call(acme.subdomain, "/auth/login", { json: { email: e.noa, password: "Correct-Horse-42-Import" } }))
        .status,
    ).toBe(200);
    await expect
      .poll(() => latestMailTo(e.nia), { timeout: 30_000, interval: 250 })
      .toContain(`You are invited to ${acme.name}`);
    await expect
      .poll(() => latestMailTo(e.dup), { timeout: 30_000, interval: 250 })
      .toContain(`You are invited to ${acme.name}`);
    expect(await latestMailTo(e.noa)).toBeNull();
    // The link is on the organization's own host, with the scheme and port of the request that started the run.
    const link = await setPasswordLinkFor(e.nia);
    expect(link.url).toBe(`http://${hostFor(acme.subdomain)}/reset-password/${link.token}`);

    const after = await outcomes(admin, imported.id);
    expect([after[1], after[5], after[13], after[14]]).toEqual([
      ["created", null],
      ["rejected", `Duplicate email in the file: row 4 has ${e.dup} too`],
      ["updated", "Changes last name"],
      ["unchanged", null],
    ]);

    const report = await call(acme.subdomain, `/api/admin/imports/${imported.id}/report`, { bearer: admin.bearer });
    expect(report.status).toBe(200);
    expect(report.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(report.headers["content-disposition"]).toBe('attachment; filename="people-report.csv"');
    const reportLines = report.text.replace(/^\uFEFF/, "").split("\r\n");
    expect(reportLines[0]).toBe(`row,email,outcome,reason,applied,${header}`);
    expect(reportLines[2]).toBe(`2,${e.noa},created,,yes,${e.noa},Noa,Two,,Instructor,(hidden),,,active`);
    expect(reportLines[3]).toBe(
      "3,not-an-email,rejected,Invalid email address 'not-an-email',yes,not-an-email,Bad,Email,,,,,,",
    );
    expect(reportLines.length).toBe(19); // header, 17 rows, the empty string after the last CRLF

    // The same file again: nothing left to create.
    const again = await uploadAndDryRun(admin, `${header}\n${lines.slice(0, 2).join("\n")}\n`);
    expect(again.check).toMatchObject({ create: 0, update: 0, unchanged: 2, reject: 0 });

    // Once run, it cannot run again nor change its mapping.
    expect(
      (await call(acme.subdomain, `/api/admin/imports/${imported.id}/run`, { method: "POST", bearer: admin.bearer }))
        .json.error.message,
    ).toBe("This import has already run");
  });

  it("reports a row that cannot be applied at run time as failed, and applies the others", async () => {
    // The organization's only org admin demoted: an update in the dry run, refused when applied (the users
    // service's rule), in the middle of a batch whose other rows still go in.
    const solo = await createTenant();
    const soloAdmin: As = { subdomain: solo.subdomain, bearer: await cachedSignIn(solo.subdomain, solo.users.admin) };
    const newcomer = email("newcomer");
    const imported = await uploadAndDryRun(
      soloAdmin,
      `email,first_name,last_name,role\n${email("first")},First,Person,learner\n${solo.users.org_admin.email},Org,Admin,learner\n${newcomer},New,Comer,learner\n`,
    );
    expect(imported.check).toMatchObject({ create: 2, update: 1, reject: 0 });
    const done = await runImport(soloAdmin, imported.id);
    expect(done.run).toMatchObject({ created: 2, updated: 0, failed: 1, not_applied: 0 });
    expect((await outcomes(soloAdmin, imported.id))[2]).toEqual([
      "failed",
      "Could not be applied: This is the organization's last active org admin: make someone else an org admin (Admin) first",
    ]);
    expect(
      (await testDb().user.findUniqueOrThrow({ where: { id: solo.users.org_admin.id }, select: { role: true } })).role,
    ).toBe("org_admin");
    expect(await testDb().user.count({ where: { organizationId: solo.id, email: newcomer } })).toBe(1);
  });

  it("refuses at run time to deactivate the last active org admin, and deactivates an org admin who is not the last", async () => {
    const solo = await createTenant();
    const soloAdmin: As = { subdomain: solo.subdomain, bearer: await cachedSignIn(solo.subdomain, solo.users.admin) };
    const imported = await uploadAndDryRun(
      soloAdmin,
      `email,first_name,last_name,status\n${solo.users.org_admin.email},Org,Admin,suspended\n`,
    );
    expect(imported.check).toMatchObject({ update: 1, reject: 0 });
    const done = await runImport(soloAdmin, imported.id);
    expect(done.run).toMatchObject({ updated: 0, failed: 1 });
    expect((await outcomes(soloAdmin, imported.id))[1]).toEqual([
      "failed",
      "Could not be applied: This is the organization's last active org admin: make someone else an org admin (Admin) first",
    ]);
    expect(
      (await testDb().user.findUniqueOrThrow({ where: { id: solo.users.org_admin.id }, select: { status: true } }))
        .status,
    ).toBe("active");

    // With a second active org admin, the same row goes in.
    await createUser(solo.id, "org_admin");
    const again = await uploadAndDryRun(
      soloAdmin,
      `email,first_name,last_name,status\n${solo.users.org_admin.email},Org,Admin,suspended\n`,
    );
    expect((await runImport(soloAdmin, again.id)).run).toMatchObject({ updated: 1, failed: 0 });
    expect(
      (await testDb().user.findUniqueOrThrow({ where: { id: solo.users.org_admin.id }, select: { status: true } }))
        .status,
    ).toBe("suspended");
  });

  it("asks for a dry run before the run", async () => {
    const uploaded = await uploadCsv(admin, `email,first_name,last_name\n${email("x")},X,Y\n`);
    const run = await call(acme.subdomain, `/api/admin/imports/${uploaded.json.id}/run`, {
      method: "POST",
      bearer: admin.bearer,
    });
    expect([run.status, run.json.error.message]).toEqual([
      409,
      "Make a dry run first: it shows what the import will do",
    ]);
  });

  it("cancels a run at its next batch and says what was applied", async () => {
    const rows = Array.from({ length: 4000 }, (_, i) => `${uniqueName(`c${i}-`)}@example.test,Cal,Cancel${i}`);
    const imported = await uploadAndDryRun(
      admin,
      `email,first_name,last_name,password\n${rows.map((r) => `${r},`).join("\n")}\n`,
    );
    expect(imported.check.create).toBe(4000);
    await call(acme.subdomain, `/api/admin/imports/${imported.id}/run`, { method: "POST", bearer: admin.bearer });
    const cancel = await call(acme.subdomain, `/api/admin/imports/${imported.id}/cancel`, {
      method: "POST",
      bearer: admin.bearer,
    });
    expect(cancel.status).toBe(202);
    const done = (await waitForStatus(admin, imported.id, ["cancelled", "completed"], 120_000)).json;
    expect(done.status).toBe("cancelled");
    const created = await testDb().user.count({
      where: { organizationId: acme.id, lastName: { startsWith: "Cancel" } },
    });
    expect(created).toBeLessThan(4000);
    expect(done.run.created).toBe(created);
    expect(done.run.not_applied).toBe(4000 - created);
    expect(done.summary).toBe(
      `Cancelled after ${created.toLocaleString("en-US")} of 4,000 rows: ${created.toLocaleString("en-US")} created, 0 updated, 0 unchanged, 0 rejected, 0 failed; the other ${(4000 - created).toLocaleString("en-US")} rows were not applied`,
    );
  });
});

describe("the file and its mapping", () => {
  it("shows the first 20 rows, asks for the required columns, and remembers a saved mapping", async () => {
    const db = testDb();
    const body = Array.from({ length: 25 }, (_, i) => `${email(`m${i}`)};Mo${i};Map`).join("\n");
    const uploaded = await uploadCsv(admin, `Address;Given;Family\n${body}\n`);
    expect(uploaded.status).toBe(201);
    expect(uploaded.json).toMatchObject({
      headers: ["Address", "Given", "Family"],
      delimiter: ";",
      total_rows: 25,
      missing_fields: ["email", "first_name", "last_name"],
      status: "uploaded",
    });
    const detail = await call(acme.subdomain, `/api/admin/imports/${uploaded.json.id}`, { bearer: admin.bearer });
    expect(detail.json.preview.length).toBe(20);
    expect(detail.json.preview[1][1]).toBe("Mo1");

    const dry = await call(acme.subdomain, `/api/admin/imports/${uploaded.json.id}/dry-run`, {
      method: "POST",
      bearer: admin.bearer,
    });
    expect([dry.status, dry.json.error.message]).toEqual([
      400,
      "Map a column to email, first_name, last_name first: every row needs them",
    ]);

    const twice = await call(acme.subdomain, `/api/admin/imports/${uploaded.json.id}/mapping`, {
      method: "PUT",
      bearer: admin.bearer,
      json: { mapping: { email: 0, first_name: 0 } },
    });
    expect([twice.status, twice.json.error.message]).toEqual([
      400,
      "first_name: the column 'Address' is already mapped to email",
    ]);
    const mapped = await call(acme.subdomain, `/api/admin/imports/${uploaded.json.id}/mapping`, {
      method: "PUT",
      bearer: admin.bearer,
      json: { mapping: { email: 0, first_name: 1, last_name: 2 }, save_as_default: true },
    });
    expect(mapped.status).toBe(200);
    expect(mapped.json.missing_fields).toEqual([]);
    expect(
      await db.userImportMapping.findUnique({ where: { organizationId: acme.id }, select: { mapping: true } }),
    ).toEqual({ mapping: { email: "Address", first_name: "Given", last_name: "Family" } });
    const next = await uploadCsv(admin, `Family,Given,Address\nMap,Max,${email("max")}\n`);
    expect(next.json.mapping).toEqual({
      email: 2,
      first_name: 1,
      last_name: 0,
      username: null,
      role: null,
      password: null,
      groups: null,
      courses: null,
      completed_on: null,
      status: null,
    });
  });

  it("refuses a bad file with the reason and keeps nothing of it", async () => {
    const before = await testDb().userImport.count({ where: { organizationId: acme.id } });
    const res = await uploadCsv(admin, 'email,first_name,last_name\nok@example.test,A,B\n"broken@example.test,C,D\n');
    expect([res.status, res.json.error.message]).toEqual([
      400,
      'The file is not valid CSV: a quoted field is never closed (line 3): every " that opens a field needs one that closes it',
    ]);
    const empty = await uploadCsv(admin, "");
    expect(empty.status).toBe(400);
    const lines = Array.from({ length: 100_001 }, (_, i) => `p${i}@example.test,P,${i}`);
    const tooMany = await uploadCsv(admin, `email,first_name,last_name\n${lines.join("\n")}\n`);
    expect([tooMany.status, tooMany.json.error.message]).toEqual([
      400,
      "The file has more than 100,000 rows: split it into smaller files",
    ]);
    expect(
      await testDb().userImportRow.count({
        where: { organizationId: acme.id, cells: { array_contains: ["p100000@example.test"] } },
      }),
    ).toBe(0);
    // A body that ends inside the file's part (a connection dropped mid-upload).
    const form = await multipartBody({
      file: new File([`email,first_name,last_name\n${lines.slice(0, 50).join("\n")}\n`], "people.csv", {
        type: "text/csv",
      }),
    });
    const cut = await call(acme.subdomain, "/api/admin/imports", {
      method: "POST",
      body: form.body.subarray(0, 400),
      headers: form.headers,
      bearer: admin.bearer,
    });
    expect([cut.status, cut.json.error.message]).toEqual([
      400,
      "The upload was interrupted before the whole file arrived",
    ]);
    expect(await testDb().userImport.count({ where: { organizationId: acme.id } })).toBe(before);
  });
});

describe("who may import where", () => {
  it("refuses learners, instructors and org admins", async () => {
    for (const role of ["learner", "instructor", "org_admin"] as const) {
      const res = await uploadCsv(
        { subdomain: acme.subdomain, bearer: await cachedSignIn(acme.subdomain, acme.users[role]) },
        `email,first_name,last_name\n${email("r")},A,B\n`,
      );
      expect([role, res.status]).toEqual([role, 403]);
    }
  });

  it("keeps an admin of one organization out of another's imports", async () => {
    const globexAdmin: As = {
      subdomain: globex.subdomain,
      bearer: await cachedSignIn(globex.subdomain, globex.users.admin),
    };
    const into = await uploadCsv(admin, `email,first_name,last_name\n${email("b")},A,B\n`, {
      query: `?organization_id=${globex.id}`,
    });
    expect([into.status, into.json.error.message]).toEqual([404, "Organization not found"]);
    const mine = await uploadCsv(admin, `email,first_name,last_name\n${email("a")},A,B\n`);
    for (const [method, path] of [
      ["GET", ""],
      ["GET", "/rows"],
      ["GET", "/report"],
      ["POST", "/dry-run"],
      ["POST", "/run"],
      ["POST", "/cancel"],
    ] as const) {
      const res = await call(globex.subdomain, `/api/admin/imports/${mine.json.id}${path}`, {
        method,
        bearer: globexAdmin.bearer,
      });
      expect([path, res.status]).toEqual([path, 404]);
    }
    const put = await call(globex.subdomain, `/api/admin/imports/${mine.json.id}/mapping`, {
      method: "PUT",
      bearer: globexAdmin.bearer,
      json: { mapping: { email: 0 } },
    });
    expect(put.status).toBe(404);
    const history = await call(globex.subdomain, "/api/admin/imports", { bearer: globexAdmin.bearer });
    expect(history.json.items.map((i: { id: string }) => i.id)).not.toContain(mine.json.id);
    const ours = await call(acme.subdomain, "/api/admin/imports?page_size=100", { bearer: admin.bearer });
    expect(ours.json.items.map((i: { id: string }) => i.id)).toContain(mine.json.id);
  });

  it("lets the superadmin import into the organization they choose", async () => {
    const token = await signIn(null, superadmin);
    const unnamed = await uploadCsv(
      { subdomain: null, bearer: token },
      `email,first_name,last_name\n${email("s")},A,B\n`,
    );
    expect([unnamed.status, unnamed.json.error.message]).toEqual([
      400,
      "Choose the organization to import into (organization_id)",
    ]);
    const named = await uploadCsv(
      { subdomain: null, bearer: token },
      `email,first_name,last_name\n${email("s")},A,B\n`,
      { query: `?organization_id=${globex.id}` },
    );
    expect(named.status).toBe(201);
    expect(named.json.organization_id).toBe(globex.id);
  });
});
