import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendLogTo } from "@/lib/log/logger";
import { fileVersion } from "@/lib/server/scorm/file-version";

// The runtime page's script URL carries the built script's hash: a script not there yet is looked for
// again on the next page, not remembered as missing, and each miss is logged.

const lines: Record<string, unknown>[] = [];
const dir = mkdtempSync(path.join(tmpdir(), "file-version-"));
beforeAll(() => {
  sendLogTo(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString("utf8")) as Record<string, unknown>);
        done();
      },
    }),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("fileVersion", () => {
  it("a missing file is 'missing' and logged each time, then the file's hash once it is there, kept after", () => {
    const file = path.join(dir, "runtime.js");
    const version = fileVersion(file);
    expect(version()).toBe("missing");
    expect(version()).toBe("missing");
    expect(lines).toMatchObject([
      { level: "error", file, msg: "A file the app serves could not be read" },
      { level: "error", file, msg: "A file the app serves could not be read" },
    ]);

    writeFileSync(file, "first build");
    expect(version()).toBe("f3adf3a4014af2dc");
    // Read once: a later build is a new process (the hash is of the build this process serves).
    writeFileSync(file, "second build");
    expect(version()).toBe("f3adf3a4014af2dc");
    expect(lines).toHaveLength(2);
  });
});
