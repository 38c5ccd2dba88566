import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCourse, enroll } from "@/test/course-factories";
import { createTenant, testDb, uniqueName, type TestTenant } from "@/test/factories";
import { latestMailTo } from "@/test/outbox";
import { call } from "@/test/http";
import { callAs, signIn } from "@/test/session";
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from "@/test/webhook-receiver";

// Webhooks end to end: an admin adds an endpoint through the API, a change made through the API reaches
// a loopback receiver, and the receiver verifies it as any would, with the Standard Webhooks authors' own
// library. Retries keep the webhook-id; 410 turns the endpoint off; a change that fails sends nothing.

let tenant: TestTenant;
let other: TestTenant;
let receiver: WebhookReceiver;

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await testDb().$disconnect();
});

const asAdmin = (path: string, options: { method?: string; json?: unknown } = {}) =>
  callAs(tenant.subdomain, tenant.users.admin, path, options);

/** An endpoint on its own receiver path, with its secret. */
async function addEndpoint(eventTypes: string[]): Promise<{ id: string; path: string; secret: string }> {
  const path = `/${uniqueName("hook")}`;
  const created = await asAdmin("/api/admin/webhooks", {
    method: "POST",
    json: { url: receiver.url(path), eventTypes, description: "test receiver" },
  });
  expect(created.status).toBe(201);
  const secret = await asAdmin(`/api/admin/webhooks/${created.json.id}/secret`);
  expect(secret.status).toBe(200);
  return { id: created.json.id, path, secret: secret.json.secret };
}

const at = (path: string) => receiver.received.filter((r) => r.path === path);

async function waitFor(path: string, count: number, timeout = 20_000): Promise<ReceivedWebhook[]> {
  await expect.poll(() => at(path).length, { timeout, interval: 100 }).toBeGreaterThanOrEqual(count);
  return at(path);
}

/**
 * The endpoint's deliveries once none is in flight: the receiver sees a message before the dispatcher
 * writes what it answered, so a row can still be pending for a moment after the hook arrived.
 */
async function settledDeliveries(endpointId: string): Promise<Array<Record<string, unknown>>> {
  const read = async () => (await asAdmin(`/api/admin/webhooks/${endpointId}/deliveries`)).json.data;
  await expect
    .poll(async () => (await read()).filter((d: { state: string }) => d.state === "pending").length, {
      timeout: 10_000,
    })
    .toBe(0);
  return read();
}

interface Payload {
  type: string;
  timestamp: string;
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- test assertions read each event's own shape
}

/** What a receiver does: verify with the endpoint's secret (it throws otherwise), then read the payload. */
function verified(secret: string, hook: ReceivedWebhook): Payload {
  return new Webhook(secret).verify(hook.body, hook.headers as Record<string, string>) as Payload;
}

async function createUserThroughApi(): Promise<{ id: string; email: string }> {
  const email = `${uniqueName("hooked")}@example.test`;
  const res = await asAdmin("/api/admin/users", {
    method: "POST",
    json: { first_name: "Hook", last_name: "Person", email, role: "learner", password: "Correct-Horse-42-Ok" },
  });
  expect(res.status).toBe(201);
  return { id: res.json.user.id, email };
}

describe("webhook delivery", () => {
  it("POST /api/admin/users → a user.created message the receiver verifies with standardwebhooks", async () => {
    const endpoint = await addEndpoint(["user.created"]);
    const user = await createUserThroughApi();
    const [hook] = await waitFor(endpoint.path, 1);
    const payload = verified(endpoint.secret, hook!);
    expect(payload.type).toBe("user.created");
    expect(payload.data).toMatchObject({
      id: user.id,
      email: user.email,
      first_name: "Hook",
      last_name: "Person",
      role: "learner",
      status: "active",
    });
    expect(hook!.headers["content-type"]).toBe("application/json");
    expect(hook!.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const deliveries = await settledDeliveries(endpoint.id);
    expect(deliveries).toEqual([
      expect.objectContaining({ eventType: "user.created", state: "delivered", attempts: 1, lastStatus: 200 }),
    ]);
    // Only status and timing are kept: nothing of the receiver's body.
    expect(JSON.stringify(deliveries)).not.toContain("must not keep");
  });

  it(
    "a 500 is retried with the same webhook-id, and the second attempt is delivered",
    { timeout: 60_000 },
    async () => {
      const endpoint = await addEndpoint(["user.created"]);
      receiver.answerNext(endpoint.path, 500);
      await createUserThroughApi();
      const [first, second] = await waitFor(endpoint.path, 2, 30_000);
      expect(first!.status).toBe(500);
      expect(second!.status).toBe(200);
      expect(second!.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);
      expect(second!.body).toBe(first!.body);
      expect(verified(endpoint.secret, second!).type).toBe("user.created");
      const deliveries = await settledDeliveries(endpoint.id);
      expect(deliveries[0]).toMatchObject({ state: "delivered", attempts: 2, lastStatus: 200 });
    },
  );

  it("a delivery a process claimed and died with is sent when its lease ends, with the same webhook-id", async () => {
    const endpoint = await addEndpoint(["user.created"]);
    // What the claim statement leaves (lib/server/webhooks/dispatch.ts): the attempt counted, the row due
    // again when the lease ends; the process that made it then dies without a word.
    const event = await testDb().webhookEvent.create({
      data: {
        organizationId: tenant.id,
        type: "user.created",
        payload: { type: "user.created", timestamp: new Date().toISOString(), data: { id: tenant.users.learner.id } },
      },
    });
    const leaseEnds = Date.now() + 3000;
    await testDb().webhookDelivery.create({
      data: {
        organizationId: tenant.id,
        endpointId: endpoint.id,
        eventId: event.id,
        attempts: 1,
        lastAttemptAt: new Date(),
        nextAttemptAt: new Date(leaseEnds),
      },
    });
    const [hook] = await waitFor(endpoint.path, 1);
    expect(Date.now()).toBeGreaterThanOrEqual(leaseEnds);
    expect(hook!.headers["webhook-id"]).toBe(event.id);
    expect(verified(endpoint.secret, hook!).data).toEqual({ id: tenant.users.learner.id });
    await expect
      .poll(async () => (await asAdmin(`/api/admin/webhooks/${endpoint.id}/deliveries`)).json.data[0])
      .toMatchObject({ state: "delivered", attempts: 2, lastStatus: 200 });
    expect(at(endpoint.path)).toHaveLength(1);
  });

  it("a 410 turns the endpoint off and tells the organization's admins", async () => {
    const endpoint = await addEndpoint(["user.created"]);
    receiver.answerNext(endpoint.path, 410);
    await createUserThroughApi();
    await waitFor(endpoint.path, 1);
    await expect
      .poll(async () => (await asAdmin(`/api/admin/webhooks/${endpoint.id}`)).json.enabled, { timeout: 10_000 })
      .toBe(false);
    const after = await asAdmin(`/api/admin/webhooks/${endpoint.id}`);
    expect(after.json.disabledReason).toBe("The endpoint answered 410 Gone");
    const deliveries = await asAdmin(`/api/admin/webhooks/${endpoint.id}/deliveries`);
    expect(deliveries.json.data[0]).toMatchObject({
      state: "failed",
      attempts: 1,
      lastStatus: 410,
      nextAttemptAt: null,
    });
    await expect
      .poll(() => latestMailTo(tenant.users.admin.email), { timeout: 10_000 })
      .toContain(`Webhook endpoint turned off: ${receiver.url(endpoint.path)}`);
    // Nothing more goes to it.
    await createUserThroughApi();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(at(endpoint.path)).toHaveLength(1);
  });

  it("a change that fails sends nothing: PATCH with an unknown group rolls back its user.updated", async () => {
    const endpoint = await addEndpoint(["user.updated"]);
    const user = await createUserThroughApi();
    const failed = await asAdmin(`/api/admin/users/${user.id}`, {
      method: "PATCH",
      json: { first_name: "Never", group_ids: ["0193a000-0000-7000-8000-000000000000"] },
    });
    expect(failed.status).toBeGreaterThanOrEqual(400);
    expect(failed.status).toBeLessThan(500);
    const ok = await asAdmin(`/api/admin/users/${user.id}`, { method: "PATCH", json: { first_name: "Changed" } });
    expect(ok.status).toBe(200);
    const [hook] = await waitFor(endpoint.path, 1);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const received = at(endpoint.path).map((h) => verified(endpoint.secret, h));
    expect(received.map((p) => [p.type, p.data.first_name])).toEqual([["user.updated", "Changed"]]);
    expect(hook).toBeDefined();
    expect(await testDb().webhookEvent.count({ where: { organizationId: tenant.id, type: "user.updated" } })).toBe(1);
  });

  it("a deactivation sends user.updated and user.deactivated", async () => {
    const endpoint = await addEndpoint(["user.deactivated"]);
    const user = await createUserThroughApi();
    const res = await asAdmin(`/api/admin/users/${user.id}`, { method: "PATCH", json: { status: "suspended" } });
    expect(res.status).toBe(200);
    const [hook] = await waitFor(endpoint.path, 1);
    expect(verified(endpoint.secret, hook!)).toMatchObject({
      type: "user.deactivated",
      data: { id: user.id, status: "suspended" },
    });
  });

  it("during a roll's overlap each message carries both signatures; each secret verifies it", async () => {
    const endpoint = await addEndpoint(["user.created"]);
    const rolled = await asAdmin(`/api/admin/webhooks/${endpoint.id}/secret/roll`, {
      method: "POST",
      json: { overlapHours: 1 },
    });
    expect(rolled.status).toBe(200);
    expect(rolled.json.secret).toMatch(/^whsec_/);
    expect(rolled.json.secret).not.toBe(endpoint.secret);
    await createUserThroughApi();
    const [hook] = await waitFor(endpoint.path, 1);
    expect(String(hook!.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(verified(endpoint.secret, hook!).type).toBe("user.created");
    expect(verified(rolled.json.secret, hook!).type).toBe("user.created");
  });

  it("a test event, and a resend that keeps the webhook-id", async () => {
    const endpoint = await addEndpoint(["user.created"]);
    const test = await asAdmin(`/api/admin/webhooks/${endpoint.id}/test`, { method: "POST" });
    expect(test.status).toBe(202);
    const [first] = await waitFor(endpoint.path, 1);
    expect(verified(endpoint.secret, first!)).toMatchObject({ type: "webhook.test" });
    expect(first!.headers["webhook-id"]).toBe(test.json.eventId);
    const [delivery] = (await asAdmin(`/api/admin/webhooks/${endpoint.id}/deliveries`)).json.data;
    await expect
      .poll(async () => (await asAdmin(`/api/admin/webhooks/${endpoint.id}/deliveries`)).json.data[0].state)
      .toBe("delivered");
    const resend = await asAdmin(`/api/admin/webhooks/${endpoint.id}/deliveries/${delivery.id}/resend`, {
      method: "POST",
    });
    expect(resend.json).toEqual({ resent: 1 });
    const [, again] = await waitFor(endpoint.path, 2);
    expect(again!.headers["webhook-id"]).toBe(test.json.eventId);
  });

  it("enrollment.created for each person a course editor enrolls", async () => {
    const endpoint = await addEndpoint(["enrollment.created"]);
    const course = await createCourse(tenant.id);
    const res = await asAdmin(`/api/courses/${course.id}/enrollments`, {
      method: "POST",
      json: { user_ids: [tenant.users.learner.id] },
    });
    expect(res.status).toBe(201);
    const [hook] = await waitFor(endpoint.path, 1);
    expect(verified(endpoint.secret, hook!)).toMatchObject({
      type: "enrollment.created",
      data: { course_id: course.id, user_id: tenant.users.learner.id, status: "active", source: "manual" },
    });
  });
  it(
    "POST /api/admin/users/bulk enrolling 5,000 people (the most a call takes) with an endpoint wanting enrollment.created → 200, an event each",
    { timeout: 120_000 },
    async () => {
      // An organization of its own: its 5,000 deliveries go with its endpoint, not into the other tests' way.
      const big = await createTenant();
      const created = await callAs(big.subdomain, big.users.admin, "/api/admin/webhooks", {
        method: "POST",
        json: { url: receiver.url(`/${uniqueName("bulk")}`), eventTypes: ["enrollment.created"] },
      });
      expect(created.status).toBe(201);
      const label = uniqueName("bulk");
      const { passwordHash } = await testDb().user.findUniqueOrThrow({
        where: { id: big.users.learner.id },
        select: { passwordHash: true },
      });
      const people = await testDb().user.createManyAndReturn({
        data: Array.from({ length: 5000 }, (_, i) => ({
          organizationId: big.id,
          firstName: "Bulk",
          lastName: `Person ${i}`,
          username: `${label}-${i}`,
          email: `${label}-${i}@example.test`,
          passwordHash,
        })),
        select: { id: true },
      });
      const course = await createCourse(big.id);
      const res = await callAs(big.subdomain, big.users.admin, "/api/admin/users/bulk", {
        method: "POST",
        json: { action: "enroll", course_id: course.id, user_ids: people.map((p) => p.id) },
      });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ action: "enroll", affected: 5000 });
      expect(await testDb().webhookDelivery.count({ where: { endpointId: created.json.id } })).toBe(5000);
      const removed = await callAs(big.subdomain, big.users.admin, `/api/admin/webhooks/${created.json.id}`, {
        method: "DELETE",
      });
      expect(removed.status).toBe(204);
    },
  );

  it("a learner completing a course: lesson.completed for each lesson, then enrollment.completed and course.completed", async () => {
    const endpoint = await addEndpoint(["lesson.completed", "enrollment.completed", "course.completed"]);
    const course = await createCourse(tenant.id);
    await enroll(tenant.id, course.id, tenant.users.learner.id);
    for (const lesson of course.lessons) {
      const res = await callAs(
        tenant.subdomain,
        tenant.users.learner,
        `/api/courses/${course.id}/lessons/${lesson.id}/progress`,
        { method: "PUT", json: { completed: true } },
      );
      expect(res.status).toBe(200);
    }
    await waitFor(endpoint.path, 4);
    const payloads = at(endpoint.path).map((h) => verified(endpoint.secret, h));
    expect(payloads.map((p) => p.type).sort()).toEqual([
      "course.completed",
      "enrollment.completed",
      "lesson.completed",
      "lesson.completed",
    ]);
    expect(
      payloads
        .filter((p) => p.type === "lesson.completed")
        .map((p) => p.data.lesson_id)
        .sort(),
    ).toEqual(course.lessons.map((l) => l.id).sort());
    expect(payloads.find((p) => p.type === "course.completed")!.data).toMatchObject({
      course_id: course.id,
      course_title: course.title,
      user_id: tenant.users.learner.id,
      round: 1,
    });
  });
});

describe("webhook endpoints: who may manage them", () => {
  it("refuses a URL on a loopback or private address at its field", async () => {
    for (const url of ["http://127.0.0.1:5432/", "http://169.254.169.254/latest", "http://10.0.0.5/hook"]) {
      const res = await asAdmin("/api/admin/webhooks", { method: "POST", json: { url, eventTypes: ["user.created"] } });
      expect(res.status).toBe(400);
      expect(res.json.error.fieldErrors.url).toEqual(["This address is not allowed for an outgoing connection"]);
    }
  });

  it("another organization's endpoint is a 404; an instructor gets 403", async () => {
    const endpoint = await addEndpoint(["user.created"]);
    const foreign = await callAs(other.subdomain, other.users.admin, `/api/admin/webhooks/${endpoint.id}`);
    expect(foreign.status).toBe(404);
    const foreignSecret = await callAs(other.subdomain, other.users.admin, `/api/admin/webhooks/${endpoint.id}/secret`);
    expect(foreignSecret.status).toBe(404);
    const list = await callAs(other.subdomain, other.users.admin, "/api/admin/webhooks");
    expect(list.json.data.map((e: { id: string }) => e.id)).not.toContain(endpoint.id);
    const instructor = await callAs(tenant.subdomain, tenant.users.instructor, "/api/admin/webhooks");
    expect(instructor.status).toBe(403);
  });

  it("refuses an unknown event type and an empty list by field", async () => {
    const res = await asAdmin("/api/admin/webhooks", {
      method: "POST",
      json: { url: receiver.url("/x"), eventTypes: ["user.exploded"] },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.error.fieldErrors)).toEqual(["eventTypes.0"]);
  });
});

describe("System Settings → Webhooks", () => {
  const page = async (user: TestTenant["users"]["admin"], path: string) =>
    call(tenant.subdomain, path, {
      headers: { cookie: `next-auth.session-token=${await signIn(tenant.subdomain, user)}` },
    });

  it("shows the organization's endpoints to its admin, with a tab beside the other sections", async () => {
    const endpoint = await addEndpoint(["certificate.issued"]);
    const res = await page(tenant.users.admin, "/admin/settings/webhooks");
    expect(res.status).toBe(200);
    expect(res.text).toContain(receiver.url(endpoint.path));
    expect(res.text).toContain("Add an endpoint");
    expect((await page(tenant.users.admin, "/admin/settings/mail")).text).toContain('href="/admin/settings/webhooks"');
  });

  it("is 'Page Not Found' for an instructor (under settings/*, not theirs)", async () => {
    const res = await page(tenant.users.instructor, "/admin/settings/webhooks");
    expect(res.status).toBe(404);
  });
});
