// The shape of the large (benchmark) dataset. Counts are per organization; totals are in the comments.

export const LARGE_DATASET = {
  /** Bumped when the generator changes, so `npm run bench` knows an older dataset is stale. */
  version: 3,
  organizations: 21,
  usersPerOrganization: 2_500, // 19 × 2,500 + the big organization's 50,000 + the huge one's 25,000 = 122,500 users
  instructorsPerOrganization: 30,
  categoriesPerOrganization: 8,
  coursesPerOrganization: 100, // 2,000 courses
  modulesPerCourse: [3, 6],
  lessonsPerModule: [2, 6],
  enrollmentsPerOrganization: 25_000, // 20 × 25,000 + the huge organization's 250,000 = 750,000 enrollments
  /** The bench learner's own enrollments (a heavy dashboard); everyone else has 2–18. */
  benchLearnerEnrollments: 60,
  seed: 20_261_122,
} as const;

/**
 * One organization is big (the first, where the benchmark signs in): 50,000 people, in groups, for the
 * user administration's rows (docs/benchmarks.md). Its learners share the same number of enrollments.
 */
export const BIG_ORGANIZATION = {
  index: 0,
  users: 50_000,
  /** Everyone is in one of these (2,000 each); the benchmark filters the list by the first. */
  regionGroups: 25,
  /** 30% are also in one of these. */
  teamGroups: 15,
} as const;

/**
 * One organization has ten times the enrollments of the others (the last, bench-21): the reports' rows
 * compare it with the big organization's 25,000 (docs/benchmarks.md). Its people are in groups too.
 */
export const HUGE_ORGANIZATION = {
  index: 20,
  users: 25_000,
  enrollments: 250_000,
  regionGroups: 25,
  teamGroups: 15,
} as const;

export const usersOf = (organizationIndex: number) =>
  organizationIndex === BIG_ORGANIZATION.index
    ? BIG_ORGANIZATION.users
    : organizationIndex === HUGE_ORGANIZATION.index
      ? HUGE_ORGANIZATION.users
      : LARGE_DATASET.usersPerOrganization;

export const enrollmentsOf = (organizationIndex: number) =>
  organizationIndex === HUGE_ORGANIZATION.index
    ? HUGE_ORGANIZATION.enrollments
    : LARGE_DATASET.enrollmentsPerOrganization;

/** The reports' rows: the big organization (25,000 enrollments) and the huge one (250,000), as org admin and as an instructor. */
export const REPORT_BENCH = {
  organizations: { small: "bench-01", large: "bench-21" },
  adminUser: "orgadmin",
  instructorUser: "instructor01",
} as const;

/** The user list's search in the benchmark: a last name, about 1 in 25 people. */
export const BENCH_USER_SEARCH = "garcia";

/** Who the benchmark signs in as, and where. */
export const BENCH_ACCOUNT = {
  subdomain: "bench-01",
  email: "learner@bench-01.example.com",
  password: "BenchPassword123!",
  /** The user administration's rows sign in as the organization's org admin. */
  adminEmail: "orgadmin@bench-01.example.com",
} as const;

/** The catalog search the benchmark runs: a word in about 30% of course titles. */
export const BENCH_SEARCH_TERM = "management";

export function organizationSubdomain(index: number): string {
  return `bench-${String(index + 1).padStart(2, "0")}`;
}

export const CATEGORY_NAMES = [
  "Compliance",
  "Leadership",
  "Technology",
  "Sales",
  "Finance",
  "Health and Safety",
  "Onboarding",
  "Communication",
];

const TOPICS = [
  "Project Management",
  "Risk Management",
  "Data Management",
  "Change Management",
  "Time Management",
  "Conflict Management",
  "Product Management",
  "Stress Management",
  "Vendor Management",
  "Workplace Safety",
  "Data Privacy",
  "Information Security",
  "Cloud Computing",
  "Public Speaking",
  "Negotiation",
  "Customer Service",
  "Financial Planning",
  "Budgeting",
  "Team Leadership",
  "Coaching",
  "Business Writing",
  "Agile Delivery",
  "SQL for Analysts",
  "Excel Modelling",
  "Anti-Bribery",
  "First Aid",
  "Fire Safety",
  "Diversity and Inclusion",
  "Design Thinking",
  "Sales Prospecting",
];
const LEVELS = ["Fundamentals", "Essentials", "in Practice", "for Managers", "Advanced", "Refresher", "Masterclass"];

/** Unique within an organization: the topic and level repeat, the edition number does not. */
export function courseTitle(index: number): string {
  const topic = TOPICS[index % TOPICS.length]!;
  const level = LEVELS[Math.floor(index / TOPICS.length) % LEVELS.length]!;
  return `${topic} ${level} ${Math.floor(index / TOPICS.length) + 1}`;
}

export function courseDescription(title: string): string {
  return (
    `<p>${title} gives you the knowledge and confidence to apply what you learn on the job. ` +
    `Short lessons, practical examples and a checklist at the end of every module.</p>` +
    `<ul><li>Learn the core ideas</li><li>Practise with real scenarios</li><li>Check your understanding</li></ul>`
  );
}

export const FIRST_NAMES = [
  "Ava",
  "Ben",
  "Chloe",
  "Daniel",
  "Emma",
  "Felix",
  "Grace",
  "Hugo",
  "Isla",
  "Jack",
  "Kira",
  "Liam",
  "Maya",
  "Noah",
  "Olivia",
  "Pavel",
  "Quinn",
  "Rosa",
  "Sam",
  "Tara",
  "Umar",
  "Vera",
  "Will",
  "Yara",
  "Zoe",
];
export const LAST_NAMES = [
  "Anderson",
  "Brown",
  "Clarke",
  "Dubois",
  "Evans",
  "Fischer",
  "Garcia",
  "Hughes",
  "Ivanova",
  "Jensen",
  "Kowalski",
  "Lopez",
  "Moreau",
  "Nakamura",
  "Okafor",
  "Patel",
  "Rossi",
  "Schmidt",
  "Tanaka",
  "Usman",
  "Valdez",
  "Walker",
  "Xu",
  "Young",
  "Zimmermann",
];
export const MODULE_TITLES = [
  "Introduction",
  "Core concepts",
  "Planning",
  "In practice",
  "Common pitfalls",
  "Case studies",
  "Assessment",
];
export const LESSON_TITLES = [
  "Overview",
  "Key terms",
  "Walkthrough",
  "Worked example",
  "Checklist",
  "Scenario",
  "Summary",
  "Quick quiz",
];
