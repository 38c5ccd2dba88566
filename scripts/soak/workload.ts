import { BENCH_SEARCH_TERM } from "../db/large/plan";
import { commitBody, isApplied, type Learner } from "../bench/commit-bench";
import type { SoakSession } from "./session";

// The soak's mixed workload: what a day of an LMS looks like, by weight out of 100 requests. Each kind
// builds its request (autocannon's setupRequest) and judges its answer: anything but the expected status
// (or, for a SCORM commit, an applied commit) is an error.

export interface SoakRequest {
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface RequestKind {
  key: string;
  weight: number;
  build(session: SoakSession, context: Record<string, unknown>): SoakRequest;
  /** Whether the answer is a success; also hands back what build() took (a SCORM learner). */
  judge(status: number, body: string, context: Record<string, unknown>): boolean;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const cookie = (token: string) => ({ cookie: `next-auth.session-token=${token}` });
const json = { "content-type": "application/json" };
const status =
  (expected: number) =>
  (got: number): boolean =>
    got === expected;

function get(key: string, weight: number, path: (s: SoakSession) => string, as: "learner" | "admin", page = false) {
  return {
    key,
    weight,
    build: (s: SoakSession) => {
      const token = as === "learner" ? s.learnerToken : s.adminToken;
      return {
        method: "GET" as const,
        path: path(s),
        headers: { host: s.host, ...(page ? cookie(token) : bearer(token)) },
      };
    },
    judge: status(200),
  };
}

/** Learners of the SCORM fixture without a commit in flight (a learner never has two at once). */
const freeLearners = new WeakMap<SoakSession, Learner[]>();

export const REQUEST_KINDS: readonly RequestKind[] = [
  get("catalog", 15, () => `/api/courses?q=${BENCH_SEARCH_TERM}&page=1&page_size=20`, "learner"),
  get("dashboard", 14, () => "/api/dashboard", "learner"),
  get("outline", 12, (s) => `/api/courses/${s.courseId}/outline`, "learner"),
  get("lesson", 12, (s) => `/api/courses/${s.courseId}/lessons/${s.lessonId}`, "learner"),
  {
    key: "scormCommit",
    weight: 20,
    build: (s, context) => {
      let free = freeLearners.get(s);
      if (!free) freeLearners.set(s, (free = [...s.commits.learners]));
      const learner = free.pop();
      if (!learner) throw new Error("Every SCORM learner has a commit in flight: the fixture needs more learners");
      learner.sequence += 1;
      context.learner = learner;
      context.free = free;
      return {
        method: "POST",
        path: `/scorm/commits/${learner.token}`,
        headers: { host: s.commits.host, ...json },
        body: commitBody(learner),
      };
    },
    judge: (got, body, context) => {
      (context.free as Learner[]).push(context.learner as Learner);
      return isApplied(got, body);
    },
  },
  get("dashboardPage", 4, () => "/dashboard", "learner", true),
  get("messagesPage", 2, () => "/messages", "learner", true),
  get("inbox", 6, () => "/api/messages/threads", "learner"),
  get("unread", 4, () => "/api/messages/unread-count", "learner"),
  {
    key: "reply",
    weight: 2,
    build: (s) => ({
      method: "POST",
      path: `/api/messages/threads/${s.threadId}/messages`,
      headers: { host: s.host, ...json, ...bearer(s.adminToken) },
      body: JSON.stringify({ body: "Another message of the soak." }),
    }),
    judge: status(201),
  },
  get("reportOverview", 4, () => "/api/reports/overview", "admin"),
  get("reportCourses", 3, () => "/api/reports/courses?page=1&page_size=20", "admin"),
  {
    key: "signIn",
    weight: 2,
    build: (s) => ({
      method: "POST",
      path: "/auth/login",
      headers: { host: s.host, ...json },
      body: JSON.stringify({ email: s.learnerEmail, password: s.password }),
    }),
    judge: status(200),
  },
];

/** A kind drawn by weight. */
export function drawKind(random: number): RequestKind {
  const total = REQUEST_KINDS.reduce((sum, k) => sum + k.weight, 0);
  let left = random * total;
  for (const kind of REQUEST_KINDS) {
    left -= kind.weight;
    if (left < 0) return kind;
  }
  return REQUEST_KINDS.at(-1)!;
}
