import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, createUser, testDb, uniqueName, type TestTenant, type TestUser } from "@/test/factories";
import { call, hostFor } from "@/test/http";
import { signIn } from "@/test/session";

// /profile's server side beyond names and avatars (profile.int.test.ts): the password change that ends
// the other sessions and keeps this one, preferences, and the e-mail change confirmed by a link.

let tenant: TestTenant;
beforeAll(async () => {
  tenant = await createTenant();
});
afterAll(() => testDb().$disconnect());

const profile = (token: string, options: { method?: string; json?: unknown } = {}) =>
  call(tenant.subdomain, "/auth/profile", { ...options, bearer: token });

/** The newest mail to this address, quoted-printable soft breaks undone. */
async function lastMailTo(email: string): Promise<string> {
  const dir = process.env.TEST_OUTBOX_DIR!;
  const files = (await readdir(dir)).filter((f) => f.endsWith(`-${email}.eml`)).sort();
  if (!files.length) throw new Error(`no mail to ${email}`);
  return (await readFile(path.join(dir, files.at(-1)!), "utf8")).replace(/=\r?\n/g, "");
}
const confirmToken = (mail: string) => /confirm-email\/([A-Za-z0-9_-]+)/.exec(mail)?.[1] ?? "";

describe("changing the password", () => {
  it("needs the current password, ends every other session, and gives the caller a renewed token", async () => {
    const user = await createUser(tenant.id, "learner");
    const [mine, other] = await Promise.all([signIn(tenant.subdomain, user), signIn(tenant.subdomain, user)]);
    const res = await profile(mine, {
      method: "PUT",
      json: { current_password: user.password, new_password: "A-fresh-passw0rd" },
    });
    expect(res.status).toBe(200);
    expect(typeof res.json.token).toBe("string");
    expect((await profile(other)).status).toBe(401);
    expect((await profile(mine)).status).toBe(401);
    expect((await profile(res.json.token)).status).toBe(200);
    expect(
      (await call(tenant.subdomain, "/auth/login", { json: { email: user.email, password: user.password } })).status,
    ).toBe(401);
    expect(
      (await call(tenant.subdomain, "/auth/login", { json: { email: user.email, password: "A-fresh-passw0rd" } }))
        .status,
    ).toBe(200);
  });

  it("a browser keeps signed in through a renewed HttpOnly session cookie; no token reaches its scripts", async () => {
    const user = await createUser(tenant.id, "instructor");
    const token = await signIn(tenant.subdomain, user);
    const headers = { cookie: `next-auth.session-token=${token}`, origin: `http://${hostFor(tenant.subdomain)}` };
    const res = await call(tenant.subdomain, "/auth/profile", {
      method: "PUT",
      json: { current_password: user.password, new_password: "Browser-passw0rd" },
      headers,
    });
    expect(res.status).toBe(200);
    expect(res.json.token).toBeUndefined();
    const setCookie = String(res.headers["set-cookie"]);
    expect(setCookie).toMatch(/^next-auth\.session-token=[^;]+;/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const renewed = /^next-auth\.session-token=([^;]+)/.exec(setCookie)![1]!;
    expect(
      (await call(tenant.subdomain, "/auth/profile", { headers: { cookie: `next-auth.session-token=${renewed}` } }))
        .status,
    ).toBe(200);
    expect(
      (await call(tenant.subdomain, "/auth/profile", { headers: { cookie: `next-auth.session-token=${token}` } }))
        .status,
    ).toBe(401);
  });

  it("the new password must pass the organization's password policy, the check every password meets", async () => {
    const strict = await createTenant();
    await testDb().organization.update({
      where: { id: strict.id },
      data: { settings: { allowSelfRegistration: true, passwordPolicy: { minLength: 14, minStrength: 2 } } },
    });
    const user = strict.users.learner;
    const token = await signIn(strict.subdomain, user);
    const change = (new_password: string) =>
      call(strict.subdomain, "/auth/profile", {
        method: "PUT",
        bearer: token,
        json: { current_password: user.password, new_password },
      });
    const short = await change("Sh0rt-but-ok!");
    expect(short.status).toBe(400);
    expect(short.json.error.fieldErrors.new_password).toEqual(["Password must be at least 14 characters"]);
    const guessable = await change("password123456");
    expect(guessable.status).toBe(400);
    expect(guessable.json.error.fieldErrors.new_password[0]).toMatch(/^This password is too easy to guess/);
    expect((await change("Lantern-orbit-72-quietly")).status).toBe(200);
  });

  it("wrong current passwords are refused, then limited like sign-ins", async () => {
    const user = await createUser(tenant.id, "learner");
    const token = await signIn(tenant.subdomain, user);
    for (let i = 0; i < 5; i += 1) {
      const res = await profile(token, {
        method: "PUT",
        json: { current_password: "not-it", new_password: "Whatever-123" },
      });
      expect(res.status).toBe(400);
      expect(res.json.error.fieldErrors.current_password).toEqual(["Current password is incorrect"]);
    }
    const limited = await profile(token, {
      method: "PUT",
      json: { current_password: user.password, new_password: "Whatever-123" },
    });
    expect(limited.status).toBe(429);
    expect(limited.json.error.message).toMatch(/^Too many wrong passwords\. Please wait \d+ minutes? and try again\.$/);
  });
});

describe("preferences", () => {
  it("light/dark and the message e-mails are saved with the account, by JSON or multipart", async () => {
    const token = await signIn(tenant.subdomain, tenant.users.learner);
    expect((await profile(token)).json).toMatchObject({
      theme_mode: null,
      email_on_message: true,
      pending_email: null,
    });
    const saved = await profile(token, { method: "PUT", json: { theme_mode: "dark", email_on_message: false } });
    expect(saved.json.user).toMatchObject({ theme_mode: "dark", email_on_message: false });
    const form = new FormData();
    form.set("email_on_message", "true");
    const request = new Request("http://local/", { method: "PUT", body: form });
    const multipart = await call(tenant.subdomain, "/auth/profile", {
      method: "PUT",
      bearer: token,
      body: Buffer.from(await request.arrayBuffer()),
      headers: { "content-type": request.headers.get("content-type")! },
    });
    expect(multipart.json.user).toMatchObject({ theme_mode: "dark", email_on_message: true });
    expect((await profile(token, { method: "PUT", json: { theme_mode: "sepia" } })).status).toBe(400);
  });
});

describe("changing the e-mail address", () => {
  let user: TestUser;
  let token: string;
  beforeAll(async () => {
    user = await createUser(tenant.id, "learner");
    token = await signIn(tenant.subdomain, user);
  });
  const ask = (json: unknown, bearer = token) =>
    call(tenant.subdomain, "/auth/profile/email", { method: "POST", json, bearer });

  it("needs the current password, and an address nobody of the organization uses", async () => {
    const wrong = await ask({ email: `${uniqueName("new")}@example.test`, current_password: "not-it" });
    expect(wrong.status).toBe(400);
    const taken = await ask({ email: tenant.users.admin.email, current_password: user.password });
    expect(taken.status).toBe(409);
    expect(taken.json.error.fieldErrors.email).toEqual(["This e-mail address is used by another account"]);
    expect((await ask({ email: user.email, current_password: user.password })).status).toBe(400);
  });

  it("changes nothing until the link sent to the new address is confirmed, then tells the old address", async () => {
    const newEmail = `${uniqueName("moved")}@example.test`;
    const res = await ask({ email: newEmail.toUpperCase(), current_password: user.password });
    expect(res.status).toBe(202);
    expect(res.json.user).toMatchObject({ email: user.email, pending_email: newEmail });
    const token1 = confirmToken(await lastMailTo(newEmail));
    expect(token1).not.toBe("");
    expect(
      (await call(tenant.subdomain, "/auth/login", { json: { email: newEmail, password: user.password } })).status,
    ).toBe(401);

    // The link works only on its account's host.
    const other = await createTenant();
    expect((await call(other.subdomain, `/auth/confirm-email/${token1}`, { method: "POST" })).status).toBe(400);

    const confirmed = await call(tenant.subdomain, `/auth/confirm-email/${token1}`, { method: "POST" });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toEqual({
      message: `Your e-mail address is now ${newEmail}. Sign in with it from now on.`,
      email: newEmail,
    });
    expect((await profile(token)).json).toMatchObject({ email: newEmail, pending_email: null });
    expect(
      (await call(tenant.subdomain, "/auth/login", { json: { email: newEmail, password: user.password } })).status,
    ).toBe(200);
    expect(
      (await call(tenant.subdomain, "/auth/login", { json: { email: user.email, password: user.password } })).status,
    ).toBe(401);
    const notice = await lastMailTo(user.email);
    expect(notice).toContain("Subject: Your Learning Management e-mail address was changed");
    expect(notice).toContain(newEmail);

    const again = await call(tenant.subdomain, `/auth/confirm-email/${token1}`, { method: "POST" });
    expect(again.status).toBe(400);
    expect(again.json.error.message).toBe(
      "This confirmation link is invalid or has expired. Ask for a new one in your profile.",
    );
    user = { ...user, email: newEmail };
  });

  it("an expired link, a cancelled change and an older link do not work", async () => {
    const first = `${uniqueName("first")}@example.test`;
    await ask({ email: first, current_password: user.password });
    const firstToken = confirmToken(await lastMailTo(first));
    const second = `${uniqueName("second")}@example.test`;
    await ask({ email: second, current_password: user.password });
    const secondToken = confirmToken(await lastMailTo(second));
    expect((await call(tenant.subdomain, `/auth/confirm-email/${firstToken}`, { method: "POST" })).status).toBe(400);

    await testDb().emailChangeToken.updateMany({
      where: { userId: user.id, usedAt: null },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await call(tenant.subdomain, `/auth/confirm-email/${secondToken}`, { method: "POST" })).status).toBe(400);

    const third = `${uniqueName("third")}@example.test`;
    await ask({ email: third, current_password: user.password });
    const thirdToken = confirmToken(await lastMailTo(third));
    const cancelled = await call(tenant.subdomain, "/auth/profile/email", { method: "DELETE", bearer: token });
    expect(cancelled.json.user.pending_email).toBeNull();
    expect((await call(tenant.subdomain, `/auth/confirm-email/${thirdToken}`, { method: "POST" })).status).toBe(400);
    expect((await profile(token)).json.email).toBe(user.email);
  });

  it("an address taken meanwhile by someone else is refused at confirmation", async () => {
    const wanted = `${uniqueName("race")}@example.test`;
    await ask({ email: wanted, current_password: user.password });
    const linkToken = confirmToken(await lastMailTo(wanted));
    const rival = await createUser(tenant.id, "learner");
    await testDb().user.update({ where: { id: rival.id }, data: { email: wanted } });
    const res = await call(tenant.subdomain, `/auth/confirm-email/${linkToken}`, { method: "POST" });
    expect(res.status).toBe(409);
    expect((await profile(token)).json.email).toBe(user.email);
  });
});
