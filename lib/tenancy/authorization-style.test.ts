import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// One style of authorization outside lib/tenancy (see lib/tenancy/permissions.ts): a refusal is
// requirePermission with a named permission; a choice of scope is can(ctx.role, permission) or
// actsForPlatform(ctx). Never a comparison of the caller's role with role names, and never a can() that
// throws its own 403. Read from the source with the TypeScript parser, so new code is held to it too.

const REPO = path.resolve(import.meta.dirname, "../..");
const SCANNED = ["lib", "app"];
const SKIPPED = ["lib/tenancy", "lib/generated"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (SKIPPED.some((skipped) => file === path.join(REPO, skipped))) return [];
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** `ctx.role`, `caller.ctx.role`, …: the caller's role. */
const isCallerRole = (node: ts.Node) =>
  ts.isPropertyAccessExpression(node) && node.name.text === "role" && /(^|\.)ctx$/.test(node.expression.getText());

const isCanCall = (node: ts.Node): boolean =>
  (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "can") ||
  ts.forEachChild(node, isCanCall) === true;

const throwsForbidden = (node: ts.Node): boolean =>
  (ts.isThrowStatement(node) && /"FORBIDDEN"/.test(node.getText())) || ts.forEachChild(node, throwsForbidden) === true;

/** The ways of authorizing that lib/tenancy/permissions.ts replaces, found in `source`. */
export function otherAuthorization(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, what: string) =>
    found.push(
      `${path.relative(REPO, fileName)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${what}`,
    );
  const visit = (node: ts.Node) => {
    if (
      ts.isBinaryExpression(node) &&
      [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(
        node.operatorToken.kind,
      ) &&
      (isCallerRole(node.left) || isCallerRole(node.right))
    )
      report(node, `compares the caller's role: ${node.getText()}`);
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ["has", "includes"].includes(node.expression.name.text) &&
      node.arguments.some(isCallerRole)
    )
      report(node, `looks the caller's role up in a list: ${node.getText()}`);
    if (ts.isIfStatement(node) && isCanCall(node.expression) && throwsForbidden(node.thenStatement))
      report(node, `can() with a 403 of its own (use requirePermission): ${node.expression.getText()}`);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe("authorization outside lib/tenancy", () => {
  it("finds role comparisons, role lists and can() with its own 403", () => {
    const sample = `
      if (ctx.role === "superadmin" && ctx.organizationId === null) platform();
      const mine = caller.ctx.role !== "instructor";
      if (MANAGERS.has(ctx.role)) all();
      if (!can(ctx.role, "import-export:use")) throw new AppError("FORBIDDEN", "Only administrators");
      if (!can(ctx.role, "organizations:manage:all") && ctx.organizationId !== id) throw notFound();
      requirePermission(ctx, "settings:manage");
      if (query.role === "staff") staff();
    `;
    expect(otherAuthorization(path.join(REPO, "sample.ts"), sample).map((f) => f.split(" ")[0])).toEqual([
      "sample.ts:2",
      "sample.ts:3",
      "sample.ts:4",
      "sample.ts:5",
    ]);
  });

  it("lib/ and app/ authorize with requirePermission, can() and actsForPlatform only", () => {
    const found = SCANNED.flatMap((dir) => sourceFiles(path.join(REPO, dir))).flatMap((file) =>
      otherAuthorization(file, readFileSync(file, "utf8")),
    );
    expect(found).toEqual([]);
  }, 60_000);
});
