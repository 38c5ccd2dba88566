import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";

// A server under test in a child process: started with tsx, ready when it prints "ready …", stopped by
// its pid (SIGTERM, then SIGKILL if it lingers).

export interface ServerProcess {
  pid: number;
  /** Lines the child printed on stdout (trace lines included) since the last call. */
  drain(): string[];
  /** Sends a message over the IPC channel and resolves with the child's next message. */
  ask(message: object): Promise<unknown>;
  /** Sends a signal (SIGKILL: a crash; SIGTERM: a shutdown) without waiting. */
  signal(signal: NodeJS.Signals): void;
  /** Resolves with the exit code (null after a signal) once the child has exited. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

export async function startServerProcess(
  script: string,
  env: NodeJS.ProcessEnv,
  label: string,
  /** How long it may take to be ready: a production app starts in seconds, minutes on a saturated machine. */
  startTimeoutMs = 180_000,
): Promise<ServerProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", "--import", "./server/server-only-hook.mjs", script],
    { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit", "ipc"] },
  );
  let lines: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not left running behind the caller's back: nobody would stop it.
      child.kill("SIGKILL");
      reject(new Error(`${label} did not start within ${startTimeoutMs / 1000} s`));
    }, startTimeoutMs);
    void exited.then((code) => reject(new Error(`${label} exited with code ${code} before it was ready`)));
    createInterface({ input: child.stdout! }).on("line", (line) => {
      if (line.startsWith("ready ")) {
        clearTimeout(timer);
        resolve();
      } else lines.push(line);
    });
  });
  return {
    pid: child.pid!,
    drain: () => {
      const out = lines;
      lines = [];
      return out;
    },
    ask: (message) =>
      new Promise((resolve) => {
        child.once("message", resolve);
        child.send(message);
      }),
    signal: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
    exited,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
