import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import yazl from "yazl";

// Crafted SCORM archives for the rejection tests. yazl refuses unsafe names itself, so those are built
// with a harmless name of the same length and patched in the bytes afterwards.

/** The five acceptance packages, kept in the repository (test/fixtures/scorm/README.md). */
export const FIXTURE_DIR = path.resolve(import.meta.dirname, "fixtures/scorm");
export const FIXTURES = [
  { file: "golf-scorm12-runtime-basic-singlesco.zip", version: "scorm12", scos: 1 },
  { file: "golf-scorm12-runtime-minimum-multisco.zip", version: "scorm12", scos: 18 },
  { file: "golf-scorm2004-3rd-runtime-basic-singlesco.zip", version: "scorm2004_3rd", scos: 1 },
  { file: "golf-scorm2004-3rd-runtime-advanced-interactions.zip", version: "scorm2004_3rd", scos: 1 },
  { file: "golf-scorm2004-4th-sequencing-posttest-rollup-multisco.zip", version: "scorm2004_4th", scos: 5 },
] as const;

export function fixtureZip(file: string): Buffer {
  return readFileSync(path.join(FIXTURE_DIR, file));
}

/**
 * Our own small packages, kept as their source files under test/fixtures/scorm/own/{name}/ (readable and
 * diffable) and zipped when a test uploads one; `editManifest` makes a variant for one test.
 */
export function ownPackageZip(name: string, editManifest: (xml: string) => string = (xml) => xml): Promise<Buffer> {
  const dir = path.join(FIXTURE_DIR, "own", name);
  return buildZip(
    readdirSync(dir).map((file) => {
      const data = readFileSync(path.join(dir, file));
      return { name: file, data: file === "imsmanifest.xml" ? editManifest(data.toString("utf8")) : data };
    }),
  );
}

export const MANIFEST_12 = (href = "index.html", extra = "") => `<?xml version="1.0"?>
<manifest identifier="test.pkg" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Crafted</title>
    <item identifier="item1" identifierref="res1"><title>One</title></item>${extra}
  </organization></organizations>
  <resources><resource identifier="res1" type="webcontent" adlcp:scormtype="sco" href="${href}"><file href="${href}"/></resource></resources>
</manifest>`;

export interface ZipEntrySpec {
  name: string;
  data: string | Buffer;
  mode?: number;
  compress?: boolean;
}

export function buildZip(entries: ZipEntrySpec[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const e of entries)
    zip.addBuffer(Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data), e.name, {
      mode: e.mode,
      compress: e.compress ?? true,
    });
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on("data", (c: Buffer) => chunks.push(c));
    zip.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on("error", reject);
  });
}

/** Replaces every occurrence of a name (same byte length) in the local headers and the central directory. */
export function patchName(zip: Buffer, from: string, to: string): Buffer {
  const a = Buffer.from(from);
  const b = Buffer.from(to);
  if (a.length !== b.length) throw new Error("patchName needs names of the same length");
  const out = Buffer.from(zip);
  let at = out.indexOf(a);
  while (at >= 0) {
    b.copy(out, at);
    at = out.indexOf(a, at + 1);
  }
  return out;
}

/** Makes the headers of the named entry claim `size` unpacked bytes (a lying header). */
export function patchUncompressedSize(zip: Buffer, name: string, size: number): Buffer {
  const out = Buffer.from(zip);
  const nameBytes = Buffer.from(name);
  for (let i = 0; i < out.length - 4; i++) {
    const sig = out.readUInt32LE(i);
    if (sig === 0x04034b50 && out.subarray(i + 30, i + 30 + out.readUInt16LE(i + 26)).equals(nameBytes))
      out.writeUInt32LE(size, i + 22);
    if (sig === 0x02014b50 && out.subarray(i + 46, i + 46 + out.readUInt16LE(i + 28)).equals(nameBytes))
      out.writeUInt32LE(size, i + 24);
  }
  return out;
}

/** The crafted packages every rejection test uses, with the message each must produce. */
export async function craftedPackages(): Promise<{ name: string; zip: Buffer; status: number; message: RegExp }[]> {
  const ok = (extra: ZipEntrySpec[] = [], manifest = MANIFEST_12()) => [
    { name: "imsmanifest.xml", data: manifest },
    { name: "index.html", data: "<p>hi</p>" },
    ...extra,
  ];
  const zeros = Buffer.alloc(2 * 1024 * 1024);
  return [
    {
      name: "no manifest",
      zip: await buildZip([{ name: "test.htm", data: "<p>hi</p>" }]),
      status: 400,
      message: /^The package has no imsmanifest\.xml at its root\.$/,
    },
    {
      name: "manifest in a subfolder",
      zip: await buildZip([
        { name: "badscorm/imsmanifest.xml", data: MANIFEST_12() },
        { name: "badscorm/index.html", data: "x" },
      ]),
      status: 400,
      message: /no imsmanifest\.xml at its root; one was found at "badscorm\/imsmanifest\.xml"/,
    },
    {
      name: "../ entry",
      zip: patchName(await buildZip(ok([{ name: "xx/evil.html", data: "x" }])), "xx/evil.html", "../evil.html"),
      status: 400,
      message: /leads out of its folder \(".."\): "\.\.\/evil\.html"/,
    },
    {
      name: "absolute path",
      zip: patchName(await buildZip(ok([{ name: "xetc/passwd", data: "x" }])), "xetc/passwd", "/etc/passwd"),
      status: 400,
      message: /absolute path.*"\/etc\/passwd"/,
    },
    {
      name: "backslash path",
      zip: patchName(await buildZip(ok([{ name: "a/b/evil.html", data: "x" }])), "a/b/evil.html", "a\\..\\evil.htm"),
      status: 400,
      message: /backslash/,
    },
    {
      name: "drive letter",
      zip: patchName(await buildZip(ok([{ name: "Cx/evil.html", data: "x" }])), "Cx/evil.html", "C:/evil.html"),
      status: 400,
      message: /drive letter/,
    },
    {
      name: "symlink",
      zip: await buildZip(ok([{ name: "link", data: "/etc/passwd", mode: 0o120777 }])),
      status: 400,
      message: /symbolic link.*"link"/,
    },
    {
      name: "zip bomb (ratio)",
      zip: await buildZip(ok([{ name: "zeros.bin", data: zeros }])),
      status: 400,
      message: /compressed more than 100:1, which looks like a zip bomb/,
    },
    {
      name: "zip bomb (lying header)",
      zip: patchUncompressedSize(await buildZip(ok([{ name: "zeros.bin", data: zeros }])), "zeros.bin", 1000),
      status: 400,
      message: /"zeros\.bin" does not match the size its zip header declares/,
    },
    {
      name: "external entity (XXE)",
      zip: await buildZip(
        ok(
          [],
          `<?xml version="1.0"?><!DOCTYPE manifest [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${MANIFEST_12()
            .replace(/^<\?xml[^>]*>/, "")
            .replace("Crafted", "&xxe;")}`,
        ),
      ),
      status: 400,
      message: /declares a DOCTYPE or entities, which are not allowed/,
    },
    {
      name: "malformed XML",
      zip: await buildZip(ok([], MANIFEST_12().replace("</organizations>", ""))),
      status: 400,
      message: /is not well-formed XML: .*\(line \d+, column \d+\)/,
    },
    {
      name: "item pointing at a missing resource",
      zip: await buildZip(
        ok([], MANIFEST_12("index.html", `<item identifier="item2" identifierref="nowhere"><title>Two</title></item>`)),
      ),
      status: 400,
      message: /The item "item2" \("Two"\) points at the resource "nowhere", which the manifest does not declare\./,
    },
    {
      name: "missing organization",
      zip: await buildZip(
        ok([], MANIFEST_12().replace(/<organizations default="org">[\s\S]*<\/organizations>/, "<organizations/>")),
      ),
      status: 400,
      message: /has no <organization>/,
    },
    {
      name: "SCO launch file missing",
      zip: await buildZip([{ name: "imsmanifest.xml", data: MANIFEST_12("missing.html") }]),
      status: 400,
      message: /launches "missing\.html", which is not in the package/,
    },
  ];
}
