import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { openApiDocument } from "@/lib/openapi/document";
import { healthSchema, readinessSchema } from "@/lib/openapi/paths/meta";
import { loginResponseSchema, profileSchema, unreadCountSchema } from "@/lib/openapi/responses/auth";
import { errorBodySchema } from "@/lib/openapi/responses/common";
import { categoryListSchema, categorySchema, courseListSchema, courseSchema } from "@/lib/openapi/responses/courses";
import {
  courseProgressSchema,
  createEnrollmentsResponseSchema,
  dashboardSchema,
  enrollmentListSchema,
  enrollmentSchema,
  recordProgressResponseSchema,
} from "@/lib/openapi/responses/enrollments";
import {
  inboxSchema,
  messageItemSchema,
  recipientsSchema,
  threadSchema,
  threadSummarySchema,
} from "@/lib/openapi/responses/messages";
import { lessonSchema, moduleSchema, outlineSchema } from "@/lib/openapi/responses/outline";
import { createTenant, testDb, type TestTenant } from "@/test/factories";
import { call } from "@/test/http";

let tenant: TestTenant;
beforeAll(async () => {
  tenant = await createTenant();
});
afterAll(() => testDb().$disconnect());

/** The body is exactly what the schema describes: parsing keeps every field and adds or drops none. */
function expectDescribedBy(schema: z.ZodType, body: unknown) {
  const parsed = schema.safeParse(body);
  expect(parsed.success ? null : parsed.error.issues).toBeNull();
  expect(parsed.data).toEqual(body);
}

describe("GET /api/openapi.json", () => {
  it("serves the generated OpenAPI 3.1 document to anyone, on tenant hosts and the apex", async () => {
    for (const host of [tenant.subdomain, null]) {
      const res = await call(host, "/api/openapi.json");
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.json.openapi).toBe("3.1.0");
      expect(Object.keys(res.json.paths).sort()).toEqual(Object.keys(openApiDocument().paths ?? {}).sort());
      expect(res.json.paths["/auth/login"].post.operationId).toBe("login");
      expect(res.json.paths["/api/courses/{courseId}"]).toBeDefined();
      expect(res.json.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    }
  });
});

describe("GET /api/health", () => {
  it("answers ok on tenant hosts, the apex and unknown subdomains alike, without a session", async () => {
    for (const host of [tenant.subdomain, null, "no-such-organization"]) {
      const res = await call(host, "/api/health");
      expect(res.status).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
      expectDescribedBy(healthSchema, res.json);
    }
  });
});

describe("GET /api/ready", () => {
  it("answers ready with every check passed on any host, without a session", async () => {
    for (const host of [tenant.subdomain, null]) {
      const res = await call(host, "/api/ready");
      expect(res.status).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
      expectDescribedBy(readinessSchema, res.json);
      expect(res.json.status).toBe("ready");
      expect(res.json.checks.map((c: { name: string; ok: boolean }) => [c.name, c.ok])).toEqual([
        ["process", true],
        ["database", true],
        ["migrations", true],
        ["storage", true],
        ["jobQueue", true],
      ]);
    }
  });
});

describe("live answers are what the document says", () => {
  it("POST /auth/login, GET /auth/profile, GET /api/messages/unread-count", async () => {
    const user = tenant.users.learner;
    const login = await call(tenant.subdomain, "/auth/login", { json: { email: user.email, password: user.password } });
    expect(login.status).toBe(200);
    expectDescribedBy(loginResponseSchema, login.json);

    const profile = await call(tenant.subdomain, "/auth/profile", { bearer: login.json.token });
    expect(profile.status).toBe(200);
    expectDescribedBy(profileSchema, profile.json);

    const unread = await call(tenant.subdomain, "/api/messages/unread-count", { bearer: login.json.token });
    expect(unread.status).toBe(200);
    expectDescribedBy(unreadCountSchema, unread.json);
  });

  it("messages: a new conversation, a reply, the inbox, archiving, recipients", async () => {
    const sign = async (u: { email: string; password: string }) =>
      (await call(tenant.subdomain, "/auth/login", { json: { email: u.email, password: u.password } })).json
        .token as string;
    const [admin, learner] = await Promise.all([sign(tenant.users.admin), sign(tenant.users.learner)]);
    const thread = await call(tenant.subdomain, "/api/messages/threads", {
      bearer: admin,
      json: { subject: "Described", body: "Hello", recipient_ids: [tenant.users.learner.id] },
    });
    expect(thread.status).toBe(201);
    expectDescribedBy(threadSchema, thread.json);
    const reply = await call(tenant.subdomain, `/api/messages/threads/${thread.json.id}/messages`, {
      bearer: learner,
      json: { body: "Hi" },
    });
    expect(reply.status).toBe(201);
    expectDescribedBy(messageItemSchema, reply.json);
    expectDescribedBy(inboxSchema, (await call(tenant.subdomain, "/api/messages/threads", { bearer: learner })).json);
    expectDescribedBy(
      threadSummarySchema,
      (
        await call(tenant.subdomain, `/api/messages/threads/${thread.json.id}`, {
          method: "PATCH",
          bearer: learner,
          json: { archived: true },
        })
      ).json,
    );
    expectDescribedBy(
      recipientsSchema,
      (await call(tenant.subdomain, "/api/messages/recipients", { bearer: learner })).json,
    );
  });

  it("courses, categories, the outline, lessons, enrollments, progress and the dashboard", async () => {
    const admin = tenant.users.admin;
    const { token } = (
      await call(tenant.subdomain, "/auth/login", { json: { email: admin.email, password: admin.password } })
    ).json;
    const category = await call(tenant.subdomain, "/api/categories", { bearer: token, json: { name: "Described" } });
    expect(category.status).toBe(201);
    expectDescribedBy(categorySchema, category.json);
    expectDescribedBy(categoryListSchema, (await call(tenant.subdomain, "/api/categories")).json);

    const course = await call(tenant.subdomain, "/api/courses", {
      bearer: token,
      json: { title: "Described course", category_id: category.json.id, status: "published" },
    });
    expect(course.status).toBe(201);
    expectDescribedBy(courseSchema, course.json);
    const id = course.json.id as string;
    expectDescribedBy(courseSchema, (await call(tenant.subdomain, `/api/courses/${id}`, { bearer: token })).json);
    expectDescribedBy(courseListSchema, (await call(tenant.subdomain, "/api/courses?view=catalog")).json);

    const mod = await call(tenant.subdomain, `/api/courses/${id}/modules`, { bearer: token, json: { title: "One" } });
    expect(mod.status).toBe(201);
    expectDescribedBy(moduleSchema, mod.json);
    const lesson = await call(tenant.subdomain, `/api/courses/${id}/modules/${mod.json.id}/lessons`, {
      bearer: token,
      json: { title: "First", kind: "text", body: "<p>Hi</p>" },
    });
    expect(lesson.status).toBe(201);
    expectDescribedBy(lessonSchema, lesson.json);
    expectDescribedBy(
      lessonSchema,
      (await call(tenant.subdomain, `/api/courses/${id}/lessons/${lesson.json.id}`, { bearer: token })).json,
    );
    expectDescribedBy(
      outlineSchema,
      (await call(tenant.subdomain, `/api/courses/${id}/outline`, { bearer: token })).json,
    );

    const learner = tenant.users.learner;
    const learnerToken = (
      await call(tenant.subdomain, "/auth/login", { json: { email: learner.email, password: learner.password } })
    ).json.token;
    const enrolled = await call(tenant.subdomain, `/api/courses/${id}/enrollments`, {
      method: "POST",
      bearer: learnerToken,
    });
    expect(enrolled.status).toBe(201);
    expectDescribedBy(createEnrollmentsResponseSchema, enrolled.json);
    const progress = await call(tenant.subdomain, `/api/courses/${id}/lessons/${lesson.json.id}/progress`, {
      method: "PUT",
      bearer: learnerToken,
      json: { completed: true },
    });
    expect(progress.status).toBe(200);
    expectDescribedBy(recordProgressResponseSchema, progress.json);
    expectDescribedBy(
      courseProgressSchema,
      (await call(tenant.subdomain, `/api/courses/${id}/progress`, { bearer: learnerToken })).json,
    );
    const dashboard = await call(tenant.subdomain, "/api/dashboard", { bearer: learnerToken });
    expect(dashboard.json.recently_completed).toHaveLength(1);
    expectDescribedBy(dashboardSchema, dashboard.json);

    expectDescribedBy(
      enrollmentListSchema,
      (await call(tenant.subdomain, `/api/courses/${id}/enrollments`, { bearer: token })).json,
    );
    const withdrawn = await call(tenant.subdomain, `/api/enrollments/${enrolled.json.enrollments[0].id}`, {
      method: "PATCH",
      bearer: token,
      json: { status: "withdrawn" },
    });
    expect(withdrawn.status).toBe(200);
    expectDescribedBy(enrollmentSchema, withdrawn.json);
  });

  it("errors have the ErrorBody shape", async () => {
    const anonymous = await call(tenant.subdomain, "/auth/profile");
    expect(anonymous.status).toBe(401);
    expectDescribedBy(errorBodySchema, anonymous.json);
    const invalid = await call(tenant.subdomain, "/auth/login", { json: { email: "not-an-email" } });
    expect(invalid.status).toBe(400);
    expectDescribedBy(errorBodySchema, invalid.json);
  });
});

describe("GET /api-docs", () => {
  it("renders the reference for anonymous visitors", async () => {
    const res = await call(tenant.subdomain, "/api-docs");
    expect(res.status).toBe(200);
    expect(res.text).toContain("API reference");
    expect(res.text).toContain("/auth/reset-password/{token}");
    expect(res.text).toContain('id="schema-Course"');
  });
});
