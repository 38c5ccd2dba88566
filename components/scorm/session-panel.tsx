"use client";

import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { visiblyKept } from "@/components/scorm/visibility-guard";
import type { RuntimePhase } from "@/lib/scorm/runtime/messages";

/** What the player shows instead of the content once the session is over or was taken elsewhere. */
export interface SessionPanelText {
  title: string;
  text: string;
  action: string;
  /** Where the action leads: the lesson again (a relaunch claims the attempt back) or the course. */
  leadsTo: "relaunch" | "course";
}

export const SESSION_PANELS: Partial<Record<RuntimePhase, SessionPanelText>> = {
  suspended: {
    title: "You suspended this lesson",
    text: "Your place is kept, with everything you did so far. Resume picks up exactly where you left off, now or on another day.",
    action: "Resume",
    leadsTo: "relaunch",
  },
  ended: {
    title: "You ended this attempt",
    text: "This attempt is over and its results are kept. Opening the lesson again starts a new attempt from the beginning.",
    action: "Start a new attempt",
    leadsTo: "relaunch",
  },
  finished: {
    title: "You reached the end of this lesson",
    text: "There is nothing more to open in it. Everything you did is saved.",
    action: "Back to the course",
    leadsTo: "course",
  },
  replaced: {
    title: "This lesson was opened in another window",
    text: "Your progress up to then is saved, and the other window carries on from it. Nothing you do here is recorded any more.",
    action: "Continue here instead",
    leadsTo: "relaunch",
  },
};

export function SessionPanel({ panel, onAction }: { panel: SessionPanelText; onAction: () => void }) {
  return (
    <Paper
      variant="outlined"
      {...visiblyKept("panel")}
      sx={{ p: 4, textAlign: "center", display: "flex", flexDirection: "column", gap: 2, alignItems: "center" }}
    >
      <Typography variant="h6" component="p">
        {panel.title}
      </Typography>
      <Typography sx={{ color: "text.secondary" }}>{panel.text}</Typography>
      <Button variant="contained" onClick={onAction}>
        {panel.action}
      </Button>
    </Paper>
  );
}
