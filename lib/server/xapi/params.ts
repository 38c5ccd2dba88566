import "server-only";
import { badRequest } from "@/lib/server/xapi/errors";
import { isTimestamp, isUuid, validateActor, validateAgent, XapiInvalid } from "@/lib/xapi/validate";

// The query parameters the resources share, each checked as the spec defines it (400 otherwise).

type Obj = Record<string, unknown>;

/** An Agent (or, where `groups`, a Group) given as JSON in a parameter. */
export function parseAgentParam(value: string | null, name: string, required: true, groups?: boolean): Obj;
export function parseAgentParam(value: string | null, name: string, required: false, groups?: boolean): Obj | null;
export function parseAgentParam(value: string | null, name: string, required: boolean, groups = false): Obj | null {
  if (value === null) {
    if (required) throw badRequest(`The ${name} parameter is required`);
    return null;
  }
  let agent: unknown;
  try {
    agent = JSON.parse(value);
  } catch {
    throw badRequest(`The ${name} parameter must be an Agent as JSON`);
  }
  try {
    if (groups) validateActor(agent, name);
    else validateAgent(agent, name);
  } catch (error) {
    if (error instanceof XapiInvalid) throw badRequest(error.message);
    throw error;
  }
  return agent as Obj;
}

export function parseTimestampParam(value: string | null, name: string): string | undefined {
  if (value === null) return undefined;
  if (!isTimestamp(value)) throw badRequest(`The ${name} parameter must be an ISO 8601 timestamp`);
  return value;
}

export function parseUuidParam(value: string | null, name: string): string | undefined {
  if (value === null) return undefined;
  if (!isUuid(value)) throw badRequest(`The ${name} parameter must be a UUID`);
  return value.toLowerCase();
}

export function parseBooleanParam(value: string | null, name: string): boolean {
  if (value === null) return false;
  if (value !== "true" && value !== "false") throw badRequest(`The ${name} parameter must be true or false`);
  return value === "true";
}
