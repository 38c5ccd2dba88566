import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSuperadmin, createTenant, testDb, uniqueName, type TestTenant } from "@/test/factories";
import { call } from "@/test/http";
import { callAs, signIn } from "@/test/session";
import { startSmtpServer } from "@/test/smtp-server";

// System settings: an admin's organization's settings, the superadmin's platform defaults,
// the read-only view instructors and org admins get, validation, effect on the next request, the audit
// log, the password policy wherever a password is set, and the organization's own mail server.

let acme: TestTenant;
let globex: TestTenant;
beforeAll(async () => {
  [acme, globex] = await Promise.all([createTenant(), createTenant()]);
});
afterAll(() => testDb().$disconnect());

const patch = (tenant: TestTenant, json: unknown, role: keyof TestTenant["users"] = "admin") =>
  callAs(tenant.subdomain, tenant.users[role], "/api/admin/settings", { method: "PATCH", json });

describe("who reads and writes the settings", () => {
  it("an admin reads and edits every setting of their organization", async () => {
    const res = await callAs(acme.subdomain, acme.users.admin, "/api/admin/settings");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      scope: "organization",
      editable: true,
      settings: {
        allowSelfRegistration: true,
        passwordPolicy: { minLength: 8, minStrength: 2 },
        sessionLifetimeHours: 168,
      },
    });
  });

  it("instructors and org admins read only the teaching settings; every write is a clear 403", async () => {
    for (const role of ["instructor", "org_admin"] as const) {
      const read = await callAs(acme.subdomain, acme.users[role], "/api/admin/settings");
      expect(read.json, role).toEqual({
        scope: "organization",
        editable: false,
        settings: {
          courseDefaults: { allowSelfEnrollment: true, allowRetakes: false },
          passwordPolicy: { minLength: 8, minStrength: 2 },
        },
      });
      const write = await patch(acme, { courseDefaults: { allowSelfEnrollment: false, allowRetakes: false } }, role);
      expect(write.status, role).toBe(403);
      expect(write.json.error.message).toBe(
        "Only administrators can change settings. You can read the settings that concern teaching.",
      );
      expect((await callAs(acme.subdomain, acme.users[role], "/api/admin/settings/smtp")).status).toBe(403);
    }
    expect((await callAs(acme.subdomain, acme.users.learner, "/api/admin/settings")).status).toBe(403);
  });

  it("an admin of another organization can neither read nor change them: their calls concern their own host", async () => {
    const mine = await patch(globex, { maintenance: { enabled: true, message: "Globex only" } });
    expect(mine.status).toBe(200);
    expect(
      (await callAs(acme.subdomain, acme.users.admin, "/api/admin/settings")).json.settings.maintenance.enabled,
    ).toBe(false);
    // Globex's token on Acme's host is nobody.
    const token = await signIn(globex.subdomain, globex.users.admin);
    expect(
      (
        await call(acme.subdomain, "/api/admin/settings", {
          method: "PATCH",
          json: { sessionLifetimeHours: 1 },
          bearer: token,
        })
      ).status,
    ).toBe(401);
    expect((await call(acme.subdomain, "/api/admin/settings", { bearer: token })).status).toBe(401);
    await patch(globex, { maintenance: { enabled: false, message: "" } });
  });
});

describe("validation, effect and audit", () => {
  it("refuses bad values with a message per field and changes nothing", async () => {
    const tenant = await createTenant();
    const bad = await patch(tenant, { passwordPolicy: { minLength: 4, minStrength: 9 }, sessionLifetimeHours: 0 });
    expect(bad.status).toBe(400);
    expect(bad.json.error.fieldErrors).toMatchObject({
      "passwordPolicy.minLength": ["Minimum length must be at least 8"],
      "passwordPolicy.minStrength": ["Minimum strength must be 0, 1, 2, 3 or 4"],
      sessionLifetimeHours: ["Session lifetime must be at least 1 hour"],
    });
    expect((await patch(tenant, { favouriteColour: "red" })).status).toBe(400);
    expect((await patch(tenant, {})).json.error.message).toBe("Send at least one setting to change");
    expect(await testDb().auditLog.count({ where: { organizationId: tenant.id, action: "settings.update" } })).toBe(0);
  });

  it("a maintenance notice shows on every page of the tenant at the next request, and only there; the change is audited", async () => {
    const tenant = await createTenant();
    const message = `Maintenance ${uniqueName("")} tonight`;
    expect((await patch(tenant, { maintenance: { enabled: true, message } })).status).toBe(200);
    for (const path of ["/", "/login", "/search", "/no-such-page"])
      expect((await call(tenant.subdomain, path)).text, path).toContain(message);
    expect((await call(acme.subdomain, "/login")).text).not.toContain(message);
    const entry = await testDb().auditLog.findFirstOrThrow({
      where: { organizationId: tenant.id, action: "settings.update" },
    });
    expect(entry).toMatchObject({
      actorId: tenant.users.admin.id,
      data: { changes: { maintenance: { from: { enabled: false, message: "" }, to: { enabled: true, message } } } },
    });
  });

  it("new courses take the default course settings", async () => {
    const tenant = await createTenant();
    await patch(tenant, { courseDefaults: { allowSelfEnrollment: false, allowRetakes: true } });
    const course = await callAs(tenant.subdomain, tenant.users.instructor, "/api/courses", {
      json: { title: "Defaults" },
    });
    expect(course.json).toMatchObject({ allow_self_enrollment: false, allow_retakes: true });
    const chosen = await callAs(tenant.subdomain, tenant.users.instructor, "/api/courses", {
      json: { title: "Chosen", allow_self_enrollment: true, allow_retakes: false },
    });
    expect(chosen.json).toMatchObject({ allow_self_enrollment: true, allow_retakes: false });
  });

  it("the superadmin's platform defaults are what a new organization starts with", async () => {
    const root = await createSuperadmin();
    const token = await signIn(null, root);
    const view = await call(null, "/api/admin/settings", { bearer: token });
    expect(view.json).toMatchObject({ scope: "platform", editable: true });
    const before = view.json.settings;
    try {
      expect(
        (
          await call(null, "/api/admin/settings", {
            method: "PATCH",
            json: { sessionLifetimeHours: 12 },
            bearer: token,
          })
        ).status,
      ).toBe(200);
      const subdomain = uniqueName("defaults");
      await call(null, "/api/admin/organizations", {
        json: {
          name: "Defaults Org",
          subdomain,
          admin: { first_name: "D", last_name: "O", email: `${uniqueName("d")}@example.test` },
        },
        bearer: token,
      });
      const created = await testDb().organization.findUniqueOrThrow({ where: { subdomain } });
      expect(created.settings).toMatchObject({ sessionLifetimeHours: 12 });
      expect(
        await testDb().auditLog.count({ where: { organizationId: null, actorId: root.id, action: "settings.update" } }),
      ).toBe(1);
    } finally {
      await call(null, "/api/admin/settings", {
        method: "PATCH",
        json: { sessionLifetimeHours: before.sessionLifetimeHours },
        bearer: token,
      });
    }
  });
});

describe("the password policy, wherever a password is set", () => {
  let strict: TestTenant;
  beforeAll(async () => {
    strict = await createTenant({ allowSelfRegistration: true });
    await patch(strict, { passwordPolicy: { minLength: 12, minStrength: 3 } });
  });
  const person = () => ({ first_name: "Pat", last_name: "Policy", email: `${uniqueName("pat")}@example.test` });

  it("registration: too short, then too guessable, with the same words the form shows", async () => {
    const short = await call(strict.subdomain, "/auth/register", { json: { ...person(), password: "violet-42" } });
    expect(short.status).toBe(400);
    expect(short.json.error.fieldErrors.password).toEqual(["Password must be at least 12 characters"]);
    const common = await call(strict.subdomain, "/auth/register", { json: { ...person(), password: "password1234" } });
    expect(common.json.error.fieldErrors.password[0]).toMatch(
      /^This password is too easy to guess \((Too|Very|Somewhat) guessable\); this organization needs at least "Safely unguessable"\./,
    );
    expect(
      (await call(strict.subdomain, "/auth/register", { json: { ...person(), password: "violet-anchor-tundra-42" } }))
        .status,
    ).toBe(201);
  });

  it("a password change on the profile and a password an administrator sets", async () => {
    const change = await callAs(strict.subdomain, strict.users.learner, "/auth/profile", {
      method: "PUT",
      json: { current_password: strict.users.learner.password, new_password: "password1234" },
    });
    expect(change.status).toBe(400);
    expect(change.json.error.fieldErrors.new_password[0]).toMatch(/too easy to guess/);
    const created = await callAs(strict.subdomain, strict.users.admin, "/api/admin/users", {
      json: { ...person(), role: "learner", password: "qwertyuiop12" },
    });
    expect(created.status).toBe(400);
    expect(created.json.error.fieldErrors.password[0]).toMatch(/too easy to guess/);
  });

  it("a reset link", async () => {
    await call(strict.subdomain, "/auth/forgot-password", { json: { email: strict.users.instructor.email } });
    const { setPasswordLinkFor } = await import("@/test/outbox");
    const { token } = await setPasswordLinkFor(strict.users.instructor.email);
    const weak = await call(strict.subdomain, `/auth/reset-password/${token}`, {
      json: { password: "abc" + "12345678910" },
    });
    expect(weak.status).toBe(400);
    expect(
      (await call(strict.subdomain, `/auth/reset-password/${token}`, { json: { password: "violet-anchor-tundra-42" } }))
        .status,
    ).toBe(200);
  });
});

describe("the organization's own mail server", () => {
  it("is stored with its password encrypted and never sent back; the test e-mail goes through it (audited)", async () => {
    const tenant = await createTenant();
    const smtp = await startSmtpServer();
    try {
      const body = {
        enabled: true,
        host: smtp.host,
        port: smtp.port,
        security: "none",
        username: "",
        password: "s3cret-smtp",
        fromAddress: "learning@example.test",
        fromName: "Tenant Learning",
      };
      const saved = await callAs(tenant.subdomain, tenant.users.admin, "/api/admin/settings/smtp", {
        method: "PUT",
        json: body,
      });
      expect(saved.status, saved.text).toBe(200);
      expect(saved.json).toEqual({
        enabled: true,
        host: "127.0.0.2",
        port: smtp.port,
        security: "none",
        username: "",
        fromAddress: "learning@example.test",
        fromName: "Tenant Learning",
        hasPassword: true,
      });
      const row = await testDb().setting.findUniqueOrThrow({
        where: { organizationId_key: { organizationId: tenant.id, key: "smtp" } },
      });
      expect(JSON.stringify(row.value)).not.toContain("s3cret-smtp");

      const sent = await callAs(tenant.subdomain, tenant.users.admin, "/api/admin/settings/smtp/test", {
        method: "POST",
      });
      expect(sent.status, sent.text).toBe(200);
      expect(sent.json.message).toBe(`A test e-mail was sent to ${tenant.users.admin.email} through 127.0.0.2.`);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual([`<${tenant.users.admin.email}>`]);
      expect(smtp.received[0]!.data).toContain("Tenant Learning");
      expect(
        await testDb().auditLog.count({
          where: { organizationId: tenant.id, action: { in: ["settings.smtp.update", "settings.smtp.test"] } },
        }),
      ).toBe(2);

      // A password reset of this organization goes through its server too, in its branding.
      await call(tenant.subdomain, "/auth/forgot-password", { json: { email: tenant.users.learner.email } });
      expect(smtp.received).toHaveLength(2);
      expect(smtp.received[1]!.data).toContain("/logo-mail.png");
    } finally {
      await smtp.close();
    }
  });

  it("a server that cannot be reached fails the test e-mail in one sentence; none saved is a 409", async () => {
    const tenant = await createTenant();
    expect(
      (await callAs(tenant.subdomain, tenant.users.admin, "/api/admin/settings/smtp/test", { method: "POST" })).status,
    ).toBe(409);
    const smtp = await startSmtpServer();
    const port = smtp.port;
    await smtp.close();
    await callAs(tenant.subdomain, tenant.users.admin, "/api/admin/settings/smtp", {
      method: "PUT",
      json: {
        enabled: true,
        host: smtp.host,
        port,
        security: "none",
        username: "",
        fromAddress: "learning@example.test",
        fromName: "",
      },
    });
    const failed = await callAs(tenant.subdomain, tenant.users.admin, "/api/admin/settings/smtp/test", {
      method: "POST",
    });
    expect(failed.status).toBe(400);
    expect(failed.json.error).toEqual({
      code: "BAD_REQUEST",
      message:
        "The test e-mail could not be sent: the mail server could not be reached or did not accept it. Check its host name, port, security, user name and password.",
    });
    const invalid = await callAs(tenant.subdomain, tenant.users.admin, "/api/admin/settings/smtp", {
      method: "PUT",
      json: {
        enabled: true,
        host: "",
        port: 0,
        security: "carrier-pigeon",
        username: "",
        fromAddress: "",
        fromName: "",
      },
    });
    expect(Object.keys(invalid.json.error.fieldErrors).sort()).toEqual(["port", "security"]);
  });

  it("while the organization's mail server is down, a reset request answers as always and an invitation is a 503 saying so", async () => {
    const tenant = await createTenant();
    const smtp = await startSmtpServer();
    const port = smtp.port;
    await smtp.close();
    await callAs(tenant.subdomain, tenant.users.admin, "/api/admin/settings/smtp", {
      method: "PUT",
      json: {
        enabled: true,
        host: smtp.host,
        port,
        security: "none",
        username: "",
        fromAddress: "learning@example.test",
        fromName: "",
      },
    });

    const reset = await call(tenant.subdomain, "/auth/forgot-password", {
      json: { email: tenant.users.learner.email },
    });
    expect(reset.status).toBe(200);
    expect(reset.json.message).toMatch(/If an account exists/);

    const created = await callAs(tenant.subdomain, tenant.users.admin, "/api/admin/users", {
      method: "POST",
      json: { first_name: "Mail", last_name: "Less", email: `${uniqueName("mailless")}@example.test`, role: "learner" },
    });
    expect(created.status).toBe(201);
    expect(created.json.invitation_sent).toBe(false);
    const again = await callAs(
      tenant.subdomain,
      tenant.users.admin,
      `/api/admin/users/${created.json.user.id}/invitation`,
      { method: "POST" },
    );
    expect(again.status).toBe(503);
    expect(again.json.error).toEqual({
      code: "SERVICE_UNAVAILABLE",
      message:
        "The e-mail could not be sent: the mail server did not accept it. Try again in a few minutes; if it keeps failing, an administrator should check the mail settings.",
    });
  });
});
