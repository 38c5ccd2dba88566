import { spawnSync } from "node:child_process";
import { describe, expect, it, vi } from "vitest";
import { refuseBadProductionConfig } from "./production-config";

class Exited extends Error {}

/** The problems refuseBadProductionConfig prints before it exits (none: it returns). */
function productionConfigProblems(env: Record<string, string | undefined>): string[] {
  const lines: string[] = [];
  const print = vi.spyOn(console, "error").mockImplementation((line: string) => void lines.push(line));
  const exit = vi.spyOn(process, "exit").mockImplementation(() => {
    throw new Exited();
  });
  try {
    refuseBadProductionConfig(env);
  } catch (error) {
    if (!(error instanceof Exited)) throw error;
    expect(exit).toHaveBeenCalledWith(1);
  } finally {
    print.mockRestore();
    exit.mockRestore();
  }
  return lines.map((line) => line.replace(/^Refusing to start: /, ""));
}

const GOOD = {
  NODE_ENV: "production",
  DATABASE_URL: "postgres://lms@db.internal:5432/lms",
  NEXTAUTH_SECRET: "x".repeat(32),
  APP_DOMAIN: "lms.example.com",
};

describe("a production start refuses a configuration meant for local runs", () => {
  it("accepts a complete configuration, and checks nothing outside production", () => {
    expect(productionConfigProblems(GOOD)).toEqual([]);
    expect(productionConfigProblems({ NODE_ENV: "development" })).toEqual([]);
    expect(productionConfigProblems({})).toEqual([]);
  });

  it("names each problem on one line", () => {
    expect(productionConfigProblems({ NODE_ENV: "production", APP_DOMAIN: "https://lms.example.com/" })).toEqual([
      "DATABASE_URL is not set: in production, point it at your PostgreSQL server (the embedded database is for local runs).",
      "NEXTAUTH_SECRET is not set: in production, set it to a random string of at least 32 characters.",
      'APP_DOMAIN "https://lms.example.com/" is not a host name: give the domain the organizations live under, such as lms.example.com (no scheme, port or path).',
    ]);
    expect(productionConfigProblems({ ...GOOD, NEXTAUTH_SECRET: "short" })).toEqual([
      "NEXTAUTH_SECRET is 5 characters long: it must have at least 32.",
    ]);
  });

  it.each(["lms.example.com:3000", "lms_example.com", "-lms.example.com", "", "a..b"])(
    "APP_DOMAIN %j is not a host name",
    (domain) => {
      expect(productionConfigProblems({ ...GOOD, APP_DOMAIN: domain })).toHaveLength(1);
    },
  );

  it.each(["localhost", "lms.example.com", "LMS.Example.COM", "a-b.c"])("APP_DOMAIN %j is a host name", (domain) => {
    expect(productionConfigProblems({ ...GOOD, APP_DOMAIN: domain })).toEqual([]);
  });

  it.each(["server/start.ts", "scripts/demo.ts"])(
    "%s exits with 1 and one line per problem, before touching anything",
    (script) => {
      const result = spawnSync(
        process.execPath,
        ["--import", "tsx", "--import", "./server/server-only-hook.mjs", script],
        {
          env: { PATH: process.env.PATH, NODE_ENV: "production", NEXTAUTH_SECRET: "too-short" },
          encoding: "utf8",
          timeout: 30_000,
        },
      );
      expect(result.status).toBe(1);
      expect(result.stderr.trim().split("\n")).toEqual([
        "Refusing to start: DATABASE_URL is not set: in production, point it at your PostgreSQL server (the embedded database is for local runs).",
        "Refusing to start: NEXTAUTH_SECRET is 9 characters long: it must have at least 32.",
      ]);
    },
  );
});
