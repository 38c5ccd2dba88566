import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyObjects } from "@/lib/storage/copy";
import type { StorageDriver } from "@/lib/storage/driver";
import { localStorageDriver } from "@/lib/storage/local-storage";
import { s3StorageDriver } from "@/lib/storage/s3-storage";
import { startLocalS3, type LocalS3 } from "@/scripts/lib/s3-server";

// Moving an installation's files from local disk to a bucket: everything arrives, a second run copies
// nothing, a run after an interruption copies only what is missing; and `npm run storage:copy` does it.

let scratch: string;
let s3: LocalS3;
let local: StorageDriver;
let bucket: StorageDriver;

const put = (driver: StorageDriver, key: string, value: string) => driver.put(key, Readable.from([Buffer.from(value)]));

async function contents(driver: StorageDriver): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for await (const { key } of driver.list("")) {
    const chunks: Uint8Array[] = [];
    for await (const chunk of (await driver.read(key)).stream() as unknown as AsyncIterable<Uint8Array>)
      chunks.push(chunk);
    found[key] = Buffer.concat(chunks).toString();
  }
  return found;
}

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), "lms-copy-"));
  s3 = await startLocalS3("lms-copy");
  local = localStorageDriver(path.join(scratch, "uploads"));
  bucket = s3StorageDriver({
    bucket: s3.bucket,
    region: "us-east-1",
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: s3.credentials,
  });
  await put(local, "avatars/platform/u1.webp", "avatar");
  await put(local, "logos/o1/l.png", "logo");
  await put(local, "scorm/p1/index.html", "<html>");
  await put(local, "scorm/p1/Übung 1.html", "übung");
});
afterAll(async () => {
  await s3?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

describe("copyObjects", () => {
  it("resumes: copies only what the target lacks, then nothing on a second run", async () => {
    // An earlier run that stopped after one file.
    await put(bucket, "logos/o1/l.png", "logo");
    const first = await copyObjects(local, bucket);
    expect(first).toEqual({ copied: 3, copiedBytes: 6 + 6 + 6, skipped: 1, failed: [] });
    expect(await contents(bucket)).toEqual({
      "avatars/platform/u1.webp": "avatar",
      "logos/o1/l.png": "logo",
      "scorm/p1/index.html": "<html>",
      "scorm/p1/Übung 1.html": "übung",
    });
    expect(await copyObjects(local, bucket)).toEqual({ copied: 0, copiedBytes: 0, skipped: 4, failed: [] });
  });

  it("runs as npm run storage:copy, configured like the app, and reports what it copied", async () => {
    await put(local, "thumbnails/o1/c1.webp", "thumb");
    const { stdout } = await promisify(execFile)(
      "npm",
      ["run", "--silent", "storage:copy", "--", "--from", "local", "--to", "s3"],
      {
        env: { ...process.env, ...s3.env, STORAGE_DRIVER: "local", UPLOAD_DIR: path.join(scratch, "uploads") },
      },
    );
    expect(stdout).toContain("copied: thumbnails/o1/c1.webp");
    expect(stdout).toContain("Copied 1 file(s) (5 bytes), skipped 4 already there, 0 failed.");
    expect((await contents(bucket))["thumbnails/o1/c1.webp"]).toBe("thumb");
  }, 60_000);
});
