import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSuperadmin, createTenant, testDb, uniqueName, type TestTenant, type TestUser } from "@/test/factories";
import { call, hostFor } from "@/test/http";
import { latestMailTo, setPasswordLinkFor } from "@/test/outbox";
import { callAs, multipartBody, signIn } from "@/test/session";

// Organizations: an admin reads and edits their own organization only; the superadmin lists,
// creates (with a first org_admin who is invited), edits, suspends, reactivates and moves them.

let acme: TestTenant;
let globex: TestTenant;
let root: TestUser;
let rootToken: string;
beforeAll(async () => {
  [acme, globex, root] = await Promise.all([createTenant(), createTenant(), createSuperadmin()]);
  rootToken = await signIn(null, root);
});
afterAll(() => testDb().$disconnect());

const asRoot = (path: string, options: { method?: string; json?: unknown } = {}) =>
  call(null, path, { ...options, bearer: rootToken });

describe("an admin and their own organization", () => {
  it("lists and reads only their own, with its counts", async () => {
    const list = await callAs(acme.subdomain, acme.users.admin, "/api/admin/organizations");
    expect(list.status).toBe(200);
    expect(list.json.total).toBe(1);
    expect(list.json.items[0]).toMatchObject({
      id: acme.id,
      subdomain: acme.subdomain,
      status: "active",
      user_count: 4,
      course_count: 0,
      enrollment_count: 0,
    });
    expect((await callAs(acme.subdomain, acme.users.admin, `/api/admin/organizations/${acme.id}`)).json.name).toBe(
      acme.name,
    );
  });

  it("never reads or changes another organization's (404), and other roles get a 403", async () => {
    expect((await callAs(acme.subdomain, acme.users.admin, `/api/admin/organizations/${globex.id}`)).status).toBe(404);
    const patch = await callAs(acme.subdomain, acme.users.admin, `/api/admin/organizations/${globex.id}`, {
      method: "PATCH",
      json: { name: "Taken over" },
    });
    expect(patch.status).toBe(404);
    expect(
      (
        await callAs(acme.subdomain, acme.users.admin, `/api/admin/organizations/${globex.id}/logo`, {
          method: "DELETE",
        })
      ).status,
    ).toBe(404);
    expect((await testDb().organization.findUniqueOrThrow({ where: { id: globex.id } })).name).toBe(globex.name);
    for (const role of ["org_admin", "instructor", "learner"] as const) {
      expect((await callAs(acme.subdomain, acme.users[role], `/api/admin/organizations/${acme.id}`)).status, role).toBe(
        403,
      );
    }
    // Suspending and moving are the superadmin's alone.
    expect(
      (
        await callAs(acme.subdomain, acme.users.admin, `/api/admin/organizations/${acme.id}/status`, {
          method: "PUT",
          json: { status: "suspended" },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await callAs(acme.subdomain, acme.users.admin, `/api/admin/organizations/${acme.id}/subdomain`, {
          method: "PUT",
          json: { subdomain: uniqueName("x") },
        })
      ).status,
    ).toBe(403);
  });

  it("renames and recolours it (audited); a colour white text cannot be read on is refused with the ratio", async () => {
    const tenant = await createTenant();
    const res = await callAs(tenant.subdomain, tenant.users.admin, `/api/admin/organizations/${tenant.id}`, {
      method: "PATCH",
      json: { name: "Renamed Org", primary_color: "#1b5e20" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: "Renamed Org", branding: { primaryColor: "#1B5E20" } });
    const yellow = await callAs(tenant.subdomain, tenant.users.admin, `/api/admin/organizations/${tenant.id}`, {
      method: "PATCH",
      json: { primary_color: "#FFCC00" },
    });
    expect(yellow.status).toBe(400);
    expect(yellow.json.error.fieldErrors.primary_color[0]).toBe(
      "White text on #FFCC00 has a contrast of 1.51:1; WCAG AA needs at least 4.5:1. Choose a darker colour.",
    );
    const entry = await testDb().auditLog.findFirstOrThrow({
      where: { organizationId: tenant.id, action: "organization.update" },
    });
    expect(entry).toMatchObject({
      actorId: tenant.users.admin.id,
      entityId: tenant.id,
      data: {
        changes: { name: { from: tenant.name, to: "Renamed Org" }, primaryColor: { from: null, to: "#1B5E20" } },
      },
    });
    // The tenant's pages carry it: the theme's primary colour is in the page.
    expect((await call(tenant.subdomain, "/login")).text).toContain("#1B5E20");
  });

  it("turns self-registration off and grants instructors: the next request sees it", async () => {
    const tenant = await createTenant();
    const patch = await callAs(tenant.subdomain, tenant.users.admin, `/api/admin/organizations/${tenant.id}`, {
      method: "PATCH",
      json: { allow_self_registration: true, self_registration_role: "instructor" },
    });
    expect(patch.json.settings).toMatchObject({ allowSelfRegistration: true, selfRegistrationRole: "instructor" });
    const joined = await call(tenant.subdomain, "/auth/register", {
      json: {
        first_name: "Ivy",
        last_name: "Instructor",
        email: `${uniqueName("ivy")}@example.test`,
        password: "violet-anchor-tundra",
      },
    });
    expect(joined.status).toBe(201);
    expect(joined.json.user.role).toBe("instructor");
    await callAs(tenant.subdomain, tenant.users.admin, `/api/admin/organizations/${tenant.id}`, {
      method: "PATCH",
      json: { allow_self_registration: false },
    });
    const refused = await call(tenant.subdomain, "/auth/register", {
      json: {
        first_name: "Late",
        last_name: "Comer",
        email: `${uniqueName("late")}@example.test`,
        password: "violet-anchor-tundra",
      },
    });
    expect(refused.status).toBe(403);
  });

  it("uploads a logo checked and fitted into 236×80 like a thumbnail, served on its host; removes it", async () => {
    const tenant = await createTenant();
    const wide = await sharp({ create: { width: 1200, height: 200, channels: 3, background: "#0A66C2" } })
      .jpeg()
      .toBuffer();
    const upload = await multipartBody({ logo: new Blob([new Uint8Array(wide)], { type: "image/jpeg" }) });
    const token = await signIn(tenant.subdomain, tenant.users.admin);
    const res = await call(tenant.subdomain, `/api/admin/organizations/${tenant.id}/logo`, {
      method: "PUT",
      body: upload.body,
      headers: upload.headers,
      bearer: token,
    });
    expect(res.status, res.text).toBe(200);
    const logoUrl: string = res.json.branding.logoUrl;
    expect(logoUrl).toMatch(new RegExp(`^/uploads/logos/${tenant.id}/[0-9a-f-]{36}\\.png$`));
    const file = await call(tenant.subdomain, logoUrl);
    expect(file.status).toBe(200);
    expect(await sharp(file.body).metadata()).toMatchObject({ format: "png", width: 236, height: 39 });
    // Not on another organization's host; on the apex (the superadmin's pages) it is.
    expect((await call(globex.subdomain, logoUrl)).status).toBe(404);
    expect((await call(null, logoUrl)).status).toBe(200);

    const text = await multipartBody({ logo: new Blob(["not an image"], { type: "image/png" }) });
    const refused = await call(tenant.subdomain, `/api/admin/organizations/${tenant.id}/logo`, {
      method: "PUT",
      body: text.body,
      headers: text.headers,
      bearer: token,
    });
    expect(refused.status).toBe(415);
    expect(refused.json.error.message).toBe("The logo must be a JPEG, PNG, WebP or GIF image");

    const removed = await call(tenant.subdomain, `/api/admin/organizations/${tenant.id}/logo`, {
      method: "DELETE",
      bearer: token,
    });
    expect(removed.json.branding.logoUrl).toBeUndefined();
    expect((await call(tenant.subdomain, logoUrl)).status).toBe(404);
  });
});

describe("the superadmin", () => {
  it("lists every organization with counts, searched", async () => {
    const res = await asRoot(`/api/admin/organizations?q=${acme.subdomain}`);
    expect(res.status).toBe(200);
    expect(res.json.items.map((o: { id: string }) => o.id)).toEqual([acme.id]);
    expect((await asRoot(`/api/admin/organizations/${globex.id}`)).json.subdomain).toBe(globex.subdomain);
  });

  it("creates an organization whose first org_admin accepts the invitation and signs in on the new subdomain", async () => {
    const subdomain = uniqueName("neworg");
    const email = `${uniqueName("first")}@example.test`;
    const created = await asRoot("/api/admin/organizations", {
      json: { name: "Fresh Org", subdomain, admin: { first_name: "Fay", last_name: "First", email } },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({
      organization: { name: "Fresh Org", subdomain, status: "active", user_count: 1 },
      admin: { email },
      invitation_sent: true,
    });
    expect(await latestMailTo(email)).toContain("You are invited to Fresh Org");
    const link = await setPasswordLinkFor(email);
    expect(link.url).toBe(`http://${hostFor(subdomain)}/reset-password/${link.token}`);
    // The set-password link obeys the new organization's password policy.
    const weak = await call(subdomain, `/auth/reset-password/${link.token}`, { json: { password: "password123" } });
    expect(weak.status).toBe(400);
    expect(
      (await call(subdomain, `/auth/reset-password/${link.token}`, { json: { password: "violet-anchor-tundra" } }))
        .status,
    ).toBe(200);
    const signedIn = await call(subdomain, "/auth/login", { json: { email, password: "violet-anchor-tundra" } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.user.role).toBe("org_admin");
    const organizationId = created.json.organization.id;
    expect(
      await testDb().auditLog.count({ where: { organizationId, action: "organization.create", actorId: root.id } }),
    ).toBe(1);
    // A taken or reserved subdomain is refused with a clear message.
    const taken = await asRoot("/api/admin/organizations", {
      json: { name: "Again", subdomain, admin: { first_name: "A", last_name: "B", email } },
    });
    expect(taken.status).toBe(409);
    expect(taken.json.error.fieldErrors.subdomain).toEqual(["This subdomain is already taken"]);
    const reserved = await asRoot("/api/admin/organizations", {
      json: { name: "Again", subdomain: "admin", admin: { first_name: "A", last_name: "B", email } },
    });
    expect(reserved.json.error.fieldErrors.subdomain).toEqual([
      "The subdomain 'admin' is reserved; please choose another",
    ]);
  });

  it("suspends an organization: its tokens are refused at once, nobody signs in, its pages say so; reactivates it", async () => {
    const tenant = await createTenant();
    const token = await signIn(tenant.subdomain, tenant.users.learner);
    expect((await call(tenant.subdomain, "/auth/profile", { bearer: token })).status).toBe(200);

    const suspended = await asRoot(`/api/admin/organizations/${tenant.id}/status`, {
      method: "PUT",
      json: { status: "suspended" },
    });
    expect(suspended.json.status).toBe("suspended");
    const refused = await call(tenant.subdomain, "/auth/profile", { bearer: token });
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toBe("This organization is suspended. Contact the platform administrator.");
    const login = await call(tenant.subdomain, "/auth/login", {
      json: { email: tenant.users.learner.email, password: tenant.users.learner.password },
    });
    expect(login.status).toBe(403);
    expect(login.json.error.message).toBe("This organization is suspended. Contact the platform administrator.");
    expect((await call(tenant.subdomain, "/login")).text).toContain("This organization is suspended");

    await asRoot(`/api/admin/organizations/${tenant.id}/status`, { method: "PUT", json: { status: "active" } });
    // Suspending ended every session: the old token stays dead, a new sign-in works. A page opened with
    // the dead cookie drops it on the way to /login (else the proxy would bounce /login back to the page).
    expect((await call(tenant.subdomain, "/auth/profile", { bearer: token })).status).toBe(401);
    const page = await call(tenant.subdomain, "/dashboard", {
      headers: { cookie: `next-auth.session-token=${token}` },
    });
    expect(page.status).toBe(307);
    expect(new URL(String(page.headers.location), "http://x").pathname).toBe("/session-ended");
    const ended = await call(tenant.subdomain, "/session-ended", {
      headers: { cookie: `next-auth.session-token=${token}` },
    });
    expect(ended.status).toBe(307);
    expect(ended.headers.location).toBe("/login");
    expect(ended.headers["set-cookie"]).toContain(
      "next-auth.session-token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax",
    );
    expect(
      (await call(tenant.subdomain, "/auth/profile", { bearer: await signIn(tenant.subdomain, tenant.users.learner) }))
        .status,
    ).toBe(200);
    const actions = (
      await testDb().auditLog.findMany({
        where: { organizationId: tenant.id, entityType: "organization" },
        orderBy: { createdAt: "asc" },
        select: { action: true, actorId: true },
      })
    ).map((e) => `${e.action} by ${e.actorId === root.id ? "superadmin" : e.actorId}`);
    expect(actions).toEqual(["organization.suspend by superadmin", "organization.reactivate by superadmin"]);
  });

  it("moves an organization to a new subdomain: the old host is 'Page Not Found', its sessions end, the log says who", async () => {
    const tenant = await createTenant();
    const token = await signIn(tenant.subdomain, tenant.users.admin);
    const to = uniqueName("moved");
    const moved = await asRoot(`/api/admin/organizations/${tenant.id}/subdomain`, {
      method: "PUT",
      json: { subdomain: to },
    });
    expect(moved.status).toBe(200);
    expect(moved.json.subdomain).toBe(to);

    const oldPage = await call(tenant.subdomain, "/login");
    expect(oldPage.status).toBe(404);
    expect(oldPage.text).toContain("Page Not Found");
    expect((await call(tenant.subdomain, "/auth/profile", { bearer: token })).status).toBe(404);
    // The old token is no session on the new host either: everyone signs in again there.
    expect((await call(to, "/auth/profile", { bearer: token })).status).toBe(401);
    expect((await call(to, "/auth/profile", { bearer: await signIn(to, tenant.users.admin) })).status).toBe(200);
    const entry = await testDb().auditLog.findFirstOrThrow({
      where: { organizationId: tenant.id, action: "organization.subdomain.change" },
    });
    expect(entry).toMatchObject({ actorId: root.id, data: { from: tenant.subdomain, to } });
  });

  it("refuses bad subdomains with the DNS label, reserved and uniqueness rules", async () => {
    const tenant = await createTenant();
    const put = (subdomain: string) =>
      asRoot(`/api/admin/organizations/${tenant.id}/subdomain`, { method: "PUT", json: { subdomain } });
    expect((await put("-bad")).json.error.message).toBe("subdomain: Subdomain must start with a letter or digit");
    expect((await put("bad_name")).json.error.message).toBe(
      "subdomain: Subdomain may contain only letters, digits and hyphens",
    );
    expect((await put("ab")).json.error.message).toBe("subdomain: Subdomain must be at least 3 characters");
    expect((await put("www")).json.error.message).toBe(
      "subdomain: The subdomain 'www' is reserved; please choose another",
    );
    const taken = await put(acme.subdomain);
    expect(taken.status).toBe(409);
    expect(taken.json.error.message).toBe("This subdomain is already taken");
    expect(
      (
        await asRoot(`/api/admin/organizations/00000000-0000-4000-8000-000000000000/subdomain`, {
          method: "PUT",
          json: { subdomain: uniqueName("x") },
        })
      ).status,
    ).toBe(404);
  });
});
