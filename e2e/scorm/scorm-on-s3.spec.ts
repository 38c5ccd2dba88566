import { expect, test } from "@playwright/test";
import { startLocalS3, type LocalS3 } from "@/scripts/lib/s3-server";
import { startAppServerChild, type AppServerChild } from "@/test/app-server-child";
import {
  acceptDialogs,
  createScormCourse,
  expectAllSaved,
  expectContentPage,
  expectScoInitialized,
  scoFrame,
  scoState,
  signInLearner,
  uploadAsInstructor,
  type ScormCourse,
} from "./support";
import { forgetSession } from "../support";

// The SCORM upload-and-play journey once more with STORAGE_DRIVER=s3: a second app process on the test
// database whose files live in an S3-compatible bucket (s3rver on loopback). The package is extracted
// into the bucket and its pages reach the browser from there, through the content host.

test.slow();

test.describe("SCORM on S3-compatible object storage", () => {
  test.describe.configure({ mode: "serial" });
  let s3: LocalS3;
  let app: AppServerChild;
  let setup: ScormCourse;
  const testPort = process.env.TEST_PORT;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    const port = Number(testPort ?? 3100) + 78;
    s3 = await startLocalS3("lms-e2e");
    app = await startAppServerChild(port, s3.env);
    // The support functions address the server on TEST_PORT: this file's pages go to the S3 app.
    process.env.TEST_PORT = String(port);
    setup = await createScormCourse("Golf on S3");
  });

  test.afterAll(async () => {
    process.env.TEST_PORT = testPort;
    app?.process.kill("SIGTERM");
    await app?.exited;
    await s3?.stop();
  });

  test("the instructor uploads the package and the learner plays it from the bucket", async ({ page }) => {
    await uploadAsInstructor(
      page,
      setup,
      "golf-scorm12-runtime-basic-singlesco.zip",
      /Golf Explained - Run-time Basic Calls · SCORM 1\.2 · version 1 · 1 SCO$/,
    );
    acceptDialogs(page);
    await forgetSession(page);
    await signInLearner(page, setup);
    await page.goto(setup.lessonUrl);
    await expectScoInitialized(page);
    const sco = scoFrame(page, "Golf Explained");
    await expectContentPage(sco, /Playing\/Playing\.html$/);
    await sco.getByRole("button", { name: "Next ->" }).click();
    await expectContentPage(sco, /Playing\/Par\.html$/);
    await expectAllSaved(page);
    await expect.poll(() => scoState(setup)).not.toBeNull();
  });
});
