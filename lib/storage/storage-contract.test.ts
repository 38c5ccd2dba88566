import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import type { StorageDriver } from "@/lib/storage/driver";
import { localStorageDriver } from "@/lib/storage/local-storage";
import { s3StorageDriver } from "@/lib/storage/s3-storage";
import { startLocalS3, type LocalS3 } from "@/scripts/lib/s3-server";

// One contract, both drivers: local disk in a scratch folder, and the S3 driver through the AWS SDK
// against an S3-compatible server (s3rver) on loopback. What passes here is what the app relies on.

const text = (value: string) => Readable.from([Buffer.from(value)]);

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function keysBelow(driver: StorageDriver, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of driver.list(prefix)) keys.push(key);
  return keys.sort();
}

async function errorOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => new Error("expected a failure"),
    (error: unknown) => error,
  );
}

let scratch: string;
let s3: LocalS3;
const drivers: Record<"local" | "s3", () => StorageDriver> = {
  local: () => localStorageDriver(path.join(scratch, "uploads")),
  s3: () =>
    s3StorageDriver({
      bucket: s3.bucket,
      region: "us-east-1",
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: s3.credentials,
    }),
};

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), "lms-storage-"));
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

describe.each(["local", "s3"] as const)("the %s storage driver", (kind) => {
  let driver: StorageDriver;
  beforeAll(() => {
    driver = drivers[kind]();
  });

  it("answers that it is ready", async () => {
    expect(await driver.isReady()).toBe(true);
  });

  it("stores a stream and reads it back whole and by range, with its size, time and ETag", async () => {
    const before = Date.now() - 5_000;
    expect(await driver.put("avatars/platform/a.webp", text("0123456789"))).toBe(10);
    const object = await driver.read("avatars/platform/a.webp");
    expect(object.size).toBe(10);
    expect(object.etag).toMatch(/^"[^"]+"$/);
    expect(object.modifiedAt.getTime()).toBeGreaterThan(before);
    expect((await bytesOf(object.stream())).toString()).toBe("0123456789");
    expect((await bytesOf(object.stream({ start: 2, end: 4 }))).toString()).toBe("234");
    expect((await bytesOf(object.stream({ start: 9, end: 9 }))).toString()).toBe("9");
  });

  it("streams an upload larger than one part (multipart on S3) and gives the same bytes back", async () => {
    const chunk = Buffer.alloc(1024 * 1024);
    const parts = Array.from({ length: 9 }, (_, i) => Buffer.from(chunk.fill(i + 1)));
    const expected = createHash("sha256").update(Buffer.concat(parts)).digest("hex");
    expect(await driver.put("lessons/org/big", Readable.from(parts))).toBe(9 * 1024 * 1024);
    const object = await driver.read("lessons/org/big");
    expect(object.size).toBe(9 * 1024 * 1024);
    expect(
      createHash("sha256")
        .update(await bytesOf(object.stream()))
        .digest("hex"),
    ).toBe(expected);
  });

  it("keeps names with spaces and other Unicode as they are", async () => {
    await driver.put("scorm/p-unicode/Übung 1.html", text("<p>Ü</p>"));
    expect(await keysBelow(driver, "scorm/p-unicode/")).toEqual(["scorm/p-unicode/Übung 1.html"]);
    expect((await bytesOf((await driver.read("scorm/p-unicode/Übung 1.html")).stream())).toString()).toBe("<p>Ü</p>");
  });

  it("answers NOT_FOUND for a missing object and for a key that could escape", async () => {
    for (const key of ["nothing/here.txt", "scorm/../../etc/passwd", "/etc/passwd"]) {
      const error = await errorOf(driver.read(key));
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe("NOT_FOUND");
    }
  });

  it("refuses an upload past its limit with the caller's error and leaves no object", async () => {
    const tooLarge = new AppError("PAYLOAD_TOO_LARGE", "too large");
    const data = Readable.from([Buffer.alloc(4096), Buffer.alloc(4096)]);
    expect(await errorOf(driver.put("lessons/limit/file", data, { maxBytes: 5000, tooLarge: () => tooLarge }))).toBe(
      tooLarge,
    );
    expect(await keysBelow(driver, "lessons/limit/")).toEqual([]);
  });

  it("passes on the error of a source that breaks mid-upload and leaves no object", async () => {
    const broken = new Error("the client went away");
    const data = Readable.from(
      (async function* () {
        yield Buffer.alloc(1024);
        throw broken;
      })(),
    );
    expect(await errorOf(driver.put("lessons/broken/file", data))).toBe(broken);
    expect(await keysBelow(driver, "lessons/broken/")).toEqual([]);
  });

  it("deletes one object (a missing one quietly) and a whole folder of keys, not its neighbours", async () => {
    await driver.put("scorm/p1/index.html", text("a"));
    await driver.put("scorm/p1/js/app.js", text("b"));
    await driver.put("scorm/p10/index.html", text("c"));
    await driver.put("logos/o/x.png", text("d"));
    await driver.delete("logos/o/x.png");
    await driver.delete("logos/o/never-was.png");
    expect(await keysBelow(driver, "logos/")).toEqual([]);
    await driver.deletePrefix("scorm/p1");
    expect(await keysBelow(driver, "scorm/p1")).toEqual(["scorm/p10/index.html"]);
  });

  it("lists every object below a prefix with its size", async () => {
    await driver.put("thumbnails/o/c1.webp", text("12345"));
    await driver.put("thumbnails/o/c2.webp", text("1"));
    const listed: { key: string; size: number }[] = [];
    for await (const entry of driver.list("thumbnails/")) listed.push(entry);
    expect(listed.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: "thumbnails/o/c1.webp", size: 5 },
      { key: "thumbnails/o/c2.webp", size: 1 },
    ]);
  });
});

describe("the s3 driver when the store is down or silent", () => {
  let silent: Server;
  const sockets: Socket[] = [];
  let silentPort: number;
  beforeAll(async () => {
    // Accepts connections and never answers: a store that hangs.
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    silentPort = (silent.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  const driverAt = (endpoint: string) =>
    s3StorageDriver({ bucket: "b", region: "us-east-1", endpoint, forcePathStyle: true, credentials: s3.credentials });

  it("answers STORAGE_UNAVAILABLE at once when nothing listens", async () => {
    const down = driverAt("http://127.0.0.1:9");
    for (const attempt of [() => down.read("a/b"), () => down.put("a/b", text("x")), () => down.delete("a/b")]) {
      const error = await errorOf(attempt());
      expect((error as AppError).code).toBe("STORAGE_UNAVAILABLE");
      expect((error as AppError).status).toBe(503);
      expect((error as AppError).message).toBe("File storage is unavailable. Try again in a moment.");
    }
    expect(await down.isReady()).toBe(false);
  });

  it("answers a read STORAGE_UNAVAILABLE within its timeout when the store hangs", async () => {
    const hanging = driverAt(`http://127.0.0.1:${silentPort}`);
    const started = Date.now();
    const error = await errorOf(hanging.read("a/b"));
    expect((error as AppError).code).toBe("STORAGE_UNAVAILABLE");
    // The lookup gives up after 5 s; the rest is slack for a loaded machine.
    expect(Date.now() - started).toBeLessThan(9_000);
    expect(await hanging.isReady()).toBe(false);
  }, 20_000);
});
