import { readdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCourse } from "@/test/course-factories";
import { createQuestion, createQuestionBank, createQuizLesson } from "@/test/quiz-factories";
import { createTenant, testDb, uniqueName, type TestTenant } from "@/test/factories";
import { call } from "@/test/http";
import { cachedSignIn, callAs, multipartBody } from "@/test/session";

// Images in rich text (docs/assessments.md "Images", docs/courses.md): POST /api/content-images stores an
// organization's image for its authors; /uploads/content-images/… serves it to the organization's
// signed-in members only, on its host; the sanitizer keeps an <img> only when it is the organization's own.

let acme: TestTenant;
let globex: TestTenant;
beforeAll(async () => {
  [acme, globex] = await Promise.all([createTenant(), createTenant()]);
});
afterAll(() => testDb().$disconnect());

type Role = keyof TestTenant["users"];
const bearer = (tenant: TestTenant, role: Role) => cachedSignIn(tenant.subdomain, tenant.users[role]);
const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#0A66C2" } })
    .png()
    .toBuffer();
const stored = (organizationId: string) =>
  readdir(path.join(process.env.UPLOAD_DIR!, "content-images", organizationId)).catch(() => [] as string[]);

async function upload(tenant: TestTenant, role: Role | null, file: Blob) {
  return call(tenant.subdomain, "/api/content-images", {
    method: "POST",
    bearer: role ? await bearer(tenant, role) : undefined,
    ...(await multipartBody({ image: file })),
  });
}

async function uploaded(tenant: TestTenant, role: Role = "instructor"): Promise<string> {
  const res = await upload(tenant, role, new Blob([await picture(40, 30)], { type: "image/png" }));
  expect(res.status, res.text).toBe(201);
  return res.json.url as string;
}

const URL_OF = (organizationId: string) =>
  new RegExp(
    `^/uploads/content-images/${organizationId}/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}\\.webp$`,
  );

describe("POST /api/content-images", () => {
  it("as instructor, org_admin and admin → 201 { url }: a WebP of the organization, at most 1600 px wide", async () => {
    const res = await upload(acme, "instructor", new Blob([await picture(2400, 1200)], { type: "image/png" }));
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.json)).toEqual(["url"]);
    expect(res.json.url).toMatch(URL_OF(acme.id));
    const served = await call(acme.subdomain, res.json.url as string, { bearer: await bearer(acme, "learner") });
    expect(await sharp(served.body).metadata()).toMatchObject({ format: "webp", width: 1600, height: 800 });

    for (const role of ["org_admin", "admin"] as const) expect(await uploaded(acme, role)).toMatch(URL_OF(acme.id));
  });

  it("never enlarges a small image", async () => {
    const url = await uploaded(acme);
    const served = await call(acme.subdomain, url, { bearer: await bearer(acme, "admin") });
    expect(await sharp(served.body).metadata()).toMatchObject({ format: "webp", width: 40, height: 30 });
  });

  it("as learner → 403, anonymous → 401, and nothing is stored", async () => {
    const before = await stored(acme.id);
    const png = new Blob([await picture(10, 10)], { type: "image/png" });
    const learner = await upload(acme, "learner", png);
    expect(learner.status).toBe(403);
    expect(learner.json.error).toMatchObject({ code: "FORBIDDEN" });
    expect((await upload(acme, null, png)).status).toBe(401);
    expect(await stored(acme.id)).toEqual(before);
  });

  it("an SVG (whatever it claims to be) → 415, too large → 413, no file → 400; nothing stored", async () => {
    const before = await stored(acme.id);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>';
    const refusedSvg = await upload(acme, "instructor", new Blob([svg], { type: "image/png" }));
    expect(refusedSvg.status).toBe(415);
    expect(refusedSvg.json.error).toMatchObject({
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: "The image must be a JPEG, PNG, WebP or GIF image",
    });
    // The test server allows 1 MB (CONTENT_IMAGE_MAX_BYTES).
    const big = Buffer.concat([await picture(10, 10), Buffer.alloc(1024 * 1024)]);
    const tooLarge = await upload(acme, "instructor", new Blob([big], { type: "image/png" }));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json.error).toMatchObject({ code: "PAYLOAD_TOO_LARGE", message: "The image must be at most 1 MB" });
    const none = await call(acme.subdomain, "/api/content-images", {
      method: "POST",
      bearer: await bearer(acme, "instructor"),
      ...(await multipartBody({ other: new Blob(["x"]) })),
    });
    expect(none.status).toBe(400);
    expect(await stored(acme.id)).toEqual(before);
  });
});

describe("GET /uploads/content-images/…", () => {
  it("serves the organization's signed-in members on its host, privately and for good", async () => {
    const url = await uploaded(acme);
    for (const role of ["learner", "instructor", "org_admin", "admin"] as const) {
      const res = await call(acme.subdomain, url, { bearer: await bearer(acme, role) });
      expect(res.status, role).toBe(200);
      expect(res.headers["content-type"]).toBe("image/webp");
      expect(res.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    }
  });

  it("is a 404 to anyone else: anonymous, another organization (on either host), the apex", async () => {
    const url = await uploaded(acme);
    expect((await call(acme.subdomain, url)).status).toBe(404);
    expect((await call(globex.subdomain, url, { bearer: await bearer(globex, "admin") })).status).toBe(404);
    expect((await call(acme.subdomain, url, { bearer: await bearer(globex, "admin") })).status).toBe(404);
    expect((await call(null, url)).status).toBe(404);
    // Globex's own image is no more reachable from Acme's host by Acme's members.
    const theirs = await uploaded(globex);
    expect((await call(acme.subdomain, theirs, { bearer: await bearer(acme, "admin") })).status).toBe(404);
    expect((await call(globex.subdomain, theirs, { bearer: await bearer(globex, "learner") })).status).toBe(200);
  });

  it("reads no other name below the organization's folder", async () => {
    const url = await uploaded(acme);
    const admin = { bearer: await bearer(acme, "admin") };
    for (const other of [
      url.replace(/\.webp$/, ".png"),
      url.replace(/[0-9a-f]{8}-/, "nothere-"),
      `/uploads/content-images/${acme.id}/..%2f..%2fthumbnails`,
      `/uploads/content-images/${acme.id}`,
    ])
      expect((await call(acme.subdomain, other, admin)).status, other).toBe(404);
  });
});

describe("rich text keeps the organization's own images only", () => {
  const others = (own: string, theirs: string) =>
    `<img src="https://example.org/track.png" alt="external"><img src="data:image/png;base64,iVBORw0KGgo=" alt="inline"><img src="${theirs}" alt="theirs"><img src="${own}" alt="A cell" width="120">`;

  it("in a question's stem and feedback", async () => {
    const [own, theirs] = [await uploaded(acme), await uploaded(globex)];
    const bank = await callAs(acme.subdomain, acme.users.instructor, "/api/question-banks", {
      json: { name: uniqueName("Bank ") },
    });
    const created = await callAs(
      acme.subdomain,
      acme.users.instructor,
      `/api/question-banks/${bank.json.id as string}/questions`,
      {
        json: {
          type: "true_false",
          name: "Cell",
          stem: `<p>Is this a cell? ${others(own, theirs)}</p>`,
          correct: true,
          general_feedback: `<p>${others(own, theirs)}</p>`,
        },
      },
    );
    expect(created.status, created.text).toBe(201);
    const kept = `<img src="${own}" alt="A cell" width="120" />`;
    expect(created.json.current.content).toMatchObject({
      stem: `<p>Is this a cell? ${kept}</p>`,
      general_feedback: `<p>${kept}</p>`,
    });
  });

  it("in a lesson's text; not in a course's description (the public catalog shows it)", async () => {
    const [own, theirs] = [await uploaded(acme), await uploaded(globex)];
    const course = await createCourse(acme.id, { modules: [{ lessons: [{ kind: "text" }] }] });
    const lesson = course.lessons[0]!;
    const patched = await callAs(acme.subdomain, acme.users.admin, `/api/courses/${course.id}/lessons/${lesson.id}`, {
      method: "PATCH",
      json: { body: `<p>${others(own, theirs)}</p>` },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.json.body).toBe(`<p><img src="${own}" alt="A cell" width="120" /></p>`);
    const described = await callAs(acme.subdomain, acme.users.admin, `/api/courses/${course.id}`, {
      method: "PATCH",
      json: { description: `<p>About ${others(own, theirs)}</p>` },
    });
    expect(described.status, described.text).toBe(200);
    expect(described.json.description).toBe("<p>About </p>");
  });

  it("in a quiz: the learner's attempt and its review show them as stored", async () => {
    const own = await uploaded(acme);
    const img = `<img src="${own}" alt="A cell" />`;
    const bankId = await createQuestionBank(acme, acme.users.instructor);
    const questionId = await createQuestion(acme, acme.users.instructor, bankId, {
      type: "single_choice",
      stem: `<p>Which is this? ${img}</p>`,
      general_feedback: `<p>It is this: ${img}</p>`,
      choices: [
        { id: "cell", text: `<p>${img}</p>`, fraction: 1 },
        { id: "none", text: "Neither", fraction: 0 },
      ],
    });
    const quiz = await createQuizLesson(acme, {
      review: { marks: "after_submission", correct_answers: "after_submission", feedback: "after_submission" },
      slots: [{ kind: "fixed", question_id: questionId, mark: 1 }],
    });
    const base = `/api/courses/${quiz.course.id}/lessons/${quiz.lessonId}/quiz`;
    const started = await callAs(acme.subdomain, acme.users.learner, `${base}/attempts`, { method: "POST" });
    expect(started.status, started.text).toBe(200);
    const shown = started.json.questions[0].question;
    expect(shown.stem).toBe(`<p>Which is this? ${img}</p>`);
    expect(shown.choices.find((c: { id: string }) => c.id === "cell").text).toBe(`<p>${img}</p>`);

    const submitted = await callAs(acme.subdomain, acme.users.learner, `/api/quiz-attempts/${started.json.id}/submit`, {
      json: { session: started.json.session },
    });
    expect(submitted.status, submitted.text).toBe(200);
    const review = await callAs(acme.subdomain, acme.users.learner, `/api/quiz-attempts/${started.json.id}/review`);
    expect(review.status, review.text).toBe(200);
    expect(review.json.questions[0].feedback.general).toBe(`<p>It is this: ${img}</p>`);
    expect((await call(acme.subdomain, own, { bearer: await bearer(acme, "learner") })).status).toBe(200);
  });
});
