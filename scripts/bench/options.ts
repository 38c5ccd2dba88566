// npm run bench [-- --seconds 10 --warmup 3 --connections 32 --reseed --trace-sql --no-docs --profile --only courses,outline]

export interface BenchOptions {
  /** Measured seconds per request and server. */
  seconds: number;
  /** Unmeasured seconds before each measurement (JIT, pools, PostgreSQL caches). */
  warmup: number;
  connections: number;
  /** Seed the large dataset again even if it is current. */
  reseed: boolean;
  /** Print the SQL the app sends for one of each request, then stop (no load). */
  traceSql: boolean;
  /** Leave docs/benchmarks.md alone. */
  noDocs: boolean;
  /** Write a CPU profile of the app process per measured request to .data/bench/profiles/. */
  profile: boolean;
  /** Only these requests (scenario keys: courses, dashboard, outline, floor, commits, mixed; `reports*`: every key starting so). */
  only: string[] | null;
}

export function parseOptions(args: string[]): BenchOptions {
  const number = (name: string, fallback: number) => {
    const at = args.indexOf(`--${name}`);
    const value = at >= 0 ? Number(args[at + 1]) : fallback;
    if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} needs a positive number`);
    return value;
  };
  return {
    seconds: number("seconds", 10),
    warmup: number("warmup", 3),
    connections: Math.round(number("connections", 32)),
    reseed: args.includes("--reseed"),
    traceSql: args.includes("--trace-sql"),
    noDocs: args.includes("--no-docs"),
    profile: args.includes("--profile"),
    only: args.includes("--only") ? (args[args.indexOf("--only") + 1] ?? "").split(",") : null,
  };
}

/** Whether --only selects this key (an entry ending in * selects every key starting with the rest). */
export function selects(only: string[] | null, key: string): boolean {
  return !only || only.some((o) => (o.endsWith("*") ? key.startsWith(o.slice(0, -1)) : o === key));
}
