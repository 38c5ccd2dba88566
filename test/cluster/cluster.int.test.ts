import { readdir, readFile } from "node:fs/promises";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCourse, enroll, type TestCourse } from "@/test/course-factories";
import { createTenant, createUser, testDb, uniqueName, type TestTenant, type TestUser } from "@/test/factories";
import { call, type TestRequest } from "@/test/http";
import { runImport, uploadAndDryRun } from "@/test/imports";
import { fixtureZip } from "@/test/scorm-zips";
import { multipartBody } from "@/test/session";

// Two production app processes (A and B) on one database and one S3-compatible store, behind nginx
// configured from deploy/nginx.conf (scripts/test-cluster.ts starts them). nginx listens three times:
// the balancer (round robin over both) and one listener pinned to each process, with the sample's
// settings otherwise, so "through A, then through B" is certain and still goes through nginx. Nothing a
// request needs may live in one process's memory.

const list = (name: string) => process.env[name]!.split(",");
const BALANCER = Number(process.env.CLUSTER_NGINX_PORT);
const [A, B] = list("CLUSTER_PINNED_PORTS").map(Number) as [number, number];
const APP_PORTS = list("CLUSTER_APP_PORTS").map(Number);
const PACKAGE = "golf-scorm12-runtime-basic-singlesco.zip";
const NEW_PASSWORD = "violet-anchor-tundra-42";

let tenant: TestTenant;
let learner: TestUser;
/** Every content token a launch handed out here: none may reach nginx's logs. */
const contentTokens: string[] = [];
/** Reset (invitation) tokens read from the mails: none may reach the logs either. */
const resetTokens: string[] = [];

const via = (port: number, options: TestRequest = {}): TestRequest => ({ ...options, port });

async function signInVia(port: number, user: Pick<TestUser, "email" | "password">): Promise<string> {
  const res = await call(
    tenant.subdomain,
    "/auth/login",
    via(port, { json: { email: user.email, password: user.password } }),
  );
  expect(res.status, res.text).toBe(200);
  return res.json.token as string;
}

/** The browser's sign-in (next-auth's CSRF token from one process, its credentials callback on another): the session cookie. */
async function browserSignIn(csrfPort: number, callbackPort: number, user: TestUser): Promise<string> {
  const csrf = await call(tenant.subdomain, "/api/auth/csrf", via(csrfPort));
  expect(csrf.status, csrf.text).toBe(200);
  const csrfCookies = ([] as string[]).concat(csrf.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]!);
  const res = await call(
    tenant.subdomain,
    "/api/auth/callback/credentials",
    via(callbackPort, {
      method: "POST",
      body: new URLSearchParams({
        csrfToken: csrf.json.csrfToken,
        email: user.email,
        password: user.password,
        json: "true",
      }).toString(),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: csrfCookies.join("; "),
        origin: `http://${tenant.subdomain}.localhost:${callbackPort}`,
      },
    }),
  );
  expect(res.status, res.text).toBe(200);
  const session = ([] as string[])
    .concat(res.headers["set-cookie"] ?? [])
    .find((c) => c.startsWith("next-auth.session-token="));
  expect(session, "a session cookie").toBeTruthy();
  return session!.split(";")[0]!;
}

async function launch(port: number, course: TestCourse, bearer: string) {
  const res = await call(
    tenant.subdomain,
    `/api/courses/${course.id}/lessons/${course.lessons[0]!.id}/scorm/launch`,
    via(port, { bearer }),
  );
  expect(res.status, res.text).toBe(200);
  const token = new URL(res.json.content.commitUrl as string).pathname.split("/")[3]!;
  contentTokens.push(token);
  return { json: res.json, token };
}

beforeAll(async () => {
  tenant = await createTenant();
  learner = await createUser(tenant.id, "learner");
}, 60_000);

afterAll(async () => {
  await testDb().$disconnect();
});

describe("sessions", () => {
  it("a bearer token from a sign-in through A works through B, and through A", async () => {
    const token = await signInVia(A, learner);
    for (const port of [B, A]) {
      const me = await call(tenant.subdomain, "/auth/profile", via(port, { bearer: token }));
      expect(me.status, `through ${port}`).toBe(200);
      expect(me.json.email).toBe(learner.email);
    }
  });

  it("a session cookie made across both (CSRF from A, callback on B) reads and writes through both", async () => {
    const cookie = await browserSignIn(A, B, learner);
    for (const [port, firstName] of [
      [A, "Ada"],
      [B, "Bea"],
    ] as const) {
      const me = await call(tenant.subdomain, "/auth/profile", via(port, { headers: { cookie } }));
      expect(me.status, `read through ${port}`).toBe(200);
      expect(me.json.email).toBe(learner.email);
      // A cookie-authenticated write from the organization's own page: the Origin check sees the Host the
      // browser used, port included, as nginx passes it on.
      const write = await call(
        tenant.subdomain,
        "/auth/profile",
        via(port, {
          method: "PUT",
          json: { first_name: firstName },
          headers: { cookie, origin: `http://${tenant.subdomain}.localhost:${port}` },
        }),
      );
      expect(write.status, `write through ${port}: ${write.text}`).toBe(200);
      expect(write.json.user.first_name).toBe(firstName);
    }
  });

  it("a password changed through B ends the session A has already seen, at A's next request", async () => {
    const person = await createUser(tenant.id, "learner");
    const old = await signInVia(A, person);
    expect((await call(tenant.subdomain, "/auth/profile", via(A, { bearer: old }))).status).toBe(200);
    const changed = await call(
      tenant.subdomain,
      "/auth/profile",
      via(B, { method: "PUT", bearer: old, json: { current_password: person.password, new_password: NEW_PASSWORD } }),
    );
    expect(changed.status, changed.text).toBe(200);
    expect((await call(tenant.subdomain, "/auth/profile", via(A, { bearer: old }))).status).toBe(401);
    expect((await call(tenant.subdomain, "/auth/profile", via(A, { bearer: changed.json.token }))).status).toBe(200);
  });

  it("the balancer spreads requests over both processes (nginx's access log names the upstream)", async () => {
    const marker = `/api/health?${uniqueName("spread")}`;
    for (let i = 0; i < 6; i++) expect((await call(null, marker, via(BALANCER))).status).toBe(200);
    // Nothing else asks for /api/health here: the last six such lines of the access log are these.
    const lines = (await readFile(process.env.CLUSTER_ACCESS_LOG!, "utf8"))
      .split("\n")
      .filter((l) => l.includes("GET /api/health "))
      .slice(-6);
    expect(lines).toHaveLength(6);
    const upstreams = new Set(lines.map((l) => l.trim().split(" ").at(-2)));
    expect(upstreams).toEqual(new Set(APP_PORTS.map((p) => `127.0.0.1:${p}`)));
  });
});

describe("files in the shared store", () => {
  it("an avatar uploaded through A is served by B, the same bytes", async () => {
    const token = await signInVia(A, learner);
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#0A66C2" } })
      .png()
      .toBuffer();
    const { body, headers } = await multipartBody({ avatar: new Blob([new Uint8Array(png)], { type: "image/png" }) });
    const res = await call(tenant.subdomain, "/auth/profile", via(A, { method: "PUT", bearer: token, body, headers }));
    expect(res.status, res.text).toBe(200);
    const url: string = res.json.user.avatar_url;
    expect(url).toMatch(/^\/uploads\/avatars\/.+\.webp$/);
    const fromB = await call(tenant.subdomain, url, via(B));
    const fromA = await call(tenant.subdomain, url, via(A));
    expect(fromB.status).toBe(200);
    expect(fromB.headers["content-type"]).toBe("image/webp");
    expect(fromB.body.equals(fromA.body)).toBe(true);
    expect((await sharp(fromB.body).metadata()).width).toBe(256);
  });

  it("a SCORM package uploaded through A (streamed, unbuffered) is launched through B and played from both content hosts", async () => {
    const course = await createCourse(tenant.id, {
      instructorIds: [tenant.users.instructor.id],
      modules: [{ lessons: [{ kind: "scorm" }] }],
    });
    await enroll(tenant.id, course.id, learner.id);
    const instructor = await signInVia(A, tenant.users.instructor);
    const upload = await call(
      tenant.subdomain,
      `/api/courses/${course.id}/lessons/${course.lessons[0]!.id}/scorm`,
      via(A, {
        method: "PUT",
        body: fixtureZip(PACKAGE),
        headers: { "content-type": "application/zip" },
        bearer: instructor,
      }),
    );
    expect(upload.status, upload.text).toBe(200);
    const { json } = await launch(B, course, await signInVia(B, learner));
    const filePath = `${new URL(json.content.filesUrl as string).pathname}${(json.scos[0].launch as string).split("?")[0]}`;
    const fromA = await call(`${tenant.subdomain}.content`, filePath, via(A));
    const fromB = await call(`${tenant.subdomain}.content`, filePath, via(B));
    expect(fromA.status, fromA.text).toBe(200);
    expect(fromB.status).toBe(200);
    expect(fromA.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(fromB.body.equals(fromA.body)).toBe(true);
    expect(fromB.headers.etag).toBe(fromA.headers.etag);
    const part = await call(`${tenant.subdomain}.content`, filePath, via(B, { headers: { range: "bytes=0-9" } }));
    expect(part.status).toBe(206);
    expect(part.body).toEqual(fromA.body.subarray(0, 10));
  }, 60_000);
});

describe("a SCORM attempt across both processes", () => {
  it("commits sent alternately through A and B are applied in order, each once; a replay and a late one change nothing", async () => {
    const course = await createCourse(tenant.id, {
      instructorIds: [tenant.users.instructor.id],
      modules: [{ lessons: [{ kind: "scorm" }, {}] }],
    });
    const person = await createUser(tenant.id, "learner");
    await enroll(tenant.id, course.id, person.id);
    const instructor = await signInVia(B, tenant.users.instructor);
    const upload = await call(
      tenant.subdomain,
      `/api/courses/${course.id}/lessons/${course.lessons[0]!.id}/scorm`,
      via(B, {
        method: "PUT",
        body: fixtureZip(PACKAGE),
        headers: { "content-type": "application/zip" },
        bearer: instructor,
      }),
    );
    expect(upload.status, upload.text).toBe(200);
    const { json, token } = await launch(A, course, await signInVia(A, person));
    const attemptId: string = json.attempt.attemptId;
    const scoId: string = json.scos[0].identifier;
    const commit = (port: number, sequence: number, pages: number[]) =>
      call(
        `${tenant.subdomain}.content`,
        `/scorm/commits/${token}`,
        via(port, {
          json: {
            commits: [
              {
                attemptId,
                scoId,
                sequence,
                terminated: false,
                cmi: {
                  core: {
                    lesson_status: "incomplete",
                    lesson_location: `page-${sequence}`,
                    exit: "suspend",
                    session_time: "00:00:10",
                    score: { raw: "", min: "", max: "" },
                  },
                  // What the SCO has seen so far, as a SCO keeps it: every page, in order.
                  suspend_data: pages.join(","),
                },
              },
            ],
          },
        }),
      );
    const pages: number[] = [];
    for (let sequence = 1; sequence <= 12; sequence++) {
      pages.push(sequence);
      const res = await commit(sequence % 2 ? A : B, sequence, pages);
      expect(res.status, `sequence ${sequence}: ${res.text}`).toBe(200);
      expect(res.json.results).toEqual([expect.objectContaining({ sequence, applied: true })]);
    }
    // The player's queue resends the last one (its answer was lost) through the other process, and an
    // old one arrives late: both acknowledged, neither applied again.
    const replay = await commit(B, 12, pages);
    expect(replay.json.results).toEqual([expect.objectContaining({ sequence: 12, applied: false })]);
    const late = await commit(A, 5, [1, 2, 3, 4, 5]);
    expect(late.json.results).toEqual([expect.objectContaining({ sequence: 5, applied: false })]);

    const state = await testDb().scormScoState.findFirstOrThrow({ where: { attemptId, scoId } });
    expect(state).toMatchObject({
      commitSequence: 12,
      location: "page-12",
      suspendData: "1,2,3,4,5,6,7,8,9,10,11,12",
      exit: "suspend",
    });
  }, 60_000);
});

describe("limits and jobs shared through the database", () => {
  it("the per-account sign-in limit counts attempts on both processes together", async () => {
    const person = await createUser(tenant.id, "learner");
    const wrong = { email: person.email, password: "Wrong-Password-1" };
    // Five wrong passwords, alternately: each process alone saw three or two, below the limit of five.
    for (const port of [A, B, A, B, A]) {
      const res = await call(tenant.subdomain, "/auth/login", via(port, { json: wrong }));
      expect(res.status, `through ${port}`).toBe(401);
    }
    for (const port of [B, A]) {
      const res = await call(tenant.subdomain, "/auth/login", via(port, { json: person }));
      expect(res.status, `the right password through ${port}`).toBe(429);
      expect(res.json.error.code).toBe("RATE_LIMITED");
    }
  });

  it("the per-address limit counts the client nginx names (X-Forwarded-For), whichever process answers, and a forged header does not escape it", async () => {
    const client = "127.0.0.77";
    const attempt = (port: number, localAddress: string, headers: Record<string, string> = {}) =>
      call(
        tenant.subdomain,
        "/auth/login",
        via(port, {
          localAddress,
          headers,
          json: { email: `${uniqueName("nobody")}@example.test`, password: "Nope-12345678" },
        }),
      );
    for (let i = 0; i < 20; i++) {
      const res = await attempt([A, B, BALANCER][i % 3]!, client);
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    expect((await attempt(A, client)).status).toBe(429);
    expect((await attempt(B, client)).status).toBe(429);
    // A header the client writes itself is replaced by nginx, so a new address cannot be claimed…
    expect((await attempt(BALANCER, client, { "x-forwarded-for": "10.20.30.40" })).status).toBe(429);
    // …while another client is not held back by this one's attempts.
    expect((await attempt(BALANCER, "127.0.0.78")).status).toBe(401);
  }, 60_000);

  it("an import run started through A (both processes work the queue) creates each person once and invites each once", async () => {
    const admin = { subdomain: tenant.subdomain, bearer: await signInVia(A, tenant.users.admin) };
    const people = [1, 2, 3].map((n) => `${uniqueName(`inv${n}`)}@example.test`);
    const csv = ["email,first_name,last_name", ...people.map((e, i) => `${e},Person,${i + 1}`)].join("\n");
    // The helpers call the balancer (TEST_PORT): the upload, the dry run and the polls land on either process.
    const checked = await uploadAndDryRun(admin, csv);
    expect(checked.status).toBe("checked");
    const done = await runImport(admin, checked.id);
    expect(done.status).toBe("completed");
    expect(await testDb().user.count({ where: { organizationId: tenant.id, email: { in: people } } })).toBe(3);
    const outbox = process.env.CLUSTER_OUTBOX_DIR!;
    const mailsTo = async (email: string) =>
      (await readdir(outbox)).filter((f) => f.includes(email.replace(/[^a-zA-Z0-9@._-]/g, "_")));
    await expect.poll(async () => (await Promise.all(people.map(mailsTo))).flat().length, { timeout: 30_000 }).toBe(3);
    // A little longer: a second run of the invitation job would add a second mail.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    for (const email of people) {
      const files = await mailsTo(email);
      expect(files, email).toHaveLength(1);
      const mail = (await readFile(`${outbox}/${files[0]}`, "utf8")).replace(/=\r?\n/g, "").replace(/=3D/g, "=");
      const link = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail);
      expect(link, "an invitation link").toBeTruthy();
      resetTokens.push(link![1]!);
    }
    // The invitation link opened through nginx: its token must not reach the access log either.
    const page = await call(tenant.subdomain, `/reset-password/${resetTokens[0]}`, via(BALANCER));
    expect(page.status).toBe(200);
  }, 120_000);
});

describe("settings and branding", () => {
  it("a maintenance notice set through A shows on B's next page, at once", async () => {
    const admin = await signInVia(A, tenant.users.admin);
    const message = `Maintenance ${uniqueName("")} tonight`;
    const before = await call(tenant.subdomain, "/login", via(B));
    expect(before.text).not.toContain(message);
    const res = await call(
      tenant.subdomain,
      "/api/admin/settings",
      via(A, { method: "PATCH", bearer: admin, json: { maintenance: { enabled: true, message } } }),
    );
    expect(res.status, res.text).toBe(200);
    expect((await call(tenant.subdomain, "/login", via(B))).text).toContain(message);
    const off = await call(
      tenant.subdomain,
      "/api/admin/settings",
      via(B, { method: "PATCH", bearer: admin, json: { maintenance: { enabled: false, message: "" } } }),
    );
    expect(off.status, off.text).toBe(200);
    expect((await call(tenant.subdomain, "/login", via(A))).text).not.toContain(message);
  });

  it("a new name and colour saved through B are what A's pages show at once", async () => {
    const admin = await signInVia(B, tenant.users.admin);
    const name = `Renamed ${uniqueName("")}`;
    const res = await call(
      tenant.subdomain,
      `/api/admin/organizations/${tenant.id}`,
      via(B, { method: "PATCH", bearer: admin, json: { name, primary_color: "#1b5e20" } }),
    );
    expect(res.status, res.text).toBe(200);
    const page = await call(tenant.subdomain, "/login", via(A));
    expect(page.text).toContain(name);
    expect(page.text.toUpperCase()).toContain("#1B5E20");
  });
});

describe("nginx's logs", () => {
  it("never record a content token or a reset token, however the path is spelled", async () => {
    expect(contentTokens.length).toBeGreaterThan(0);
    expect(resetTokens.length).toBeGreaterThan(0);
    const token = contentTokens[0]!;
    // The same file asked for with the path spelled otherwise, and with the token as the Referer (a SCO's
    // requests carry their page's URL).
    for (const path of [
      `/scorm/files/${token}/shared/launchpage.html`,
      `/scorm//files/${token}/shared/launchpage.html`,
      `/%73corm/files/${token}/shared/launchpage.html`,
      `/SCORM/FILES/${token}/x`,
      `/scorm/runtime/${token}`,
      `/scorm/files/${token}/shared/launchpage.html?t=${token}`,
    ])
      await call(
        `${tenant.subdomain}.content`,
        path,
        via(BALANCER, { headers: { referer: `http://x/scorm/runtime/${token}` } }),
      );
    const logs = [process.env.CLUSTER_ACCESS_LOG!, ...list("CLUSTER_ERROR_LOGS")];
    const text = (await Promise.all(logs.map((f) => readFile(f, "utf8").catch(() => "")))).join("\n");
    expect(text).toContain("/scorm/commits/-");
    expect(text).toContain("/scorm/files/-/");
    expect(text).toContain("/reset-password/-");
    for (const secret of [...contentTokens, ...resetTokens]) {
      expect(text.includes(secret), `a token in nginx's logs`).toBe(false);
      // Nor its head: the part before the MAC, or any 16 characters of it.
      expect(text.includes(secret.slice(0, 16)), `a token's head in nginx's logs`).toBe(false);
    }
  });
});
