import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, testDb, type TestTenant } from "@/test/factories";
import { call, testPort } from "@/test/http";
import { cachedSignIn } from "@/test/session";

// The API always answers JSON: unknown paths below /api and /auth are 404s and wrong methods 405s in the
// error shape every route uses, never Next's HTML page or an empty body.

let tenant: TestTenant;
beforeAll(async () => {
  tenant = await createTenant();
});
afterAll(() => testDb().$disconnect());

describe("unknown API paths", () => {
  it.each(["/api/nope", "/api/courses/x/not-a-thing", "/auth/nope", "/auth/login/extra"])(
    "GET and POST %s → 404 JSON",
    async (path) => {
      for (const method of ["GET", "POST", "DELETE"]) {
        const res = await call(tenant.subdomain, path, { method });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.headers["content-type"]).toMatch(/^application\/json/);
        expect(res.json).toEqual({ error: { code: "NOT_FOUND", message: `No API endpoint at ${path}` } });
      }
    },
  );
});

describe("wrong methods", () => {
  it.each([
    ["DELETE", "/api/courses", "GET, HEAD, POST"],
    ["PUT", "/api/dashboard", "GET, HEAD"],
    ["GET", "/auth/login", "POST"],
    ["PATCH", "/api/health", "GET, HEAD"],
    ["GET", "/api/scorm-tracking", "POST"],
    ["PUT", "/api/scorm-tracking", "POST"],
  ])("%s %s → 405 JSON with Allow: %s", async (method, path, allow) => {
    const res = await call(tenant.subdomain, path, { method });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe(allow);
    expect(res.json).toEqual({
      error: { code: "METHOD_NOT_ALLOWED", message: `${method} is not allowed on ${path}: use ${allow}` },
    });
  });
});

describe("bodies", () => {
  it("a JSON body over 4 MB is a 413 with a clear message", async () => {
    const token = await cachedSignIn(tenant.subdomain, tenant.users.instructor);
    const res = await call(tenant.subdomain, "/api/courses", {
      json: { title: "x".repeat(4 * 1024 * 1024 + 10) },
      bearer: token,
    });
    expect(res.status).toBe(413);
    expect(res.json.error).toEqual({ code: "PAYLOAD_TOO_LARGE", message: "The request body is larger than 4 MB" });
  });
});

describe("the supported server", () => {
  function nextStart(
    env: Record<string, string>,
    port: number,
  ): Promise<{ code: number | null; output: string; stoppedByTest: boolean }> {
    const childEnv: Record<string, string | undefined> = {
      PATH: process.env.PATH,
      DATABASE_URL: process.env.DATABASE_URL,
      NEXTAUTH_SECRET: "x".repeat(40),
      NEXT_TELEMETRY_DISABLED: "1",
      ...env,
    };
    return new Promise((resolve) => {
      const child = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", String(port)], {
        env: childEnv as NodeJS.ProcessEnv,
      });
      let output = "";
      let stoppedByTest = false;
      const stop = () => {
        stoppedByTest = true;
        child.kill("SIGTERM");
      };
      const timer = setTimeout(stop, 20_000);
      const collect = (chunk: Buffer) => {
        output += chunk.toString();
        // Next says "Ready" before its start-up hook has run: give the hook time to refuse, then stop it.
        if (/Ready in/.test(output)) setTimeout(stop, 4_000);
      };
      child.stdout.on("data", collect);
      child.stderr.on("data", collect);
      child.on("exit", (code) => {
        clearTimeout(timer);
        resolve({ code, output, stoppedByTest });
      });
    });
  }

  it("plain `next start` refuses to run without a proxy that names the client (TRUST_PROXY)", async () => {
    const refused = await nextStart({}, testPort() + 61);
    expect(refused).toMatchObject({ code: 1, stoppedByTest: false });
    expect(refused.output).toContain("Refusing to start: run the app with `npm start`");
  });

  it("plain `next start` runs behind a trusted proxy", async () => {
    const started = await nextStart({ TRUST_PROXY: "true" }, testPort() + 62);
    expect(started.output).toMatch(/Ready in/);
    expect(started.stoppedByTest).toBe(true); // still running when the test stopped it
    expect(started.output).not.toContain("Refusing to start");
  });
});
