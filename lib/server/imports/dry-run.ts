import "server-only";
import { db, queryRows } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { Prisma, type UserImport } from "@/lib/generated/prisma/client";
import { checkPassword } from "@/lib/password-strength";
import { isRole, type Role } from "@/lib/routes";
import { emailSchema, nameSchema, usernameSchema } from "@/lib/schemas/auth";
import type { DryRunOutcome, ImportMapping } from "@/lib/schemas/imports";
import type { PasswordPolicy } from "@/lib/schemas/organization-settings";
import { passwordPolicyOf } from "@/lib/server/accounts/password-policy";
import {
  describeCompletions,
  planCompletions,
  type ImportCourse,
  type PlannedCompletion,
} from "@/lib/server/imports/completions";
import { cellOf } from "@/lib/server/imports/mapping";
import { RowRejected } from "@/lib/server/imports/row-rejected";
import { assertMayAssignRole, assertMayEdit } from "@/lib/server/users/rules";
import { jobContext, type TenantContext } from "@/lib/tenancy/context";

// The dry run of each row: what it would do, create, update (matched by e-mail), unchanged, or reject
// with the reason. The real run makes the same dry run of each batch again, against the database as it
// is then, and applies what it finds. The role rules are the user administration's (lib/server/users/rules.ts); the password
// policy is the organization's; groups and courses are looked up in the import's organization only. A
// completion the row brings (completed_on) is new unless the enrollment is completed, or one of its earlier
// rounds was completed on that day or later: a file imported twice completes nothing twice.

type Reader = Prisma.TransactionClient;

const STATUS_WORDS: Record<string, "active" | "suspended"> = {
  active: "active",
  enabled: "active",
  suspended: "suspended",
  inactive: "suspended",
  deactivated: "suspended",
  disabled: "suspended",
};

/** What an import knows for the whole file: loaded once per job. */
export interface ImportSetting {
  organizationId: string;
  importId: string;
  importer: TenantContext;
  mapping: ImportMapping;
  policy: PasswordPolicy;
  organizationWords: string[];
  groups: Map<string, { id: string; name: string }>;
  courses: Map<string, ImportCourse[]>;
  /** E-mails and usernames that several rows have: the first row that has each. */
  firstRowOfEmail: Map<string, number>;
  firstRowOfUsername: Map<string, number>;
}

export interface RowInput {
  rowNumber: number;
  cells: string[];
}

interface ExistingUser {
  id: string;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  role: Role;
  status: "active" | "suspended";
}

/** What applying a row does. */
export interface RowPlan {
  email: string;
  firstName?: string;
  lastName?: string;
  username?: string;
  role?: Role;
  status?: "active" | "suspended";
  password?: string;
  groupIds: string[];
  courseIds: string[];
  /** Courses completed elsewhere (completed_on): each enrolled in and completed on its date. */
  completions: PlannedCompletion[];
  existing?: ExistingUser;
  /** For an update: the fields it changes. */
  changes: string[];
}

export interface DryRunRow {
  rowNumber: number;
  outcome: DryRunOutcome;
  reason: string | null;
  plan?: RowPlan;
}

/** The import's context for a dry run: its organization's policy, groups, courses and repeated keys. */
export async function loadImportSetting(imp: UserImport): Promise<ImportSetting> {
  const organizationId = imp.organizationId;
  const mapping = imp.mapping as ImportMapping;
  const organization = await db().organization.findUniqueOrThrow({
    where: { id: organizationId },
    select: { id: true, name: true, subdomain: true, settings: true },
  });
  const [groups, courses] = await Promise.all([
    db().group.findMany({ where: { organizationId }, select: { id: true, name: true } }),
    db().course.findMany({
      where: { organizationId },
      select: {
        id: true,
        title: true,
        lessonCount: true,
        certificateTemplateId: true,
        certificateValidityMonths: true,
      },
    }),
  ]);
  const groupMap = new Map<string, { id: string; name: string }>();
  for (const g of groups) groupMap.set(g.id, g).set(g.name.trim().toLowerCase(), g);
  const courseMap = new Map<string, ImportCourse[]>();
  for (const c of courses) {
    courseMap.set(c.id, [c]);
    const key = c.title.trim().toLowerCase();
    courseMap.set(key, [...(courseMap.get(key) ?? []), c]);
  }
  return {
    organizationId,
    importId: imp.id,
    importer: jobContext(
      { organizationId, subdomain: organization.subdomain },
      { userId: imp.createdById, role: imp.createdByRole },
    ),
    mapping,
    policy: await passwordPolicyOf(organization),
    organizationWords: [organization.name, organization.subdomain],
    groups: groupMap,
    courses: courseMap,
    firstRowOfEmail: await repeated(imp.id, mapping.email),
    firstRowOfUsername: await repeated(imp.id, mapping.username),
  };
}

/** Values of a column that several rows share (lower-cased, trimmed), with the first row of each. */
async function repeated(importId: string, column: number | null | undefined): Promise<Map<string, number>> {
  if (column === null || column === undefined) return new Map();
  const rows = await queryRows<{ value: string; first: number }>(
    Prisma.sql`SELECT lower(btrim("cells"->>${column}::int)) AS "value", min("rowNumber") AS "first"
    FROM "UserImportRow" WHERE "importId" = ${importId}::uuid AND btrim(coalesce("cells"->>${column}::int, '')) <> ''
    GROUP BY 1 HAVING count(*) > 1`,
    db(),
  );
  return new Map(rows.map((r) => [r.value, Number(r.first)]));
}

/** The dry run of `rows` against the database as `reader` sees it. */
export async function dryRunRows(
  setting: ImportSetting,
  rows: readonly RowInput[],
  reader: Reader = db(),
): Promise<DryRunRow[]> {
  const { organizationId, mapping } = setting;
  const emails = rows.map((r) => emailSchema.safeParse(cellOf(r.cells, mapping, "email")));
  const validEmails = [...new Set(emails.flatMap((e) => (e.success ? [e.data] : [])))];
  const usernames = [...new Set(rows.map((r) => cellOf(r.cells, mapping, "username").toLowerCase()).filter(Boolean))];
  const [existing, holders] = await Promise.all([
    validEmails.length
      ? reader.user.findMany({
          where: { organizationId, email: { in: validEmails } },
          select: { id: true, email: true, username: true, firstName: true, lastName: true, role: true, status: true },
        })
      : [],
    usernames.length
      ? reader.user.findMany({
          where: { organizationId, username: { in: usernames } },
          select: { id: true, username: true },
        })
      : [],
  ]);
  const byEmail = new Map(existing.map((u) => [u.email, u as ExistingUser]));
  const usernameHolder = new Map(holders.map((u) => [u.username, u.id]));
  const ids = existing.map((u) => u.id);
  const [memberships, enrollments] = await Promise.all([
    ids.length
      ? reader.groupMember.findMany({
          where: { organizationId, userId: { in: ids } },
          select: { userId: true, groupId: true },
        })
      : [],
    ids.length
      ? reader.enrollment.findMany({
          where: { organizationId, userId: { in: ids } },
          select: {
            userId: true,
            courseId: true,
            status: true,
            rounds: {
              where: { organizationId, completedAt: { not: null } },
              select: { completedAt: true },
              orderBy: { completedAt: "desc" },
              take: 1,
            },
          },
        })
      : [],
  ]);
  const has = new Set([
    ...memberships.map((m) => `${m.userId}:${m.groupId}`),
    ...enrollments.filter((e) => e.status !== "withdrawn").map((e) => `${e.userId}:${e.courseId}`),
  ]);
  const completions: Completions = new Map(
    enrollments.map((e) => [
      `${e.userId}:${e.courseId}`,
      { completed: e.status === "completed", lastRound: e.rounds[0]?.completedAt ?? null },
    ]),
  );
  const now = new Date();
  return rows.map((row, i) => {
    try {
      const email = emails[i]!;
      if (!email.success) {
        const raw = cellOf(row.cells, mapping, "email");
        throw new RowRejected(raw ? `Invalid email address '${raw}'` : "The email is missing");
      }
      const plan = planRow(setting, row, email.data, byEmail.get(email.data), usernameHolder, has, completions, now);
      const outcome: DryRunOutcome = !plan.existing ? "create" : plan.changes.length ? "update" : "unchanged";
      const completes = plan.completions.length ? `completes ${describeCompletions(plan.completions, now)}` : null;
      const reason =
        outcome === "update"
          ? `Changes ${plan.changes.join(", ")}${completes ? `; ${completes}` : ""}`
          : completes && `${completes[0]!.toUpperCase()}${completes.slice(1)}`;
      return { rowNumber: row.rowNumber, outcome, reason, plan };
    } catch (error) {
      if (error instanceof RowRejected) return { rowNumber: row.rowNumber, outcome: "reject", reason: error.message };
      throw error;
    }
  });
}

/** Per user and course ("userId:courseId"): whether the enrollment is completed, and its last completed earlier round. */
type Completions = Map<string, { completed: boolean; lastRound: Date | null }>;

function planRow(
  setting: ImportSetting,
  row: RowInput,
  email: string,
  existing: ExistingUser | undefined,
  usernameHolder: Map<string, string>,
  has: Set<string>,
  known: Completions,
  now: Date,
): RowPlan {
  const { mapping } = setting;
  const cell = (field: Parameters<typeof cellOf>[2]) => cellOf(row.cells, mapping, field);
  const first = setting.firstRowOfEmail.get(email);
  if (first !== undefined && first !== row.rowNumber)
    throw new RowRejected(`Duplicate email in the file: row ${first} has ${email} too`);

  const role = parseRole(setting, cell("role"));
  const status = parseStatus(cell("status"));
  const groupIds = lookupGroups(setting, cell("groups"));
  const courseIds = lookupCourses(setting, cell("courses"));
  const completions = planCompletions(cell("courses"), cell("completed_on"), (name) => findCourse(setting, name), now);
  const firstName = cell("first_name") ? parseName(cell("first_name"), "First name") : undefined;
  const lastName = cell("last_name") ? parseName(cell("last_name"), "Last name") : undefined;
  let username: string | undefined;
  if (cell("username")) {
    const parsed = usernameSchema.safeParse(cell("username"));
    if (!parsed.success)
      throw new RowRejected(
        `Invalid username '${cell("username")}': ${parsed.error.issues[0]?.message ?? "not allowed"}`,
      );
    username = parsed.data;
    const holder = usernameHolder.get(username);
    if (holder && holder !== existing?.id) throw new RowRejected(`The username '${username}' is taken`);
    const firstRow = setting.firstRowOfUsername.get(username);
    if (firstRow !== undefined && firstRow !== row.rowNumber)
      throw new RowRejected(`Duplicate username in the file: row ${firstRow} has ${username} too`);
  }

  if (!existing) {
    if (!firstName) throw new RowRejected("The first name is missing (a new user needs one)");
    if (!lastName) throw new RowRejected("The last name is missing (a new user needs one)");
    const password = cell("password") || undefined;
    if (password) {
      const verdict = checkPassword(password, setting.policy, [
        firstName,
        lastName,
        email,
        username ?? "",
        ...setting.organizationWords,
      ]);
      if (!verdict.ok) throw new RowRejected(`Weak password: ${verdict.message}`);
      if (password.length > 200) throw new RowRejected("Weak password: a password is at most 200 characters");
    }
    return {
      email,
      firstName,
      lastName,
      username,
      role: role ?? "learner",
      status: status ?? "active",
      password,
      groupIds,
      courseIds,
      completions,
      changes: [],
    };
  }

  try {
    assertMayEdit(setting.importer, existing);
  } catch (error) {
    throw new RowRejected(error instanceof AppError ? error.message : "You may not change this account");
  }
  const changes: string[] = [];
  if (firstName !== undefined && firstName !== existing.firstName) changes.push("first name");
  if (lastName !== undefined && lastName !== existing.lastName) changes.push("last name");
  if (username !== undefined && username !== existing.username) changes.push("username");
  if (role !== undefined && role !== existing.role) {
    if (existing.id === setting.importer.userId) throw new RowRejected("You cannot change your own role");
    changes.push("role");
  }
  if (status !== undefined && status !== existing.status) {
    if (existing.id === setting.importer.userId && status === "suspended")
      throw new RowRejected("You cannot deactivate your own account");
    changes.push("status");
  }
  const newGroups = groupIds.filter((g) => !has.has(`${existing.id}:${g}`));
  const newCourses = courseIds.filter((c) => !has.has(`${existing.id}:${c}`));
  const newCompletions = completions.filter((c) => {
    const state = known.get(`${existing.id}:${c.courseId}`);
    return !state?.completed && !(state?.lastRound && state.lastRound.getTime() >= c.completedAt.getTime());
  });
  if (newGroups.length) changes.push("groups");
  if (newCourses.length) changes.push("courses");
  if (newCompletions.length) changes.push("completions");
  return {
    email,
    firstName,
    lastName,
    username,
    role,
    status,
    groupIds: newGroups,
    courseIds: newCourses,
    completions: newCompletions,
    existing,
    changes,
  };
}

function parseName(value: string, label: string): string {
  const parsed = nameSchema(label).safeParse(value);
  if (!parsed.success) throw new RowRejected(parsed.error.issues[0]?.message ?? `${label} is not valid`);
  return parsed.data;
}

function parseRole(setting: ImportSetting, value: string): Role | undefined {
  if (!value) return undefined;
  const role = value.toLowerCase().replace(/[\s-]+/g, "_");
  if (!isRole(role)) throw new RowRejected(`Unknown role '${value}': use learner, instructor, org_admin or admin`);
  try {
    assertMayAssignRole(setting.importer, role);
  } catch {
    throw new RowRejected(`The role '${role}' is not yours to give`);
  }
  return role;
}

function parseStatus(value: string): "active" | "suspended" | undefined {
  if (!value) return undefined;
  const status = STATUS_WORDS[value.toLowerCase()];
  if (!status) throw new RowRejected(`Unknown status '${value}': use active or suspended`);
  return status;
}

/** A cell's list: names or ids separated by | or ; */
function listOf(value: string): string[] {
  return [
    ...new Set(
      value
        .split(/[|;]/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

function lookupGroups(setting: ImportSetting, value: string): string[] {
  return listOf(value).map((name) => {
    const group = setting.groups.get(name.toLowerCase()) ?? setting.groups.get(name);
    if (!group) throw new RowRejected(`Unknown group '${name}'`);
    return group.id;
  });
}

function lookupCourses(setting: ImportSetting, value: string): string[] {
  return [...new Set(listOf(value).map((name) => findCourse(setting, name).id))];
}

/** The organization's course of a title (any case) or id. */
function findCourse(setting: ImportSetting, name: string): ImportCourse {
  const courses = setting.courses.get(name.toLowerCase()) ?? setting.courses.get(name);
  if (!courses?.length) throw new RowRejected(`Unknown course '${name}'`);
  if (courses.length > 1) throw new RowRejected(`Several courses are called '${name}': name the course by its id`);
  return courses[0]!;
}
