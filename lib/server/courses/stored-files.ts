import "server-only";
import { logger } from "@/lib/log/logger";
import { keyFromUrl } from "@/lib/storage/keys";
import { deleteObject, deletePrefix } from "@/lib/storage/store";

/**
 * Removes files whose rows are gone. Called after the transaction commits: a failed delete leaves an
 * orphan file (harmless), never a row pointing at a missing file.
 */
export async function removeStoredFiles(files: {
  urls?: (string | null)[];
  keys?: (string | null)[];
  prefixes?: string[];
}): Promise<void> {
  const keys = [...(files.urls ?? []).map(keyFromUrl), ...(files.keys ?? [])].filter((k): k is string => Boolean(k));
  await Promise.all([
    ...keys.map((key) =>
      deleteObject(key).catch((error: unknown) =>
        logger().error({ key, err: error }, "Could not delete a stored file"),
      ),
    ),
    // Extracted SCORM packages: a folder each.
    ...(files.prefixes ?? []).map((prefix) =>
      deletePrefix(prefix).catch((error: unknown) =>
        logger().error({ prefix, err: error }, "Could not delete the stored files below a prefix"),
      ),
    ),
  ]);
}
