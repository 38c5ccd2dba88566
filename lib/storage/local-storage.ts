import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { ByteRange } from "@/lib/storage/byte-range";

// Uploaded files on local disk below UPLOAD_DIR, served at /uploads/{key}. The only module that knows
// where files live; swap it for an object store without touching callers.

const root = () => path.resolve(env.UPLOAD_DIR);

/** Keys are relative POSIX paths of safe segments; anything else could escape the storage root. */
function resolveKey(key: string): string {
  const segments = key.split("/");
  if (!segments.length || segments.some((s) => !/^[A-Za-z0-9._-]+$/.test(s) || s === "." || s === "..")) {
    throw new AppError("NOT_FOUND", "File not found");
  }
  return path.join(root(), ...segments);
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

export async function deleteObject(key: string): Promise<void> {
  await rm(resolveKey(key), { force: true });
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
