import { stat } from "node:fs/promises";
import { Transform, type Readable } from "node:stream";
import yauzl, { type Entry, type ZipFile } from "yauzl";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { formatBytes } from "@/lib/format-bytes";

// Checks a SCORM .zip on disk before anything of it lands: sizes, entry count, zip bombs (by the headers
// first, then by counting the bytes that really come out while extracting), unsafe paths, symbolic links
// and the manifest at the root. Every refusal is a 4xx AppError with its own message.

export interface PackageLimits {
  /** The .zip itself. */
  maxBytes: number;
  maxEntries: number;
  /** All files unpacked together. */
  maxUncompressedBytes: number;
  /** Unpacked ÷ packed, per entry (entries past 1 MiB) and for the whole package. */
  maxRatio: number;
}

export function packageLimits(): PackageLimits {
  return {
    maxBytes: env.SCORM_PACKAGE_MAX_BYTES,
    maxEntries: env.SCORM_PACKAGE_MAX_ENTRIES,
    maxUncompressedBytes: env.SCORM_PACKAGE_MAX_UNPACKED_BYTES,
    maxRatio: env.SCORM_PACKAGE_MAX_RATIO,
  };
}

export interface PackageFile {
  /** The entry's path inside the package, POSIX separators, no leading slash. */
  path: string;
  size: number;
}

export interface CheckedPackage {
  sizeBytes: number;
  files: PackageFile[];
  uncompressedBytes: number;
  manifestXml: string;
}

export const MANIFEST_NAME = "imsmanifest.xml";
const MANIFEST_MAX_BYTES = 10 * 1024 * 1024;
/** Small entries may compress very well (a page of spaces); the per-entry ratio applies past this size. */
const RATIO_MIN_ENTRY_BYTES = 1024 * 1024;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

// @types/yauzl describes 2.x; these are the 3.x parts used here (see node_modules/yauzl/README.md).
type Entry3 = Entry & { fileNameRaw: Buffer };
type ZipFile3 = ZipFile & { eachEntry(): AsyncIterable<Entry3> };
const yauzl3 = yauzl as typeof yauzl & {
  openPromise(path: string, options: yauzl.Options): Promise<ZipFile3>;
  getFileNameLowLevel(
    generalPurposeBitFlag: number,
    fileNameRaw: Buffer,
    extraFields: { id: number; data: Buffer }[],
    strictFileNames: boolean,
  ): string;
};

const reject = (message: string) => new AppError("BAD_REQUEST", message);
const tooLarge = (message: string) => new AppError("PAYLOAD_TOO_LARGE", message);

export const packageTooLargeMessage = (limit: number) => `The package is larger than the ${formatBytes(limit)} limit.`;

/** The entry's name, decoded as the zip says (CP437 or UTF-8), backslashes kept so they can be refused. */
function entryName(entry: Entry3): string {
  return yauzl3.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);
}

/** Why a path may not be written below the package's folder, or null when it is safe. */
export function unsafePathReason(name: string): string | null {
  const shown = JSON.stringify(name);
  if (name.includes("\\")) return `The package contains a path with a backslash, which is not allowed: ${shown}.`;
  if (/^[A-Za-z]:/.test(name))
    return `The package contains a path with a drive letter, which is not allowed: ${shown}.`;
  if (name.startsWith("/")) return `The package contains an absolute path, which is not allowed: ${shown}.`;
  if (/[\u0000-\u001f\u007f]/.test(name)) return `The package contains a file name with control characters: ${shown}.`;
  const segments = name.replace(/\/$/, "").split("/");
  if (segments.some((s) => s === ".."))
    return `The package contains a path that leads out of its folder (".."): ${shown}.`;
  if (segments.some((s) => s === "" || s === "."))
    return `The package contains an empty or "." path segment: ${shown}.`;
  return null;
}

function openZip(zipPath: string): Promise<ZipFile3> {
  return yauzl3.openPromise(zipPath, { decodeStrings: false, validateEntrySizes: true }).catch((error: unknown) => {
    throw reject(
      `The upload is not a readable .zip file (${error instanceof Error ? error.message : "unknown error"}).`,
    );
  });
}

/** Walks the central directory, refusing unsafe entries; calls `onEntry` for each file (not folders). */
async function walkEntries(
  zip: ZipFile3,
  limits: PackageLimits,
  onEntry: (entry: Entry, name: string) => Promise<void>,
): Promise<void> {
  let count = 0;
  let declared = 0;
  const seen = new Set<string>();
  try {
    for await (const entry of zip.eachEntry()) {
      const name = entryName(entry);
      if (++count > limits.maxEntries)
        throw reject(`The package has more than ${limits.maxEntries} files and folders (the limit).`);
      const unsafe = unsafePathReason(name);
      if (unsafe) throw reject(unsafe);
      const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
      if (mode === S_IFLNK)
        throw reject(`The package contains a symbolic link, which is not allowed: ${JSON.stringify(name)}.`);
      if (entry.isEncrypted()) throw reject(`The package contains an encrypted file: ${JSON.stringify(name)}.`);
      if (name.endsWith("/")) continue;
      const key = name.normalize("NFC").toLowerCase();
      if (seen.has(key)) throw reject(`The package contains the file ${JSON.stringify(name)} twice.`);
      seen.add(key);
      declared += entry.uncompressedSize;
      if (declared > limits.maxUncompressedBytes) {
        throw tooLarge(
          `The package would unpack to more than ${formatBytes(limits.maxUncompressedBytes)} (the limit).`,
        );
      }
      if (
        entry.uncompressedSize > RATIO_MIN_ENTRY_BYTES &&
        entry.uncompressedSize > limits.maxRatio * Math.max(entry.compressedSize, 1)
      ) {
        throw reject(
          `The file ${JSON.stringify(name)} is compressed more than ${limits.maxRatio}:1, which looks like a zip bomb.`,
        );
      }
      await onEntry(entry, name);
    }
  } finally {
    zip.close();
  }
}

/** Counts the bytes that really come out of an entry: headers can lie. */
function byteCounter(name: string, compressedSize: number, limits: PackageLimits, total: { bytes: number }): Transform {
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      total.bytes += chunk.length;
      if (total.bytes > limits.maxUncompressedBytes) {
        return done(
          tooLarge(`The package would unpack to more than ${formatBytes(limits.maxUncompressedBytes)} (the limit).`),
        );
      }
      if (bytes > RATIO_MIN_ENTRY_BYTES && bytes > limits.maxRatio * Math.max(compressedSize, 1)) {
        return done(
          reject(
            `The file ${JSON.stringify(name)} is compressed more than ${limits.maxRatio}:1, which looks like a zip bomb.`,
          ),
        );
      }
      done(null, chunk);
    },
  });
}

async function entryStream(
  zip: ZipFile,
  entry: Entry,
  name: string,
  limits: PackageLimits,
  total: { bytes: number },
): Promise<Readable> {
  const raw = await new Promise<Readable>((resolve, reject_) =>
    zip.openReadStream(entry, (error, stream) => (error || !stream ? reject_(damaged(name, error)) : resolve(stream))),
  );
  const counter = byteCounter(name, entry.compressedSize, limits, total);
  // yauzl's own size check ("too many bytes in the stream") arrives as an error on the raw stream.
  raw.on("error", (error) => counter.destroy(error instanceof AppError ? error : damaged(name, error)));
  // The bytes start flowing now, before the consumer attaches (it may await a mkdir first): an error in
  // that gap must not be an uncaught exception. The consumer still gets it (stream.errored → pipeline).
  counter.on("error", () => undefined);
  return raw.pipe(counter);
}

function damaged(name: string, error: unknown): AppError {
  const detail = error instanceof Error ? error.message : "unreadable";
  if (/too many bytes|not enough bytes/i.test(detail)) {
    return reject(
      `The file ${JSON.stringify(name)} does not match the size its zip header declares (${detail}); the package may be a zip bomb or damaged.`,
    );
  }
  return reject(`The package is damaged: ${JSON.stringify(name)} could not be read (${detail}).`);
}

async function readAll(stream: Readable, max: number, manifestName: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) throw reject(`The package's ${manifestName} is larger than ${formatBytes(max)}.`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Checks the package on disk and reads its manifest (imsmanifest.xml for SCORM, cmi5.xml for cmi5) at its
 * root. Nothing is written.
 */
export async function checkPackage(
  zipPath: string,
  limits: PackageLimits = packageLimits(),
  manifestName: string = MANIFEST_NAME,
): Promise<CheckedPackage> {
  const { size } = await stat(zipPath);
  if (size > limits.maxBytes) throw tooLarge(packageTooLargeMessage(limits.maxBytes));
  const zip = await openZip(zipPath);
  const files: PackageFile[] = [];
  const nestedManifests: string[] = [];
  let manifestXml: string | null = null;
  const total = { bytes: 0 };
  await walkEntries(zip, limits, async (entry, name) => {
    files.push({ path: name, size: entry.uncompressedSize });
    if (name === manifestName) {
      manifestXml = (
        await readAll(await entryStream(zip, entry, name, limits, total), MANIFEST_MAX_BYTES, manifestName)
      ).toString("utf8");
    } else if (name.toLowerCase().endsWith(`/${manifestName}`) || name.toLowerCase() === manifestName) {
      nestedManifests.push(name);
    }
  });
  const uncompressedBytes = files.reduce((sum, f) => sum + f.size, 0);
  if (uncompressedBytes > RATIO_MIN_ENTRY_BYTES && uncompressedBytes > limits.maxRatio * size) {
    throw reject(`The package unpacks to more than ${limits.maxRatio} times its size, which looks like a zip bomb.`);
  }
  if (manifestXml === null) {
    const where = nestedManifests.sort((a, b) => a.split("/").length - b.split("/").length)[0];
    throw reject(
      where
        ? `The package has no ${manifestName} at its root; one was found at ${JSON.stringify(where)}. Zip the contents of that folder, not the folder itself.`
        : `The package has no ${manifestName} at its root.`,
    );
  }
  return { sizeBytes: size, files, uncompressedBytes, manifestXml };
}

/**
 * Extracts every file, handing each one's (counted) stream to `write`. The checks of checkPackage run
 * again on the way, so a package that changed in between, or whose headers lie, is refused mid-way;
 * the caller removes what was written.
 */
export async function extractPackage(
  zipPath: string,
  write: (path: string, data: Readable) => Promise<void>,
  limits: PackageLimits = packageLimits(),
): Promise<{ fileCount: number; bytes: number }> {
  const zip = await openZip(zipPath);
  const total = { bytes: 0 };
  let fileCount = 0;
  await walkEntries(zip, limits, async (entry, name) => {
    await write(name, await entryStream(zip, entry, name, limits, total));
    fileCount++;
  });
  return { fileCount, bytes: total.bytes };
}
