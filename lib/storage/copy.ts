import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { AppError } from "@/lib/errors";
import type { StorageDriver } from "@/lib/storage/driver";

// Copies every object of one store to another (an installation moving its files from local disk to a
// bucket). An object the target already holds at the same size is skipped, so the copy can be run
// again after an interruption, or while the old store still takes uploads, and does only what is left.
// Objects are written whole or not at all (each driver's put), so a stopped copy leaves no half object.

export interface CopyReport {
  copied: number;
  copiedBytes: number;
  skipped: number;
  failed: { key: string; reason: string }[];
}

export async function copyObjects(
  from: StorageDriver,
  to: StorageDriver,
  onObject: (key: string, outcome: "copied" | "skipped" | "failed") => void = () => undefined,
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, copiedBytes: 0, skipped: 0, failed: [] };
  for await (const { key, size } of from.list("")) {
    try {
      if ((await sizeAt(to, key)) === size) {
        report.skipped += 1;
        onObject(key, "skipped");
        continue;
      }
      const source = await from.read(key);
      const written = await to.put(key, Readable.fromWeb(source.stream() as NodeReadableStream<Uint8Array>));
      report.copied += 1;
      report.copiedBytes += written;
      onObject(key, "copied");
    } catch (error) {
      report.failed.push({ key, reason: error instanceof Error ? error.message : String(error) });
      onObject(key, "failed");
    }
  }
  return report;
}

/** The size of the target's object, or null when it has none. */
async function sizeAt(driver: StorageDriver, key: string): Promise<number | null> {
  try {
    return (await driver.read(key)).size;
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") return null;
    throw error;
  }
}
