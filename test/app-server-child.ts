import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";

// A second app server for a test, in a child process (test/app-server-process.ts): the production build
// on the test database, on a port of its own, with the environment the test adds. Its output lines are
// kept for the test to read.

export interface AppServerChild {
  process: ChildProcess;
  /** Every line the child wrote to stdout and stderr so far. */
  lines: string[];
  /** Resolves with the exit code (null when a signal ended it) and the time it exited. */
  exited: Promise<{ code: number | null; at: number }>;
}

export async function startAppServerChild(port: number, env: Record<string, string> = {}): Promise<AppServerChild> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--import", "./server/server-only-hook.mjs", "test/app-server-process.ts"],
    { env: { ...process.env, PORT: String(port), ...env }, stdio: ["ignore", "pipe", "pipe"] },
  );
  const lines: string[] = [];
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once("exit", (code) => resolve({ code, at: Date.now() })),
  );
  createInterface({ input: child.stderr! }).on("line", (line) => lines.push(line));
  await new Promise<void>((resolve, reject) => {
    void exited.then(({ code }) =>
      reject(new Error(`the app server on ${port} exited with ${code}:\n${lines.slice(-20).join("\n")}`)),
    );
    createInterface({ input: child.stdout! }).on("line", (line) => {
      lines.push(line);
      if (line.startsWith("ready ")) resolve();
    });
  });
  return { process: child, lines, exited };
}
