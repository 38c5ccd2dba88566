import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// One style of authorization (see lib/tenancy/permissions.ts): a refusal is requirePermission with a named
// permission; a choice of scope, a page's audience or what a form offers is can(role, permission),
// rolesWith(permission) or actsForPlatform(ctx). Never a role compared with role names, looked up in a list
// or switched on, and never a can() that throws its own 403. Read from the source with the TypeScript
// parser, in lib/, app/ and components/, so new code is held to it too; the few places where a role is
// rightly read by name are listed below, each with its reason.

const REPO = path.resolve(import.meta.dirname, "../..");
const SCANNED = ["lib", "app", "components"];
const SKIPPED = ["lib/generated"];
const ROLE_NAMES = new Set(["learner", "instructor", "org_admin", "admin", "superadmin"]);

/** Where reading a role by name is right: file, the expression as written, and why. */
const ALLOWED: readonly { file: string; text: string; why: string }[] = [
  { file: "lib/tenancy/role-permissions.ts", text: "ROLE_PERMISSIONS[role]", why: "the permission table itself" },
  { file: "lib/tenancy/permissions.ts", text: "!can(ctx, permission)", why: "requirePermission itself" },
  { file: "lib/routes.ts", text: "ROLE_LABELS[role]", why: "role labels for display (the specification's)" },
  {
    file: "lib/routes.ts",
    text: "LANDING_AFTER_SIGN_IN[role]",
    why: "the landing after sign-in, which the specification gives by role (admin and instructor, not org_admin)",
  },
  {
    file: "app/(public)/register/page.tsx",
    text: 'settings.selfRegistrationRole === "instructor"',
    why: "display: the sign-up page says which role the account will have",
  },
];

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

/** `role`, `callerRole`, `target.role`, `settings.selfRegistrationRole`: a value that holds a role. */
const isRoleValue = (node: ts.Node): boolean => {
  const name = ts.isIdentifier(node) ? node.text : ts.isPropertyAccessExpression(node) ? node.name.text : null;
  return name !== null && /^role$|[a-z]Role$/.test(name);
};

const isRoleName = (node: ts.Node) => ts.isStringLiteralLike(node) && ROLE_NAMES.has(node.text);
const isNullish = (node: ts.Node) =>
  node.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(node) && node.text === "undefined");

const EQUALITY = [
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
];

const isCanCall = (node: ts.Node): boolean =>
  (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "can") ||
  ts.forEachChild(node, isCanCall) === true;

const throwsForbidden = (node: ts.Node): boolean =>
  (ts.isThrowStatement(node) && /"FORBIDDEN"/.test(node.getText())) || ts.forEachChild(node, throwsForbidden) === true;

/** The ways of authorizing that lib/tenancy/permissions.ts replaces, found in `source`. */
export function otherAuthorization(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const relative = path.relative(REPO, fileName);
  const found: string[] = [];
  const report = (node: ts.Node, what: string) => {
    const text = node.getText();
    if (ALLOWED.some((allowed) => allowed.file === relative && allowed.text === text)) return;
    found.push(`${relative}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${what}: ${text}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isBinaryExpression(node) && EQUALITY.includes(node.operatorToken.kind)) {
      const { left, right } = node;
      if (isRoleName(left) || isRoleName(right)) report(node, "compares with a role name");
      else if ((isCallerRole(left) && !isNullish(right)) || (isCallerRole(right) && !isNullish(left)))
        report(node, "compares the caller's role");
    }
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ["has", "includes", "indexOf"].includes(node.expression.name.text) &&
      node.arguments.some(isRoleValue)
    )
      report(node, "looks a role up in a list");
    if (ts.isElementAccessExpression(node) && isRoleValue(node.argumentExpression))
      report(node, "looks a role up in a table");
    if (ts.isSwitchStatement(node) && isRoleValue(node.expression)) report(node.expression, "switches on a role");
    if (ts.isCaseClause(node) && isRoleName(node.expression)) report(node.expression, "a case of a role name");
    if (ts.isIfStatement(node) && isCanCall(node.expression) && throwsForbidden(node.thenStatement))
      report(node.expression, "can() with a 403 of its own (use requirePermission)");
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe("authorization by permission", () => {
  it("finds role names compared, roles looked up in lists and tables, switches on roles, can() with its own 403", () => {
    const sample = `
      if (ctx.role === "superadmin" && ctx.organizationId === null) platform();
      const mine = caller.ctx.role !== other;
      if (MANAGERS.has(ctx.role)) all();
      if (!can(ctx.role, "import-export:use")) throw new AppError("FORBIDDEN", "Only administrators");
      if (!can(ctx.role, "organizations:manage:all") && ctx.organizationId !== id) throw notFound();
      requirePermission(ctx, "settings:manage");
      if (query.role === "staff") staff();
      const roles = USER_ROLES.filter((r) => r !== "admin");
      if (access.includes(role)) allow();
      const label = { admin: "A", learner: "L" }[target.role];
      switch (callerRole) { default: break; }
      switch (kind) { case "org_admin": break; }
      if (claims.role === null || ctx.role === undefined) wait();
      if (change.role !== target.role) bump();
    `;
    expect(otherAuthorization(path.join(REPO, "sample.ts"), sample).map((f) => f.split(" ")[0])).toEqual([
      "sample.ts:2",
      "sample.ts:3",
      "sample.ts:4",
      "sample.ts:5",
      "sample.ts:9",
      "sample.ts:10",
      "sample.ts:11",
      "sample.ts:12",
      "sample.ts:13",
    ]);
  });

  it("lets the listed places read a role by name, and only the expression listed", () => {
    const labels = `const label = ROLE_LABELS[role]; const other = OTHER_LABELS[role];`;
    expect(otherAuthorization(path.join(REPO, "lib/routes.ts"), labels)).toEqual([
      "lib/routes.ts:1 looks a role up in a table: OTHER_LABELS[role]",
    ]);
  });

  it("lib/, app/ and components/ authorize with permissions only", () => {
    const found = SCANNED.flatMap((dir) => sourceFiles(path.join(REPO, dir))).flatMap((file) =>
      otherAuthorization(file, readFileSync(file, "utf8")),
    );
    expect(found).toEqual([]);
  }, 60_000);
});
