import { z } from "zod";
import { id, timestamp } from "@/lib/openapi/responses/common";

// lib/server/sessions/own-sessions.ts (OwnSessionJson) and the session routes' answers.

export const ownSessionSchema = z
  .object({
    id,
    device: z
      .string()
      .meta({ description: "Browser and system as read from the User-Agent, e.g. 'Firefox on Windows'" }),
    user_agent: z.string().nullable(),
    ip: z.string().nullable().meta({ description: "The client address the session signed in from" }),
    signed_in_at: timestamp,
    last_used_at: timestamp.meta({ description: "Moved on at most once a minute" }),
    single_sign_on: z.boolean().meta({ description: "Signed in through the organization's identity provider" }),
    current: z.boolean().meta({ description: "The session this request was made with" }),
  })
  .meta({ id: "OwnSession" });

export const ownSessionsSchema = z.object({ sessions: z.array(ownSessionSchema) });

export const endedSessionsSchema = z.object({
  ended: z.number().int().meta({ description: "How many sessions ended" }),
});

export const endedSessionSchema = z.object({
  ended: z.literal(1),
  current: z.boolean().meta({ description: "It was this request's own session: the cookie is cleared too" }),
});
