import type { Role } from "@/lib/routes";

// The demo tenants and accounts. The README lists the same, generated from here by the demo script.

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

export const DEMO_SUPERADMIN = { email: "superadmin@lms.local", firstName: "Sam", lastName: "Superadmin", username: "superadmin" };

export function demoEmail(username: string, subdomain: string): string {
  return `${username}@${subdomain}.example.com`;
}

export const DEMO_COURSES = [
  {
    title: "Workplace Safety Essentials",
    category: "Compliance",
    status: "published" as const,
    modules: [
      { title: "Getting started", lessons: [{ title: "Welcome", kind: "text" as const, body: "<p>Welcome to the course.</p>" }, { title: "Safety basics video", kind: "video" as const, mediaUrl: "https://example.com/safety.mp4" }] },
      { title: "In practice", lessons: [{ title: "Checklist", kind: "file" as const, mediaUrl: "https://example.com/checklist.pdf" }] },
    ],
  },
  {
    title: "Introduction to Data Literacy",
    category: "Skills",
    status: "draft" as const,
    modules: [{ title: "Reading charts", lessons: [{ title: "Bar and line charts", kind: "text" as const, body: "<p>Charts tell stories.</p>" }] }],
  },
];
