import { constants, createReadStream, createWriteStream } from "node:fs";
import { access, mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  fileNotFound,
  measuredUpload,
  storageUnavailable,
  type SizeLimit,
  type StorageDriver,
} from "@/lib/storage/driver";
import { isValidKey } from "@/lib/storage/keys";

// Stored objects as files below one folder (UPLOAD_DIR): the default driver, for one machine.

/** Objects are written under a temporary name beside their key, then renamed: never listed or served. */
const TEMP_SUFFIX = ".tmp";

export function localStorageDriver(rootFolder: string): StorageDriver {
  const root = path.resolve(rootFolder);

  /** Keys are relative POSIX paths of safe segments; anything else could escape the storage root. */
  function resolveKey(key: string): string {
    if (!isValidKey(key)) throw fileNotFound();
    const target = path.join(root, ...key.split("/"));
    // Belt and braces: whatever the segments were, the result must lie below the root.
    if (!target.startsWith(root + path.sep)) throw fileNotFound();
    return target;
  }

  async function put(key: string, data: Readable, limit?: SizeLimit): Promise<number> {
    const target = resolveKey(key);
    const temp = `${target}.${process.pid}.${Date.now()}${TEMP_SUFFIX}`;
    const upload = measuredUpload(data, limit);
    try {
      await mkdir(path.dirname(target), { recursive: true });
      await pipeline(upload.body, createWriteStream(temp, { flags: "wx" }));
      await rename(temp, target);
    } catch (error) {
      data.destroy();
      await rm(temp, { force: true }).catch(() => undefined);
      throw upload.callerError() ?? storageUnavailable(error);
    }
    return upload.size();
  }

  async function* walk(folder: string): AsyncGenerator<{ key: string; size: number }> {
    const entries = await readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return [];
      throw storageUnavailable(error);
    });
    for (const entry of entries) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) yield* walk(full);
      else if (entry.isFile() && !entry.name.endsWith(TEMP_SUFFIX))
        yield { key: path.relative(root, full).split(path.sep).join("/"), size: (await stat(full)).size };
    }
  }

  return {
    kind: "local",
    put,
    async read(key) {
      const file = resolveKey(key);
      const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT" || error.code === "ENOTDIR") return null;
        throw storageUnavailable(error);
      });
      if (!info?.isFile()) throw fileNotFound();
      return {
        size: info.size,
        modifiedAt: info.mtime,
        // Objects are never rewritten in place (a new upload is a new key): size and time identify the bytes.
        etag: `"${info.size.toString(16)}-${Math.trunc(info.mtimeMs).toString(16)}"`,
        stream: (range) => Readable.toWeb(createReadStream(file, range)) as ReadableStream<Uint8Array>,
      };
    },
    async delete(key) {
      await rm(resolveKey(key), { force: true });
    },
    async deletePrefix(prefix) {
      await rm(resolveKey(prefix.replace(/\/+$/, "")), { recursive: true, force: true });
    },
    async *list(prefix) {
      // A prefix, as on S3, need not end at a folder: walk the folder it lies in and keep what matches.
      const folder = prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/")) : "";
      for await (const entry of walk(folder ? resolveKey(folder) : root)) if (entry.key.startsWith(prefix)) yield entry;
    },
    async isReady() {
      try {
        await mkdir(root, { recursive: true });
        await access(root, constants.W_OK);
        return true;
      } catch {
        return false;
      }
    },
  };
}
