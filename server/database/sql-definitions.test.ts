import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { embedDefinition, SQL_DEFINITIONS, staleDefinitions } from "./sql-definitions";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const MIGRATIONS = path.join(ROOT, "prisma", "migrations");

describe("SQL definitions and the migrations that install them", () => {
  it.each(SQL_DEFINITIONS)("%s: the newest migration's copy is the file (else run npm run db:migration)", (file) => {
    expect(staleDefinitions(ROOT, MIGRATIONS, [file])).toEqual([]);
  });

  describe("in a project of its own", () => {
    let dir = "";
    afterEach(() => rmSync(dir, { recursive: true, force: true }));
    const migration = (name: string, sql: string) => {
      mkdirSync(path.join(dir, "migrations", name), { recursive: true });
      writeFileSync(path.join(dir, "migrations", name, "migration.sql"), sql);
    };

    it("a file changed since its newest copy is stale, and fresh again once a newer migration embeds it", () => {
      dir = mkdtempSync(path.join(tmpdir(), "sql-definitions-"));
      writeFileSync(path.join(dir, "defs.sql"), "SELECT 2;\n");
      migration("20260101000000_first", `CREATE TABLE t ();\n${embedDefinition("defs.sql", "SELECT 1;")}`);
      migration("20260102000000_other", "ALTER TABLE t ADD COLUMN c int;\n");
      expect(staleDefinitions(dir, path.join(dir, "migrations"), ["defs.sql"])).toEqual([
        { file: "defs.sql", text: "SELECT 2;\n" },
      ]);
      migration("20260103000000_second", embedDefinition("defs.sql", "SELECT 2;\n\n"));
      expect(staleDefinitions(dir, path.join(dir, "migrations"), ["defs.sql"])).toEqual([]);
    });

    it("a file no migration embeds yet is stale", () => {
      dir = mkdtempSync(path.join(tmpdir(), "sql-definitions-"));
      writeFileSync(path.join(dir, "defs.sql"), "SELECT 1;\n");
      expect(staleDefinitions(dir, path.join(dir, "migrations"), ["defs.sql"])).toEqual([
        { file: "defs.sql", text: "SELECT 1;\n" },
      ]);
    });
  });
});
