import { z } from "zod";
import { LAUNCH_MODES } from "@/lib/cmi5/vocabulary";

// cmi5 launches, waivers and abandons: one schema for the route handlers, the player and the API document.

/** An xAPI Agent identified by an account, as cmi5 requires of the actor (cmi5 9.2). */
export const cmi5ActorSchema = z.object({
  objectType: z.literal("Agent").optional(),
  name: z.string().max(500).optional(),
  account: z.object({
    homePage: z.url({ error: "account.homePage must be a URL" }).max(2000),
    name: z.string().min(1, { error: "account.name is required" }).max(500),
  }),
});

export const cmi5LaunchSchema = z.object({
  /** The AU's position among the course's AUs in cmi5.xml, from 0. */
  au_index: z.int({ error: "au_index must be a whole number" }).min(0).max(100_000).default(0),
  /** Normal unless a course editor asks for Browse or Review. */
  launch_mode: z.enum(LAUNCH_MODES).optional(),
  /** Continue this registration (a course editor's launch; a learner continues their own). */
  registration: z.uuid({ error: "registration must be a UUID" }).optional(),
  /** Launch for this actor rather than the caller (course editors: an external learner, a test harness). */
  actor: cmi5ActorSchema.optional(),
  /** Where an OwnWindow AU sends the learner back (default: the lesson page). */
  return_url: z.url({ error: "return_url must be a URL" }).max(2000).optional(),
});
export type Cmi5LaunchInput = z.infer<typeof cmi5LaunchSchema>;

export const cmi5WaiveSchema = z.object({
  au_index: z.int({ error: "au_index must be a whole number" }).min(0).max(100_000),
  reason: z.enum(["Tested Out", "Equivalent AU", "Equivalent Outside Activity", "Administrative"], {
    error: "reason must be Tested Out, Equivalent AU, Equivalent Outside Activity or Administrative",
  }),
});
export type Cmi5WaiveInput = z.infer<typeof cmi5WaiveSchema>;
