import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import type { Role } from "@/lib/routes";
import { actsForPlatform, can, requirePermission, type Permission } from "./permissions";

// The role → permission table (role-permissions.ts) against docs/permissions.md, "Actions": each row below is copied from that table by hand
// (✓ = allowed), never computed from the code, so a change to either one that the other does not follow fails.
// ACTIONS is a Record<Permission, Row>: the type checker refuses a permission of the code it lacks, and one
// the code does not have.

const ROLES = ["learner", "instructor", "org_admin", "admin", "superadmin"] as const satisfies readonly Role[];
type Row = readonly [learner: boolean, instructor: boolean, org_admin: boolean, admin: boolean, superadmin: boolean];
const X = true;
const _ = false;

// prettier-ignore
const ACTIONS: Record<Permission, Row> = {
  //                                learner instructor org_admin admin superadmin
  "profile:read:own":             [X,      X,         X,        X,    X],
  "profile:update:own":           [X,      X,         X,        X,    X],
  "messages:use":                 [X,      X,         X,        X,    X],
  "calendar:read":                [X,      X,         X,        X,    X],
  "courses:read:published":       [X,      X,         X,        X,    X],
  "courses:enroll:self":          [X,      X,         X,        X,    X],
  "courses:create":               [_,      X,         X,        X,    X],
  "courses:update:own":           [_,      X,         X,        X,    X],
  "enrollments:manage":           [_,      X,         X,        X,    X],
  "reports:read":                 [_,      X,         X,        X,    X],
  "groups:manage":                [_,      X,         X,        X,    X],
  "events:manage":                [_,      X,         X,        X,    X],
  "messages:write:any":           [_,      X,         X,        X,    X],
  "courses:update:any":           [_,      _,         X,        X,    X],
  "reports:read:any":             [_,      _,         X,        X,    X],
  "groups:manage:any":            [_,      _,         X,        X,    X],
  "events:manage:any":            [_,      _,         X,        X,    X],
  "settings:read:teaching":       [_,      X,         X,        X,    X],
  "users:manage":                 [_,      _,         X,        X,    X],
  "categories:manage":            [_,      _,         X,        X,    X],
  "organization:read:overview":   [_,      _,         X,        X,    X],
  "audit:read":                   [_,      _,         X,        X,    X],
  "users:manage:admins":          [_,      _,         _,        X,    X],
  "organization:update:own":      [_,      _,         _,        X,    X],
  "settings:manage":              [_,      _,         _,        X,    X],
  "import-export:use":            [_,      _,         _,        X,    X],
  "organizations:manage:all":     [_,      _,         _,        _,    X],
  "subdomains:manage":            [_,      _,         _,        _,    X],
  "admin-area:enter":             [_,      X,         X,        X,    X],
  "certificates:read:own":        [X,      X,         X,        X,    X],
  "certificates:manage":          [_,      X,         X,        X,    X],
  "certificates:revoke":          [_,      _,         X,        X,    X],
  "api-keys:manage":              [_,      _,         _,        X,    X],
  "questions:manage":             [_,      X,         X,        X,    X],
  "questions:manage:any":         [_,      _,         X,        X,    X],
};

describe("the permission table follows docs/permissions.md", () => {
  const cases = Object.entries(ACTIONS).flatMap(([permission, row]) =>
    ROLES.map((role, i) => [role, permission as Permission, row[i]] as const),
  );
  it.each(cases)("%s × %s → %s", (role, permission, allowed) => {
    expect(can(role, permission)).toBe(allowed);
    const check = () => requirePermission({ role }, permission);
    if (allowed) expect(check).not.toThrow();
    else expect(check).toThrow(AppError);
  });
});

describe("requirePermission", () => {
  it("refuses with a 403 and the general message", () => {
    try {
      requirePermission({ role: "learner" }, "reports:read");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(403);
      expect((error as AppError).message).toBe("You do not have permission to do this");
    }
  });

  it("says who may do it where the service says so, with the form's field", () => {
    const message = "Only administrators can change settings. You can read the settings that concern teaching.";
    expect(() => requirePermission({ role: "org_admin" }, "settings:manage", message)).toThrow(message);
    try {
      requirePermission({ role: "instructor" }, "events:manage:any", "Only administrators", {
        fieldErrors: { course_id: ["Choose a course"] },
      });
      expect.unreachable();
    } catch (error) {
      expect((error as AppError).fieldErrors).toEqual({ course_id: ["Choose a course"] });
    }
  });
});

describe("actsForPlatform", () => {
  it("is the superadmin on the apex only (docs/permissions.md: it has no organization there)", () => {
    expect(actsForPlatform({ role: "superadmin", organizationId: null })).toBe(true);
    // On an organization's address the superadmin acts inside it.
    expect(actsForPlatform({ role: "superadmin", organizationId: "0190f5a4-0000-7000-8000-000000000001" })).toBe(false);
    for (const role of ["learner", "instructor", "org_admin", "admin"] as const) {
      expect(actsForPlatform({ role, organizationId: null })).toBe(false);
      expect(actsForPlatform({ role, organizationId: "0190f5a4-0000-7000-8000-000000000001" })).toBe(false);
    }
  });
});
