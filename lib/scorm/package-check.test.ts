import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { parseManifest } from "@/lib/scorm/manifest";
import { checkPackage, extractPackage, unsafePathReason, type PackageLimits } from "@/lib/scorm/package-check";
import { buildZip, craftedPackages, FIXTURES, fixtureZip, MANIFEST_12 } from "@/test/scorm-zips";

const dir = mkdtempSync(path.join(tmpdir(), "scorm-check-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const limits: PackageLimits = {
  maxBytes: 5 * 1024 * 1024,
  maxEntries: 1000,
  maxUncompressedBytes: 50 * 1024 * 1024,
  maxRatio: 100,
};

let n = 0;
function onDisk(zip: Buffer): string {
  const file = path.join(dir, `p${n++}.zip`);
  writeFileSync(file, zip);
  return file;
}

/** What importing does before writing a row: check, parse against the entry list, extract. */
async function importOnDisk(zip: Buffer, l = limits) {
  const file = onDisk(zip);
  const checked = await checkPackage(file, l);
  const parsed = parseManifest(
    checked.manifestXml,
    checked.files.map((f) => f.path),
  );
  const written: string[] = [];
  await extractPackage(
    file,
    async (name, data) => {
      for await (const _chunk of data) void _chunk;
      written.push(name);
    },
    l,
  );
  return { checked, parsed, written };
}

describe("checkPackage and extractPackage", () => {
  it.each(FIXTURES)("accepts the real package $file", async ({ file, scos }) => {
    const { checked, written } = await importOnDisk(fixtureZip(file));
    expect(checked.manifestXml).toContain("<manifest");
    expect(written.length).toBe(checked.files.length);
    expect(written).toContain("imsmanifest.xml");
    expect(scos).toBeGreaterThan(0);
  });

  it("finds Handicapping/CalculatingScore.html in the 1.2 minimum-calls package (its launch file exists)", async () => {
    const { checked } = await importOnDisk(fixtureZip("golf-scorm12-runtime-minimum-multisco.zip"));
    expect(checked.files.map((f) => f.path)).toContain("Handicapping/CalculatingScore.html");
  });

  it("refuses every crafted archive with its own message", async () => {
    const seen = new Set<string>();
    for (const crafted of await craftedPackages()) {
      const error = await importOnDisk(crafted.zip).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, crafted.name).toBeInstanceOf(AppError);
      expect((error as AppError).message, crafted.name).toMatch(crafted.message);
      expect((error as AppError).status, crafted.name).toBe(crafted.status);
      seen.add((error as AppError).message);
    }
    expect(seen.size).toBe((await craftedPackages()).length);
  });

  it("refuses an oversize file with a 413 and the configured limit", async () => {
    const zip = await buildZip([
      { name: "imsmanifest.xml", data: MANIFEST_12() },
      { name: "index.html", data: Buffer.alloc(3000, 1), compress: false },
    ]);
    const error = await checkPackage(onDisk(zip), { ...limits, maxBytes: 2048 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 413, message: "The package is larger than the 2 KB limit." });
  });

  it("refuses too many entries and too much unpacked data", async () => {
    const entries = [
      { name: "imsmanifest.xml", data: MANIFEST_12() },
      ...Array.from({ length: 5 }, (_, i) => ({ name: `f${i}.txt`, data: "x".repeat(1000) })),
    ];
    const zip = onDisk(await buildZip(entries));
    await expect(checkPackage(zip, { ...limits, maxEntries: 3 })).rejects.toThrow(
      "The package has more than 3 files and folders (the limit).",
    );
    await expect(checkPackage(zip, { ...limits, maxUncompressedBytes: 2000 })).rejects.toMatchObject({
      status: 413,
      message: expect.stringMatching(/unpack to more than/),
    });
  });

  it("refuses a file that is not a zip", async () => {
    await expect(checkPackage(onDisk(Buffer.from("not a zip at all")), limits)).rejects.toThrow(
      /not a readable \.zip file/,
    );
  });
});

describe("unsafePathReason", () => {
  it.each(["Etiquette/Course.html", "Course Overview.html", "Übung/ä 1.html", "shared/", "a/b/c.js"])(
    "accepts %s",
    (name) => {
      expect(unsafePathReason(name)).toBeNull();
    },
  );
  it.each(["/etc/passwd", "../x", "a/../../x", "a\\b", "C:/x", "c:x", "a//b", "./a", "a\u0000b"])(
    "refuses %j",
    (name) => {
      expect(unsafePathReason(name)).not.toBeNull();
    },
  );
});
