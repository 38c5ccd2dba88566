import { describe, expect, it } from "vitest";

// With the S3 driver configured and the store not answering, readiness fails on storage, in a sentence
// that names no host. (Set before lib/env.ts reads the environment.)
process.env.DATABASE_URL = "postgres://postgres:hunter2@127.0.0.1:9/nowhere";
process.env.STORAGE_DRIVER = "s3";
process.env.S3_BUCKET = "lms-files";
process.env.S3_ENDPOINT = "http://127.0.0.1:9";
process.env.S3_FORCE_PATH_STYLE = "true";
process.env.AWS_ACCESS_KEY_ID = "readiness-test";
process.env.AWS_SECRET_ACCESS_KEY = "readiness-test";
const { checkReadiness } = await import("@/lib/ops/readiness");

describe("checkReadiness with an object store", () => {
  it("fails the storage check when the bucket does not answer", async () => {
    const readiness = await checkReadiness();
    expect(readiness.ready).toBe(false);
    expect(readiness.checks.find((check) => check.name === "storage")).toEqual({
      name: "storage",
      ok: false,
      message: "The file storage does not answer",
    });
    expect(JSON.stringify(readiness)).not.toMatch(/127\.0\.0\.1|lms-files/);
  });
});
