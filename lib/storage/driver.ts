import type { Readable } from "node:stream";
import { AppError } from "@/lib/errors";
import { byteLimit } from "@/lib/storage/byte-limit";
import type { ByteRange } from "@/lib/storage/byte-range";

// What every storage driver does (local disk, an S3-compatible bucket). Callers never see which one
// runs: they use lib/storage/store.ts. Keys are checked by lib/storage/keys.ts before they get here.

export interface StoredObject {
  size: number;
  modifiedAt: Date;
  /** A strong validator of the object's bytes, quoted as in an HTTP ETag header. */
  etag: string;
  /** The whole object, or the inclusive byte range [start, end]. */
  stream: (range?: ByteRange) => ReadableStream<Uint8Array>;
}

export interface SizeLimit {
  maxBytes: number;
  tooLarge: () => Error;
}

export interface StorageDriver {
  readonly kind: "local" | "s3";
  /**
   * Streams `data` to `key` (readers never see half an object) and answers its size. A stream past
   * `limit` fails with its `tooLarge()`, an error of the source stream fails with that error, and
   * either leaves no object behind.
   */
  put(key: string, data: Readable, limit?: SizeLimit): Promise<number>;
  /** A NOT_FOUND AppError when there is no such object. */
  read(key: string): Promise<StoredObject>;
  /** Nothing happens when there is no such object. */
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix` + "/" (a folder of keys). */
  deletePrefix(prefix: string): Promise<void>;
  /** Every object below `prefix` ("" for all), in no promised order. */
  list(prefix: string): AsyncIterable<{ key: string; size: number }>;
  /** Whether the store answers (the readiness check): the disk folder is writable, the bucket is reachable. */
  isReady(): Promise<boolean>;
}

export const STORAGE_UNAVAILABLE_MESSAGE = "File storage is unavailable. Try again in a moment.";

/** The store did not answer, or refused: the request may work again shortly. */
export function storageUnavailable(cause: unknown): AppError {
  return new AppError("STORAGE_UNAVAILABLE", STORAGE_UNAVAILABLE_MESSAGE, { cause });
}

export const fileNotFound = () => new AppError("NOT_FOUND", "File not found");

/**
 * An upload on its way to a driver: `body` is `data` under the size limit; `size()` counts what went
 * through; `callerError()` is why the upload itself failed (its source broke, it was too large), so a
 * driver can tell those, which it passes on, from its own failures, which are STORAGE_UNAVAILABLE.
 */
export function measuredUpload(
  data: Readable,
  limit?: SizeLimit,
): { body: Readable; size: () => number; callerError: () => unknown } {
  let size = 0;
  let failure: unknown;
  const body = byteLimit(limit?.maxBytes ?? Infinity, () => {
    failure ??= limit!.tooLarge();
    return failure as Error;
  });
  data
    .on("data", (chunk: Buffer) => (size += chunk.length))
    .on("error", (error) => {
      failure ??= error;
      body.destroy(error);
    });
  data.pipe(body);
  // The consumer (a file write, a multipart upload) fails on its own with this error; once it has let go
  // of the stream, a late repeat of the error must not become an uncaught exception.
  body.on("error", () => undefined);
  return { body, size: () => size, callerError: () => failure };
}
