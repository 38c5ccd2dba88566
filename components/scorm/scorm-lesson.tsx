"use client";

import dynamic from "next/dynamic";

/**
 * The SCORM player, loaded only by the lessons that show it: a text, video or file lesson's page loads no
 * MUI, and would otherwise carry the player's code (and MUI's) for nothing. Still rendered on the server.
 */
export const ScormLesson = dynamic(() =>
  import("@/components/scorm/themed-scorm-player").then((m) => m.ThemedScormPlayer),
);
