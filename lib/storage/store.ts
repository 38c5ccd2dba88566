import { Readable } from "node:stream";
import { env } from "@/lib/env";
import type { SizeLimit, StorageDriver, StoredObject } from "@/lib/storage/driver";
import { publicUrl } from "@/lib/storage/keys";
import { localStorageDriver } from "@/lib/storage/local-storage";
import { s3StorageDriver } from "@/lib/storage/s3-storage";

// The one way to store and read uploaded files (avatars, logos, thumbnails, lesson files, SCORM
// packages): the driver STORAGE_DRIVER names, local disk by default. Callers never touch a disk path.

let driver: StorageDriver | undefined;

/** The configured driver, made once per process. */
export function storage(): StorageDriver {
  driver ??= storageDriver(env.STORAGE_DRIVER);
  return driver;
}

/** A driver of either kind from the environment's settings, whichever STORAGE_DRIVER says (storage:copy uses both). */
export function storageDriver(kind: StorageDriver["kind"]): StorageDriver {
  if (kind === "local") return localStorageDriver(env.UPLOAD_DIR);
  if (!env.S3_BUCKET) throw new Error("S3_BUCKET is not set: name the bucket to use the S3 storage driver.");
  return s3StorageDriver({
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  });
}

/** Stores bytes already in memory (our own re-encoded images) and answers their public URL. */
export async function putObject(key: string, data: Buffer): Promise<string> {
  await storage().put(key, Readable.from([data]));
  return publicUrl(key);
}

/** Streams data to storage and answers its size; see StorageDriver.put. */
export function putObjectStream(key: string, data: Readable, limit?: SizeLimit): Promise<number> {
  return storage().put(key, data, limit);
}

export function readObject(key: string): Promise<StoredObject> {
  return storage().read(key);
}

export function deleteObject(key: string): Promise<void> {
  return storage().delete(key);
}

/** Deletes every object below a prefix (a folder of keys), e.g. one extracted package. */
export function deletePrefix(prefix: string): Promise<void> {
  return storage().deletePrefix(prefix);
}

export function isStorageReady(): Promise<boolean> {
  return storage().isReady();
}
