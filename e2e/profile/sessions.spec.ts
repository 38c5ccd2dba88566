import { expect, test } from "@playwright/test";
import { createTenant, createUser, type TestTenant, type TestUser } from "@/test/factories";
import { call } from "@/test/http";
import { origin, signIn, waitForShell } from "../support";

// My Profile's "Active sessions": a person sees where they are signed in and signs a device out, which
// ends it at once; logging out from the user menu ends the browser's own session on the server, so the
// cookie it had is refused even if someone kept a copy.

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

let tenant: TestTenant;
let learner: TestUser;
test.beforeAll(async () => {
  tenant = await createTenant();
  learner = await createUser(tenant.id, "learner");
});

test("a learner signs their phone out from My Profile, then logs out: both sessions are refused afterwards", async ({
  page,
}) => {
  const phone = await call(tenant.subdomain, "/auth/login", {
    json: { email: learner.email, password: learner.password },
    headers: { "user-agent": IPHONE },
  });
  expect(phone.status).toBe(200);
  const phoneToken = phone.json.token as string;

  await signIn(page, tenant.subdomain, learner);
  await page.goto(`${origin(tenant.subdomain)}/profile`);
  await waitForShell(page);
  const section = page.getByRole("region", { name: "Active sessions" });
  const list = section.getByRole("list", { name: "Active sessions" });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(section.getByText("This device")).toBeVisible();
  await expect(section.getByText("Safari on iPhone")).toBeVisible();

  await section.getByRole("button", { name: "Sign out Safari on iPhone" }).click();
  await expect(section.getByRole("status")).toHaveText("Signed out: Safari on iPhone.");
  await expect(list.getByRole("listitem")).toHaveCount(1);
  expect((await call(tenant.subdomain, "/auth/profile", { bearer: phoneToken })).status).toBe(401);

  const cookie = (await page.context().cookies(origin(tenant.subdomain))).find((c) =>
    c.name.endsWith("next-auth.session-token"),
  )!;
  const withKeptCookie = () =>
    call(tenant.subdomain, "/auth/profile", { headers: { cookie: `${cookie.name}=${cookie.value}` } });
  expect((await withKeptCookie()).status).toBe(200);

  await page.getByRole("button", { name: /Account menu for/ }).click();
  await page.getByRole("menu").getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(`${origin(tenant.subdomain)}/login`);
  expect((await withKeptCookie()).status).toBe(401);
});
