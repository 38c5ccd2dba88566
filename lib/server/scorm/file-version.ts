import "server-only";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { logger } from "@/lib/log/logger";

/**
 * A short hash of a file, for a URL that must change when the file does (`?v=…`): read once and kept. A
 * file that cannot be read gives "missing" and is looked for again next time (a build still being
 * written must not be remembered as absent for the life of the process), each miss logged.
 */
export function fileVersion(file: string): () => string {
  let version: string | null = null;
  return () => {
    if (version !== null) return version;
    try {
      version = createHash("sha256").update(readFileSync(file)).digest("hex").slice(0, 16);
      return version;
    } catch (error) {
      logger().error({ file, err: error }, "A file the app serves could not be read");
      return "missing";
    }
  };
}
