import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTES } from "@/lib/routes";
import { testDb } from "@/test/factories";
import { call, type TestResponse } from "@/test/http";
import { API_ACCESS, outcomeOf, type ApiOutcome } from "./api-access";
import { loadApiOperations, subdomainFor, type ApiOperation } from "./api-operations";
import { expectedOutcome, PAGE_ACCESS, WHO, type Who } from "./page-access";
import { signIn } from "@/test/session";
import { buildRequest, ENDS_CALLERS_SESSION } from "./requests";
import { API_KEY_ACCESS } from "./api-key-access";
import { API_KEY_CALLERS, buildWorld, type World } from "./world";

// Every page and every API operation × learner, instructor, org_admin, admin, superadmin and anonymous
// (and every API operation × two API keys of the organization, ./api-key-access.ts),
// over HTTP against the real server, against outcomes written out from the spec (docs/specification.md) and
// docs/permissions.md (./page-access.ts, ./api-access.ts). A page or an operation without a row fails.

let world: World;
let operations: ApiOperation[];
beforeAll(async () => {
  [world, operations] = await Promise.all([buildWorld(), loadApiOperations()]);
}, 120_000);
afterAll(() => testDb().$disconnect());

/** The caller's host and credentials: the superadmin lives on the apex, everyone else on the tenant's host. */
function as(who: Who): {
  subdomain: string | null;
  bearer?: string;
  user: World["superadmin"] | World["a"]["users"]["learner"] | null;
} {
  if (who === "anonymous") return { subdomain: world.a.subdomain, user: null };
  if (who === "superadmin") return { subdomain: null, bearer: world.superadmin.token, user: world.superadmin };
  return { subdomain: world.a.subdomain, bearer: world.a.tokens[who], user: world.a.users[who] };
}

describe("pages", () => {
  it("every page of the route table has a row written from the specification", () => {
    expect(ROUTES.map((r) => r.pattern).filter((p) => !(p in PAGE_ACCESS))).toEqual([]);
    expect(Object.keys(PAGE_ACCESS).filter((p) => !ROUTES.some((r) => r.pattern === p))).toEqual([]);
  });

  it.each(Object.keys(PAGE_ACCESS).map((p) => [p]))("%s × every role", async (pattern) => {
    const ids: Record<string, string> = {
      courseId: world.a.ids.courseId,
      moduleId: world.a.ids.moduleId,
      // The quiz pages are about a quiz lesson; every other page takes any lesson.
      lessonId: pattern.includes("/quiz") ? world.a.ids.quizLessonId : world.a.ids.textLessonId,
      attemptId: world.a.ids.quizAttemptId,
      groupId: world.a.ids.groupId,
      userId: world.a.ids.learnerId,
      threadId: world.a.ids.threadId,
      token: "not-a-real-token",
      templateId: world.a.ids.templateId,
      bankId: world.a.ids.questionBankId,
      code: "0000000000000000000000ZZ",
    };
    const path = pattern.replace(/\/\*$/, "").replace(/\[(\w+)\]/g, (_, name: string) => ids[name] ?? name);
    for (const who of WHO) {
      const { subdomain, bearer } = as(who);
      const res = await call(subdomain, path, {
        headers: bearer ? { cookie: `next-auth.session-token=${bearer}` } : {},
      });
      const location =
        typeof res.headers.location === "string" ? new URL(res.headers.location, "http://x").pathname : null;
      const expected = expectedOutcome(pattern, who);
      const label = `${who} GET ${path} (expected ${expected})`;
      if (expected === "ok") expect(res.status, label).toBe(200);
      else if (expected === "absent") {
        expect(res.status, label).toBe(404);
        expect(res.text, label).toContain("Page Not Found");
      } else if (expected === "lesson") {
        // The player's entry sends on to the lesson to continue (for this learner, the first not completed).
        expect([307, 308], label).toContain(res.status);
        expect(location, label).toMatch(
          new RegExp(`^/courses/${ids.courseId}/modules/[0-9a-f-]{36}/lessons/[0-9a-f-]{36}$`),
        );
      } else {
        const target = { login: "/login", denied: "/unauthorized", dashboard: "/dashboard", reports: "/admin/reports" }[
          expected!
        ];
        expect([307, 308], label).toContain(res.status);
        expect(location, label).toBe(target);
      }
    }
  });
});

describe("API operations", () => {
  it("every operation of the document has a row written from the specification", () => {
    expect(
      operations.map((o) => o.key).filter((k) => !(k in API_ACCESS)),
      "operations without a row in test/security/api-access.ts",
    ).toEqual([]);
    expect(
      Object.keys(API_ACCESS).filter((k) => !operations.some((o) => o.key === k)),
      "rows for operations the document lacks",
    ).toEqual([]);
  });

  it("every operation × every role", async () => {
    const mismatches: string[] = [];
    const seen: string[] = [];
    for (const op of operations) {
      const row = API_ACCESS[op.key];
      const outcomes: ApiOutcome[] = [];
      for (const who of WHO) {
        const caller = as(who);
        const request = await buildRequest(op, world.a, { user: caller.user });
        // The content host's routes are the token's organization's, whoever calls (the superadmin too).
        const subdomain = op.host === "content" ? subdomainFor(op, world.a.subdomain) : caller.subdomain;
        const res: TestResponse = await call(subdomain, request.path, {
          method: request.method,
          body: request.body,
          headers: request.headers,
          bearer:
            caller.bearer && caller.user && ENDS_CALLERS_SESSION.has(op.key)
              ? await signIn(caller.subdomain, caller.user)
              : caller.bearer,
        });
        const outcome = outcomeOf(res.status);
        outcomes.push(outcome);
        const expected = row?.[WHO.indexOf(who)];
        if (outcome !== expected)
          mismatches.push(`${who} ${op.key}: expected ${expected}, got ${res.status} ${res.text.slice(0, 160)}`);
      }
      seen.push(`  "${op.key}": [${outcomes.map((o) => `"${o}"`).join(", ")}],`);
    }
    if (process.env.SECURITY_PRINT_MATRIX) console.log(seen.join("\n"));
    expect(mismatches).toEqual([]);
  }, 180_000);
});

describe("API operations × API keys", () => {
  it("every operation of the document has a row for API keys", () => {
    expect(operations.map((o) => o.key).filter((k) => !(k in API_KEY_ACCESS))).toEqual([]);
    expect(Object.keys(API_KEY_ACCESS).filter((k) => !operations.some((o) => o.key === k))).toEqual([]);
  });

  it("every operation × a key with every scope the admin may give, and a key with the reports' scopes only", async () => {
    const mismatches: string[] = [];
    const seen: string[] = [];
    for (const op of operations) {
      const outcomes: ApiOutcome[] = [];
      for (const key of API_KEY_CALLERS) {
        // The key acts with its creator's (the admin's) id where a record needs a person.
        const request = await buildRequest(op, world.a, { user: world.a.users.admin });
        const subdomain = op.host === "content" ? subdomainFor(op, world.a.subdomain) : world.a.subdomain;
        const res = await call(subdomain, request.path, {
          method: request.method,
          body: request.body,
          headers: request.headers,
          bearer: world.a.apiKeys[key],
        });
        const outcome = outcomeOf(res.status);
        outcomes.push(outcome);
        const expected = API_KEY_ACCESS[op.key]?.[API_KEY_CALLERS.indexOf(key)];
        if (outcome !== expected)
          mismatches.push(`${key} key ${op.key}: expected ${expected}, got ${res.status} ${res.text.slice(0, 160)}`);
      }
      seen.push(`  "${op.key}": [${outcomes.map((o) => `"${o}"`).join(", ")}],`);
    }
    if (process.env.SECURITY_PRINT_MATRIX) console.log(seen.join("\n"));
    expect(mismatches).toEqual([]);
  }, 180_000);
});
