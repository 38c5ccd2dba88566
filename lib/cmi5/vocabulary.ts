// The cmi5 specification's identifiers (cmi5 2nd edition, sections 9 and 10), named once.

export const CMI5_VERBS = {
  launched: "http://adlnet.gov/expapi/verbs/launched",
  initialized: "http://adlnet.gov/expapi/verbs/initialized",
  completed: "http://adlnet.gov/expapi/verbs/completed",
  passed: "http://adlnet.gov/expapi/verbs/passed",
  failed: "http://adlnet.gov/expapi/verbs/failed",
  abandoned: "https://w3id.org/xapi/adl/verbs/abandoned",
  waived: "https://w3id.org/xapi/adl/verbs/waived",
  terminated: "http://adlnet.gov/expapi/verbs/terminated",
  satisfied: "https://w3id.org/xapi/adl/verbs/satisfied",
} as const;

export type Cmi5Verb = keyof typeof CMI5_VERBS;

export const verbName = (id: string): Cmi5Verb | null =>
  (Object.entries(CMI5_VERBS).find(([, v]) => v === id)?.[0] as Cmi5Verb | undefined) ?? null;

export const CMI5_CATEGORY = "https://w3id.org/xapi/cmi5/context/categories/cmi5";
export const MOVEON_CATEGORY = "https://w3id.org/xapi/cmi5/context/categories/moveon";

const EXT = "https://w3id.org/xapi/cmi5/context/extensions/";
export const CMI5_EXTENSIONS = {
  sessionId: `${EXT}sessionid`,
  masteryScore: `${EXT}masteryscore`,
  launchMode: `${EXT}launchmode`,
  launchUrl: `${EXT}launchurl`,
  moveOn: `${EXT}moveon`,
  launchParameters: `${EXT}launchparameters`,
} as const;
export const REASON_EXTENSION = "https://w3id.org/xapi/cmi5/result/extensions/reason";

export const ACTIVITY_TYPES = {
  course: "https://w3id.org/xapi/cmi5/activitytype/course",
  block: "https://w3id.org/xapi/cmi5/activitytype/block",
} as const;

export const LAUNCH_DATA_STATE_ID = "LMS.LaunchData";
export const LEARNER_PREFERENCES_PROFILE_ID = "cmi5LearnerPreferences";

export const LAUNCH_MODES = ["Normal", "Browse", "Review"] as const;
export type LaunchMode = (typeof LAUNCH_MODES)[number];

/**
 * The LMS's own activity ids (8.1.5, 9.3.9): stable for a course version, so every launch of an AU in a
 * registration uses the same id, and never the publisher's.
 */
export const cmi5ActivityIds = (courseId: string) => ({
  course: `urn:lms:cmi5:${courseId}:course`,
  block: (index: number) => `urn:lms:cmi5:${courseId}:block:${index}`,
  au: (index: number) => `urn:lms:cmi5:${courseId}:au:${index}`,
});
