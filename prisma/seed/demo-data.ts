import type { Role } from "@/lib/routes";

// The demo tenants and accounts. `npm run demo` prints them from here; the README lists the same.

export const DEMO_PASSWORD = "Password123!";

export interface DemoUser {
  role: Exclude<Role, "superadmin">;
  firstName: string;
  lastName: string;
  username: string;
}

export const DEMO_ROLES: DemoUser[] = [
  { role: "admin", firstName: "Ada", lastName: "Admin", username: "admin" },
  { role: "org_admin", firstName: "Olga", lastName: "Orgadmin", username: "orgadmin" },
  { role: "instructor", firstName: "Ian", lastName: "Instructor", username: "instructor" },
  { role: "learner", firstName: "Lena", lastName: "Learner", username: "learner" },
];

export const DEMO_ORGANIZATIONS = [
  { name: "Acme Corporation", subdomain: "acme", allowSelfRegistration: true },
  { name: "Globex University", subdomain: "globex", allowSelfRegistration: false },
] as const;

export const DEMO_SUPERADMIN = {
  email: "superadmin@lms.local",
  firstName: "Sam",
  lastName: "Superadmin",
  username: "superadmin",
};

export function demoEmail(username: string, subdomain: string): string {
  return `${username}@${subdomain}.example.com`;
}

type DemoLesson =
  | { title: string; kind: "text"; body: string; isRequired?: boolean }
  | { title: string; kind: "video"; asset: string; mimeType: string; durationSeconds: number; isRequired?: boolean }
  | { title: string; kind: "file"; fileName: string; content: string }
  /** A package from test/fixtures/scorm, imported as an upload would be. */
  | { title: string; kind: "scorm"; packageFile: string };

export interface DemoCourse {
  title: string;
  category: string;
  status: "draft" | "published";
  allowSelfEnrollment: boolean;
  description: string;
  /** The demo learner's enrollment: how many lessons (in outline order) they have completed. */
  learnerCompleted?: number;
  /** How many days before the seed the demo learner did those lessons (default: that day). */
  learnerDaysAgo?: number;
  /** The course issues the demo certificate on completion: valid for months (null: ever), reminded days before. */
  certificate?: { validityMonths: number | null; reminderDays: number; recertify: boolean };
  modules: { title: string; lessons: DemoLesson[] }[];
}

/** Every demo organization's certificate template, which the compliance and skills courses issue. */
export const DEMO_CERTIFICATE_TEMPLATE = "Certificate of completion";

const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join("");

export const DEMO_COURSES: DemoCourse[] = [
  {
    title: "Workplace Safety Essentials",
    category: "Compliance",
    status: "published",
    allowSelfEnrollment: true,
    description: p(
      "Everything every colleague needs on day one: how to spot hazards, what to do when something goes wrong, and whom to tell.",
      "<strong>About 20 minutes.</strong>",
    ),
    learnerCompleted: 1,
    certificate: { validityMonths: 12, reminderDays: 30, recertify: true },
    modules: [
      {
        title: "Getting started",
        lessons: [
          {
            title: "Welcome",
            kind: "text",
            body: p(
              "Welcome! This course takes about twenty minutes.",
              "Work through the lessons in order and mark each one complete.",
            ),
          },
          {
            title: "Safety basics (video)",
            kind: "video",
            asset: "safety-basics.webm",
            mimeType: "video/webm",
            durationSeconds: 4,
          },
        ],
      },
      {
        title: "In practice",
        lessons: [
          {
            title: "Hazard checklist",
            kind: "file",
            fileName: "hazard-checklist.txt",
            content:
              "Hazard checklist\n\n[ ] Walkways clear\n[ ] Exits marked\n[ ] Spills cleaned\n[ ] First-aid kit stocked\n",
          },
          {
            title: "Reporting incidents",
            kind: "text",
            body: "<h2>Report every incident</h2><ol><li>Make the area safe.</li><li>Tell your manager.</li><li>Fill in the incident form within 24 hours.</li></ol>",
          },
        ],
      },
    ],
  },
  {
    title: "Customer Service Foundations",
    category: "Skills",
    status: "published",
    allowSelfEnrollment: true,
    description: p("Listen first, solve second: the habits behind service people remember."),
    // The demo learner's valid certificate: completed six weeks ago, good for two years.
    learnerCompleted: 3,
    learnerDaysAgo: 45,
    certificate: { validityMonths: 24, reminderDays: 30, recertify: false },
    modules: [
      {
        title: "Listening",
        lessons: [
          {
            title: "Active listening",
            kind: "text",
            body: p("Let the customer finish. Repeat back what you heard before you answer."),
          },
          {
            title: "Asking good questions",
            kind: "text",
            body: p("Open questions find the problem; closed questions confirm it."),
          },
        ],
      },
      {
        title: "Solving",
        lessons: [
          { title: "Owning the problem", kind: "text", body: p("Say what you will do and by when, then do it.") },
          {
            title: "Following up",
            kind: "text",
            body: p("A short note after the fix turns a complaint into loyalty."),
            isRequired: false,
          },
        ],
      },
    ],
  },
  {
    title: "Golf Explained (SCORM samples)",
    category: "Skills",
    status: "published",
    allowSelfEnrollment: true,
    description: p(
      "The five SCORM packages every release is tested against, one per lesson: SCORM 1.2 and 2004, one SCO and many, quizzes, objectives and sequencing.",
      "Sample content © Rustici Software, LLC (scorm.com), CC BY 3.0 US.",
    ),
    modules: [
      {
        title: "SCORM 1.2",
        lessons: [
          {
            title: "Golf basics (SCORM 1.2, one SCO)",
            kind: "scorm",
            packageFile: "golf-scorm12-runtime-basic-singlesco.zip",
          },
          {
            title: "Golf in 18 short parts (SCORM 1.2, 18 SCOs)",
            kind: "scorm",
            packageFile: "golf-scorm12-runtime-minimum-multisco.zip",
          },
        ],
      },
      {
        title: "SCORM 2004",
        lessons: [
          {
            title: "Golf basics (SCORM 2004, one SCO)",
            kind: "scorm",
            packageFile: "golf-scorm2004-3rd-runtime-basic-singlesco.zip",
          },
          {
            title: "Golf with objectives (SCORM 2004, interactions)",
            kind: "scorm",
            packageFile: "golf-scorm2004-3rd-runtime-advanced-interactions.zip",
          },
          {
            title: "Golf in order, then the test (SCORM 2004 4th edition, sequencing)",
            kind: "scorm",
            packageFile: "golf-scorm2004-4th-sequencing-posttest-rollup-multisco.zip",
          },
        ],
      },
    ],
  },
  {
    title: "Data Protection Refresher",
    category: "Compliance",
    status: "published",
    allowSelfEnrollment: false,
    description: p(
      "The yearly refresher everyone takes: what personal data is, how to keep it safe, and what to do after a breach.",
    ),
    // The demo learner's certificate about to expire: completed 350 days ago, valid for twelve months, and
    // inside the 30 days in which the expiry job reminds them and enrolls them for the next round.
    learnerCompleted: 2,
    learnerDaysAgo: 350,
    certificate: { validityMonths: 12, reminderDays: 30, recertify: true },
    modules: [
      {
        title: "The essentials",
        lessons: [
          {
            title: "What counts as personal data",
            kind: "text",
            body: p(
              "Names, e-mail addresses, photos, IP addresses: anything that points to a person.",
              "Collect only what the task needs, and keep it no longer than it needs.",
            ),
          },
          {
            title: "After a breach",
            kind: "text",
            body: "<h2>Within the hour</h2><ol><li>Tell the data protection officer.</li><li>Write down what was exposed and when.</li><li>Do not delete anything.</li></ol>",
          },
        ],
      },
    ],
  },
  {
    title: "Leadership Basics",
    category: "Leadership",
    status: "published",
    allowSelfEnrollment: false,
    description: p("For new team leads. Enrollment by your manager."),
    modules: [
      {
        title: "First weeks",
        lessons: [{ title: "One-to-ones", kind: "text", body: p("Meet each person weekly; let them own the agenda.") }],
      },
    ],
  },
  {
    title: "Introduction to Data Literacy",
    category: "Skills",
    status: "draft",
    allowSelfEnrollment: true,
    description: p("Reading charts and numbers with confidence."),
    modules: [
      {
        title: "Reading charts",
        lessons: [{ title: "Bar and line charts", kind: "text", body: p("Charts tell stories.") }],
      },
    ],
  },
];
