import { AsyncLocalStorage } from "node:async_hooks";

// What the log knows about the request or job being worked on: its id, and the organization and user
// once the app has resolved them. The custom server opens the context around each request (Next's
// handler runs inside it), the job workers around each job; the caller resolution fills in who it is.
// One store per process on globalThis: the launcher's copy of this module and Next's bundled copy must
// share it, or the ids noted inside Next would never reach the server's request log.

export interface LogContext {
  requestId?: string;
  jobId?: string;
  organizationId?: string | null;
  userId?: string | null;
}

const holder = globalThis as typeof globalThis & { __lmsLogContext?: AsyncLocalStorage<LogContext> };

function storage(): AsyncLocalStorage<LogContext> {
  holder.__lmsLogContext ??= new AsyncLocalStorage<LogContext>();
  return holder.__lmsLogContext;
}

export function runWithLogContext<T>(context: LogContext, fn: () => T): T {
  return storage().run(context, fn);
}

export function currentLogContext(): LogContext | undefined {
  return storage().getStore();
}

/** Records who the current request acts for (never a token, a name or an e-mail address: ids only). */
export function noteRequestIdentity(organizationId: string | null, userId: string | null): void {
  const context = storage().getStore();
  if (!context) return;
  context.organizationId = organizationId;
  context.userId = userId;
}
