// This process's state as the readiness check reports it: whether it is shutting down and whether it
// runs job workers. Kept on globalThis: the launcher's copy of this module (which starts the workers and
// handles SIGTERM) and Next's bundled copy (which answers /api/ready) must see the same state.

interface Lifecycle {
  shuttingDown: boolean;
  jobWorkers: "none" | "starting" | "started";
}

const holder = globalThis as typeof globalThis & { __lmsLifecycle?: Lifecycle };

function lifecycle(): Lifecycle {
  holder.__lmsLifecycle ??= { shuttingDown: false, jobWorkers: "none" };
  return holder.__lmsLifecycle;
}

/** From now on readiness answers 503: the process is draining before it exits. */
export function markShuttingDown(): void {
  lifecycle().shuttingDown = true;
}

export function isShuttingDown(): boolean {
  return lifecycle().shuttingDown;
}

/** The launcher is starting (or has started) this process's job workers. */
export function markJobWorkers(state: "starting" | "started"): void {
  lifecycle().jobWorkers = state;
}

export function jobWorkersState(): Lifecycle["jobWorkers"] {
  return lifecycle().jobWorkers;
}
