import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// Tenancy for writes: every update, delete and upsert in lib/server that names its row by `id` also names the
// organization (`where: { id, organizationId }`, or a compound unique such as `organizationId_id`), so a
// row of another organization can never be written by a service that found it by mistake. Read from the
// source with the TypeScript parser, so a write added later is held to it too.

const ROOT = path.resolve(import.meta.dirname, "../server");
const WRITES = new Set(["update", "updateMany", "delete", "deleteMany", "upsert"]);

/**
 * Tables with no organization to name: their rows are the platform's own, or the tenant itself.
 *   organization        the tenant's own row: its id is the organization.
 *   passwordResetToken  single-use links, keyed by their user (whose organization the link's host checked).
 *   emailChangeToken    the same, for confirming a new e-mail address.
 *   rateLimitBucket     sign-in counters keyed by account and address, across organizations.
 */
const PLATFORM_TABLES = new Set(["organization", "passwordResetToken", "emailChangeToken", "rateLimitBucket"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

function propertyNames(literal: ts.ObjectLiteralExpression): { names: Set<string>; spreads: boolean } {
  const names = new Set<string>();
  let spreads = false;
  for (const property of literal.properties) {
    if (ts.isSpreadAssignment(property)) spreads = true;
    else if (property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)))
      names.add(property.name.text);
  }
  return { names, spreads };
}

export interface UnscopedWrite {
  where: string;
  table: string;
  method: string;
  text: string;
}

/** The writes in `source` whose `where` names a row by id without its organization. */
export function unscopedWrites(fileName: string, source: string): UnscopedWrite[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: UnscopedWrite[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      WRITES.has(node.expression.name.text) &&
      ts.isPropertyAccessExpression(node.expression.expression)
    ) {
      const table = node.expression.expression.name.text;
      const [args] = node.arguments;
      const where =
        args && ts.isObjectLiteralExpression(args)
          ? args.properties.find((p) => p.name && ts.isIdentifier(p.name) && p.name.text === "where")
          : undefined;
      const literal = where && ts.isPropertyAssignment(where) ? where.initializer : undefined;
      if (literal && ts.isObjectLiteralExpression(literal) && !PLATFORM_TABLES.has(table)) {
        const { names } = propertyNames(literal);
        if (names.has("id") && !names.has("organizationId")) {
          const { line } = file.getLineAndCharacterOfPosition(node.getStart());
          found.push({
            where: `${path.relative(path.resolve(ROOT, "../.."), fileName)}:${line + 1}`,
            table,
            method: node.expression.name.text,
            text: literal.getText().replace(/\s+/g, " "),
          });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe("writes in lib/server name the organization", () => {
  it("finds an unscoped write, and passes scoped ones and the platform's tables", () => {
    const sample = `
      await tx.userImport.update({ where: { id: imp.id }, data: {} });
      await db().course.delete({ where: { id, organizationId } });
      await db().user.update({ where: { organizationId_id: { organizationId, id } }, data: {} });
      await tx.organization.update({ where: { id }, data: {} });
      await tx.event.updateMany({ where: { id: { in: ids } }, data: {} });
      await tx.group.findFirst({ where: { id } });
    `;
    expect(unscopedWrites("sample.ts", sample).map((w) => `${w.table}.${w.method}`)).toEqual([
      "userImport.update",
      "event.updateMany",
    ]);
  });

  it("every update, delete and upsert by id carries organizationId (or is a platform table)", () => {
    const offenders = sourceFiles(ROOT).flatMap((file) =>
      unscopedWrites(file, readFileSync(file, "utf8")).map((w) => `${w.where} ${w.table}.${w.method} ${w.text}`),
    );
    expect(offenders).toEqual([]);
  }, 60_000);
});
