import { v7 } from "uuid";
import type pg from "pg";
import { CopyWriter, timestamp } from "./copy-writer";
import {
  CATEGORY_NAMES,
  courseDescription,
  courseTitle,
  FIRST_NAMES,
  LARGE_DATASET,
  LAST_NAMES,
  LESSON_TITLES,
  MODULE_TITLES,
  organizationSubdomain,
  usersOf,
} from "./plan";
import type { Random } from "./random";
/** A UUIDv7 whose timestamp is `ms`, so ids sort by the time the row claims to have been created. */
const uuidV7 = (ms: number) => v7({ msecs: ms });

// Organizations, people and the course catalog of the large dataset. What the enrollment step needs
// (courses with their lessons in outline order, the learners) is returned, the rest goes straight to COPY.

export const DAY = 86_400_000;

export interface LessonRef {
  id: string;
  required: boolean;
  /** Video lessons record a playback position. */
  durationSeconds: number | null;
}

export interface CourseRef {
  id: string;
  enrollable: boolean;
  publishedAt: number;
  lessons: LessonRef[];
  requiredCount: number;
  /** Index (in outline order) of the last required lesson. */
  lastRequiredIndex: number;
}

export interface OrganizationRef {
  id: string;
  subdomain: string;
  index: number;
  learners: { id: string; createdAt: number }[];
  /** The organization's heavy learner ("learner@…"), signed in by the benchmark. */
  benchLearner: { id: string; createdAt: number };
  courses: CourseRef[];
}

const COLUMNS = {
  Organization: ["id", "name", "subdomain", "status", "branding", "settings", "createdAt", "updatedAt"],
  User: [
    "id",
    "organizationId",
    "role",
    "firstName",
    "lastName",
    "username",
    "email",
    "passwordHash",
    "status",
    "sessionVersion",
    "lastLoginAt",
    "createdAt",
    "updatedAt",
  ],
  Category: ["id", "organizationId", "name", "description", "createdAt", "updatedAt"],
  Course: [
    "id",
    "organizationId",
    "categoryId",
    "title",
    "description",
    "status",
    "allowSelfEnrollment",
    "createdById",
    "publishedAt",
    "createdAt",
    "updatedAt",
  ],
  CourseInstructor: ["organizationId", "courseId", "userId", "addedAt"],
  Module: ["id", "organizationId", "courseId", "title", "description", "position", "createdAt", "updatedAt"],
  Lesson: [
    "id",
    "organizationId",
    "courseId",
    "moduleId",
    "title",
    "kind",
    "position",
    "isRequired",
    "body",
    "mediaUrl",
    "durationSeconds",
    "createdAt",
    "updatedAt",
  ],
} as const;

type Table = keyof typeof COLUMNS;

export async function loadCatalog(
  client: pg.Client,
  random: Random,
  passwordHash: string,
  now: number,
): Promise<{ organizations: OrganizationRef[]; rows: Record<Table, number> }> {
  const writers = {} as Record<Table, CopyWriter>;
  const rows = {} as Record<Table, number>;
  const organizations: OrganizationRef[] = [];
  // One table at a time: a connection carries one COPY.
  const orgRows: { id: string; createdAt: number; index: number }[] = [];
  writers.Organization = new CopyWriter(client, "Organization", COLUMNS.Organization);
  for (let o = 0; o < LARGE_DATASET.organizations; o += 1) {
    const createdAt = now - 800 * DAY + o * 3_600_000;
    const id = uuidV7(createdAt);
    orgRows.push({ id, createdAt, index: o });
    const subdomain = organizationSubdomain(o);
    await writers.Organization.row([
      id,
      `Bench Organization ${o + 1}`,
      subdomain,
      "active",
      "{}",
      '{"allowSelfRegistration":false}',
      timestamp(createdAt),
      timestamp(createdAt),
    ]);
  }
  rows.Organization = await writers.Organization.end();

  writers.User = new CopyWriter(client, "User", COLUMNS.User);
  const staff = new Map<string, string[]>();
  for (const org of orgRows) {
    const ref: OrganizationRef = {
      id: org.id,
      index: org.index,
      subdomain: organizationSubdomain(org.index),
      learners: [],
      benchLearner: { id: "", createdAt: 0 },
      courses: [],
    };
    const instructors: string[] = [];
    const subdomain = ref.subdomain;
    const people = usersOf(org.index);
    // Sign-up dates spread over the same two years whatever the organization's size.
    const spacing = Math.floor((LARGE_DATASET.usersPerOrganization * 10_000_000) / people);
    for (let u = 0; u < people; u += 1) {
      const createdAt = org.createdAt + DAY + u * spacing + random.int(0, spacing - 1);
      const id = uuidV7(createdAt);
      const { role, username } = person(u);
      const lastLogin = random.chance(0.7) ? now - random.int(1, 200) * DAY : null;
      const first = random.pick(FIRST_NAMES);
      const last = random.pick(LAST_NAMES);
      await writers.User.row([
        id,
        org.id,
        role,
        first,
        last,
        username,
        `${username}@${subdomain}.example.com`,
        passwordHash,
        "active",
        0,
        lastLogin === null ? null : timestamp(lastLogin),
        timestamp(createdAt),
        timestamp(lastLogin ?? createdAt),
      ]);
      if (role === "instructor") instructors.push(id);
      else if (username === "learner") ref.benchLearner = { id, createdAt };
      else if (role === "learner") ref.learners.push({ id, createdAt });
    }
    staff.set(org.id, instructors);
    organizations.push(ref);
  }
  rows.User = await writers.User.end();

  const categories = new Map<string, string[]>();
  writers.Category = new CopyWriter(client, "Category", COLUMNS.Category);
  for (const org of organizations) {
    const ids: string[] = [];
    for (const [i, name] of CATEGORY_NAMES.entries()) {
      const at = now - 790 * DAY + i * 60_000;
      ids.push(uuidV7(at));
      await writers.Category.row([
        ids[i]!,
        org.id,
        name,
        `Courses about ${name.toLowerCase()}.`,
        timestamp(at),
        timestamp(at),
      ]);
    }
    categories.set(org.id, ids);
  }
  rows.Category = await writers.Category.end();

  writers.Course = new CopyWriter(client, "Course", COLUMNS.Course);
  const outlines: { org: OrganizationRef; course: CourseRef; createdAt: number; instructors: string[] }[] = [];
  for (const org of organizations) {
    const teachers = staff.get(org.id)!;
    for (let c = 0; c < LARGE_DATASET.coursesPerOrganization; c += 1) {
      const createdAt = now - 700 * DAY + c * 3 * DAY + random.int(0, DAY);
      const id = uuidV7(createdAt);
      const status = c % 10 === 9 ? "draft" : c % 20 === 4 ? "archived" : "published";
      const publishedAt = createdAt + 2 * DAY;
      const title = courseTitle(c);
      const owners = [random.pick(teachers)];
      if (random.chance(0.4)) owners.push(teachers.find((t) => t !== owners[0])!);
      const categoryId = random.chance(0.9) ? random.pick(categories.get(org.id)!) : null;
      await writers.Course.row([
        id,
        org.id,
        categoryId,
        title,
        courseDescription(title),
        status,
        true,
        owners[0],
        status === "draft" ? null : timestamp(publishedAt),
        timestamp(createdAt),
        timestamp(publishedAt),
      ]);
      const course: CourseRef = {
        id,
        enrollable: status !== "draft",
        publishedAt,
        lessons: [],
        requiredCount: 0,
        lastRequiredIndex: 0,
      };
      org.courses.push(course);
      outlines.push({ org, course, createdAt, instructors: owners });
    }
  }
  rows.Course = await writers.Course.end();

  writers.CourseInstructor = new CopyWriter(client, "CourseInstructor", COLUMNS.CourseInstructor);
  for (const { org, course, createdAt, instructors } of outlines) {
    for (const userId of instructors)
      await writers.CourseInstructor.row([org.id, course.id, userId, timestamp(createdAt)]);
  }
  rows.CourseInstructor = await writers.CourseInstructor.end();

  // Modules and lessons: the first course of every organization has a fixed, larger outline (6 × 5).
  const lessonRows: (string | number | boolean | null)[][] = [];
  writers.Module = new CopyWriter(client, "Module", COLUMNS.Module);
  for (const { org, course, createdAt } of outlines) {
    const first = org.courses[0] === course;
    const moduleCount = first ? 6 : random.int(LARGE_DATASET.modulesPerCourse[0], LARGE_DATASET.modulesPerCourse[1]);
    for (let m = 0; m < moduleCount; m += 1) {
      const at = createdAt + (m + 1) * 600_000;
      const moduleId = uuidV7(at);
      await writers.Module.row([
        moduleId,
        org.id,
        course.id,
        `${MODULE_TITLES[m % MODULE_TITLES.length]} ${m + 1}`,
        "",
        m,
        timestamp(at),
        timestamp(at),
      ]);
      const lessonCount = first ? 5 : random.int(LARGE_DATASET.lessonsPerModule[0], LARGE_DATASET.lessonsPerModule[1]);
      for (let l = 0; l < lessonCount; l += 1) {
        const lessonAt = at + (l + 1) * 1000;
        const lessonId = uuidV7(lessonAt);
        const roll = random.next();
        const kind = roll < 0.55 ? "text" : roll < 0.85 ? "video" : "file";
        // The first lesson of a module is always required, so every course has required lessons.
        const required = l === 0 || random.chance(0.9);
        const duration = kind === "video" ? random.int(120, 1800) : null;
        const body =
          kind === "text"
            ? `<p>${LESSON_TITLES[l % LESSON_TITLES.length]}: read this page, then mark it complete.</p>`
            : "";
        const media =
          kind === "video"
            ? `https://media.example.com/${lessonId}.mp4`
            : kind === "file"
              ? `https://media.example.com/${lessonId}.pdf`
              : null;
        lessonRows.push([
          lessonId,
          org.id,
          course.id,
          moduleId,
          `${LESSON_TITLES[l % LESSON_TITLES.length]} ${m + 1}.${l + 1}`,
          kind,
          l,
          required,
          body,
          media,
          duration,
          timestamp(lessonAt),
          timestamp(lessonAt),
        ]);
        course.lessons.push({ id: lessonId, required, durationSeconds: duration });
        if (required) {
          course.requiredCount += 1;
          course.lastRequiredIndex = course.lessons.length - 1;
        }
      }
    }
  }
  rows.Module = await writers.Module.end();
  writers.Lesson = new CopyWriter(client, "Lesson", COLUMNS.Lesson);
  for (const row of lessonRows) await writers.Lesson.row(row);
  rows.Lesson = await writers.Lesson.end();
  return { organizations, rows };
}

function person(index: number): { role: "org_admin" | "admin" | "instructor" | "learner"; username: string } {
  if (index === 0) return { role: "org_admin", username: "orgadmin" };
  if (index === 1) return { role: "admin", username: "admin" };
  if (index < 2 + LARGE_DATASET.instructorsPerOrganization)
    return { role: "instructor", username: `instructor${String(index - 1).padStart(2, "0")}` };
  if (index === 2 + LARGE_DATASET.instructorsPerOrganization) return { role: "learner", username: "learner" };
  return { role: "learner", username: `learner${String(index).padStart(4, "0")}` };
}
