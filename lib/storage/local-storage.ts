import { constants, createReadStream, createWriteStream } from "node:fs";
import { access, mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { byteLimit } from "@/lib/storage/byte-limit";
import type { ByteRange } from "@/lib/storage/byte-range";

// Uploaded files on local disk below UPLOAD_DIR, served at /uploads/{key}. The only module that knows
// where files live; swap it for an object store without touching callers.

const root = () => path.resolve(env.UPLOAD_DIR);

/**
 * Whether one path segment of a key is safe on any disk: not empty, not "." or "..", at most 255 bytes,
 * and free of separators, control characters and the characters Windows reserves. Spaces and any
 * other Unicode are fine (package files are named "Course Overview.html", "Übung 1.html").
 */
export function isSafeSegment(segment: string): boolean {
  if (!segment || segment === "." || segment === "..") return false;
  if (Buffer.byteLength(segment) > 255 || segment !== segment.normalize("NFC")) return false;
  return !/[\/\\:*?"<>|\u0000-\u001f\u007f]/.test(segment) && !/[. ]$/.test(segment);
}

/** Keys are relative POSIX paths of safe segments; anything else could escape the storage root. */
function resolveKey(key: string): string {
  const segments = key.split("/");
  if (!segments.length || !segments.every(isSafeSegment)) throw new AppError("NOT_FOUND", "File not found");
  const target = path.join(root(), ...segments);
  // Belt and braces: whatever the segments were, the result must lie below the root.
  if (!target.startsWith(root() + path.sep)) throw new AppError("NOT_FOUND", "File not found");
  return target;
}

/** Whether a key would be accepted (checked before any write of a batch, so a bad name writes nothing). */
export function isValidKey(key: string): boolean {
  try {
    resolveKey(key);
    return true;
  } catch {
    return false;
  }
}

/** Whether the storage root exists and this process may write below it (the readiness check). */
export async function isStorageWritable(): Promise<boolean> {
  try {
    await mkdir(root(), { recursive: true });
    await access(root(), constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

export function publicUrl(key: string): string {
  return `/uploads/${key}`;
}

export async function putObject(key: string, data: Buffer): Promise<string> {
  const target = resolveKey(key);
  await mkdir(path.dirname(target), { recursive: true });
  // Write then rename, so a reader never sees half a file.
  const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temp, data);
  await rename(temp, target);
  return publicUrl(key);
}

/**
 * Streams data into a file (through a temporary name, so a reader never sees half a file); returns its
 * size. With `limit`, a stream past `maxBytes` fails with `tooLarge()` and leaves no file behind.
 */
export async function putObjectStream(
  key: string,
  data: Readable,
  limit?: { maxBytes: number; tooLarge: () => Error },
): Promise<number> {
  const target = resolveKey(key);
  await mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
  let size = 0;
  data.on("data", (chunk: Buffer) => (size += chunk.length));
  try {
    const file = createWriteStream(temp, { flags: "wx" });
    await (limit ? pipeline(data, byteLimit(limit.maxBytes, limit.tooLarge), file) : pipeline(data, file));
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return size;
}

export async function deleteObject(key: string): Promise<void> {
  await rm(resolveKey(key), { force: true });
}

/** Deletes every object below a prefix (a folder of keys), e.g. one extracted package. */
export async function deletePrefix(prefix: string): Promise<void> {
  await rm(resolveKey(prefix.replace(/\/+$/, "")), { recursive: true, force: true });
}

export interface StoredObject {
  size: number;
  modifiedAt: Date;
  /** The whole file, or the inclusive byte range [start, end]. */
  stream: (range?: ByteRange) => ReadableStream<Uint8Array>;
}

export async function readObject(key: string): Promise<StoredObject> {
  const file = resolveKey(key);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new AppError("NOT_FOUND", "File not found");
  return {
    size: info.size,
    modifiedAt: info.mtime,
    stream: (range) => Readable.toWeb(createReadStream(file, range)) as ReadableStream<Uint8Array>,
  };
}

/** The key of a URL this module produced, or null for external URLs. */
export function keyFromUrl(url: string | null | undefined): string | null {
  return url?.startsWith("/uploads/") ? url.slice("/uploads/".length) : null;
}
