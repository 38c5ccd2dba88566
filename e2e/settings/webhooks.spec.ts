import { expect, test, type Locator } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { createTenant, testDb, uniqueName, type TestTenant } from "@/test/factories";
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from "@/test/webhook-receiver";
import { origin, signIn, waitForShell } from "../support";

// An organization's administrator in System Settings → Webhooks: adds an endpoint on a loopback receiver,
// reads its secret, sends a test event and sees it in the deliveries, resends the one that failed, rolls
// the secret and turns the endpoint off. The receiver checks every message with the Standard Webhooks
// authors' library, with the secret the page showed.

let tenant: TestTenant;
let receiver: WebhookReceiver;
test.beforeAll(async () => {
  tenant = await createTenant();
  receiver = await startWebhookReceiver();
});
test.afterAll(async () => {
  await receiver.close();
  await testDb().$disconnect();
});

/** The payload's type, after the signature verified with `secret` (the library throws otherwise). */
const verifiedType = (secret: string, hook: ReceivedWebhook) =>
  (new Webhook(secret).verify(hook.body, hook.headers as Record<string, string>) as { type: string }).type;

/** The deliveries table is read on demand: refreshes it until its first row shows `text`. */
async function expectFirstDelivery(section: Locator, text: RegExp): Promise<void> {
  const row = section.getByRole("table").getByRole("row").nth(1);
  await expect(async () => {
    await section.getByRole("button", { name: "Refresh" }).click();
    await expect(row).toHaveText(text, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

test("an admin adds an endpoint, tests it, resends its failed delivery, rolls its secret and turns it off", async ({
  page,
}) => {
  const path = `/${uniqueName("hook")}`;
  const url = receiver.url(path);
  const at = () => receiver.received.filter((r) => r.path === path);

  await signIn(page, tenant.subdomain, tenant.users.admin);
  await page.goto(`${origin(tenant.subdomain)}/admin/settings/webhooks`);
  await waitForShell(page);
  await expect(page.getByRole("tab", { name: "Webhooks" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("No webhook endpoint yet.")).toBeVisible();

  await page.getByRole("button", { name: "Add an endpoint" }).click();
  const form = page.getByRole("form", { name: "Add a webhook endpoint" });
  await form.getByLabel("URL").fill(url);
  await form.getByLabel("Description").fill("HR system");
  await form.getByLabel(/^user\.created/).check();
  await form.getByLabel(/^enrollment\.created/).check();
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`${url} saved.`)).toBeVisible();

  const endpoint = page.getByRole("article", { name: url });
  await expect(endpoint).toContainText("user.created, enrollment.created");
  await expect(endpoint).toContainText("On");
  await endpoint.getByRole("button", { name: "Show secret" }).click();
  const secretField = endpoint.getByLabel("Signing secret");
  await expect(secretField).toHaveValue(/^whsec_[A-Za-z0-9+/]+=*$/);
  const secret = await secretField.inputValue();

  // The receiver answers the test event 410 Gone: the delivery fails and the system turns the endpoint off.
  receiver.answerNext(path, 410);
  await endpoint.getByRole("button", { name: "Send a test event" }).click();
  await expect(page.getByText("Test event queued.")).toBeVisible();
  await expectFirstDelivery(endpoint, /^webhook\.test.*failed1410 in \d+ ms—Resend$/);
  const [gone] = at();
  expect(gone!.status).toBe(410);
  expect(verifiedType(secret, gone!)).toBe("webhook.test");

  await page.reload();
  await waitForShell(page);
  await expect(endpoint).toContainText("Turned off by the system: The endpoint answered 410 Gone.");
  await expect(endpoint).toContainText("Off");
  await endpoint.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText(`${url} turned on.`)).toBeVisible();

  // Resent with a fresh round of attempts: the same message (the same webhook-id), delivered this time.
  await endpoint.getByRole("button", { name: "Secret and deliveries" }).click();
  await expectFirstDelivery(endpoint, /failed/);
  await endpoint
    .getByRole("row", { name: /webhook\.test/ })
    .getByRole("button", { name: "Resend" })
    .click();
  await expect(page.getByText("Delivery queued again.")).toBeVisible();
  await expectFirstDelivery(endpoint, /^webhook\.test.*delivered1200 in \d+ ms—Resend$/);
  const [, resent] = at();
  expect(resent!.headers["webhook-id"]).toBe(gone!.headers["webhook-id"]);
  expect(resent!.body).toBe(gone!.body);
  expect(verifiedType(secret, resent!)).toBe("webhook.test");

  // A rolled secret: the new one shows, and for the overlap both sign the next message.
  await endpoint.getByRole("button", { name: "Show secret" }).click();
  await expect(secretField).toHaveValue(secret);
  await endpoint.getByRole("button", { name: "Roll secret" }).click();
  const confirm = page.getByRole("dialog", { name: "Roll the signing secret?" });
  await confirm.getByRole("button", { name: "Roll" }).click();
  await expect(confirm).toBeHidden();
  await expect(secretField).not.toHaveValue(secret);
  const rolled = await secretField.inputValue();
  expect(rolled).toMatch(/^whsec_/);
  await expect(endpoint.getByText(/^The previous secret signs too until /)).toBeVisible();
  await endpoint.getByRole("button", { name: "Send a test event" }).click();
  await expect.poll(() => at().length, { timeout: 20_000 }).toBe(3);
  const afterRoll = at()[2]!;
  expect(afterRoll.headers["webhook-signature"]).toMatch(/^v1,\S+ v1,\S+$/);
  expect(verifiedType(rolled, afterRoll)).toBe("webhook.test");
  expect(verifiedType(secret, afterRoll)).toBe("webhook.test");

  await endpoint.getByRole("button", { name: "Turn off" }).click();
  await expect(page.getByText(`${url} turned off.`)).toBeVisible();
  await expect(endpoint.getByRole("button", { name: "Turn on" })).toBeVisible();
  await expect(endpoint.getByRole("button", { name: "Send a test event" })).toBeDisabled();
  const stored = await testDb().webhookEndpoint.findFirstOrThrow({
    where: { organizationId: tenant.id, url },
    select: { enabled: true, disabledReason: true },
  });
  expect(stored).toEqual({ enabled: false, disabledReason: null });
});
