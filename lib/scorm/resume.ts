import { formatIsoDuration, formatScorm12Time } from "@/lib/scorm/duration";
import { isScorm12, unwrapCmi } from "@/lib/scorm/cmi-status";
import type { ScormVersion } from "@/lib/scorm/types";

// The saved CMI of a SCO prepared for scorm-again's loadFromJSON, called BEFORE the SCO's Initialize.
// Pure. Location, suspend data, scores, statuses, objectives and interactions are kept; entry says
// whether the SCO resumes; total_time is the server's accumulated total; the last session's time and
// exit are cleared (they belong to the session that ended).

type Json = Record<string, unknown>;

export interface SavedSco {
  cmi: unknown;
  exit: string;
  totalTimeSeconds: number;
}

export function resumeCmi(version: ScormVersion, saved: SavedSco): Json {
  const source =
    saved.cmi && typeof saved.cmi === "object" && !Array.isArray(saved.cmi) ? unwrapCmi(saved.cmi as Json) : {};
  const cmi = structuredClone(source);
  const resume = saved.exit === "suspend";
  if (isScorm12(version)) {
    const core: Json = cmi.core && typeof cmi.core === "object" ? { ...(cmi.core as Json) } : {};
    core.entry = resume ? "resume" : "";
    core.total_time = formatScorm12Time(saved.totalTimeSeconds);
    delete core.session_time;
    delete core.exit;
    // Set by the LMS from the session, not restored (scorm-again refuses some of them before Initialize).
    delete core.student_id;
    delete core.student_name;
    delete core.credit;
    delete core.lesson_mode;
    cmi.core = core;
    return cmi;
  }
  cmi.entry = resume ? "resume" : "";
  cmi.total_time = formatIsoDuration(saved.totalTimeSeconds);
  delete cmi.session_time;
  delete cmi.exit;
  delete cmi.learner_id;
  delete cmi.learner_name;
  delete cmi.credit;
  delete cmi.mode;
  return cmi;
}

/**
 * A SCO's CMI from a commit still waiting in the browser's queue (the page went away before the server
 * acknowledged it), prepared like resumeCmi. It is newer than what the server handed the page, so the
 * relaunch resumes from it; total_time stays the server's (the pending session's time is added when the
 * commit lands).
 */
export function resumePendingCmi(version: ScormVersion, pending: Json, fromServer: Json | undefined): Json {
  const source = unwrapCmi(pending);
  const core = isScorm12(version) && source.core && typeof source.core === "object" ? (source.core as Json) : source;
  const cmi = resumeCmi(version, {
    cmi: source,
    exit: typeof core.exit === "string" ? core.exit : "",
    totalTimeSeconds: 0,
  });
  if (isScorm12(version)) {
    const serverCore = fromServer?.core && typeof fromServer.core === "object" ? (fromServer.core as Json) : null;
    if (serverCore?.total_time) (cmi.core as Json).total_time = serverCore.total_time;
  } else if (fromServer?.total_time) {
    cmi.total_time = fromServer.total_time;
  }
  return cmi;
}
