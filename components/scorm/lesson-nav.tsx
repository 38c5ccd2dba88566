"use client";

import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { visiblyKept } from "@/components/scorm/visibility-guard";
import type { PlayerMessage, RuntimeState } from "@/lib/scorm/runtime/messages";
import type { ScoEntry } from "@/lib/scorm/types";

export interface LessonNavProps {
  scos: ScoEntry[];
  state: RuntimeState;
  /** Exit and End attempt end a recorded session: a review or a preview records none. */
  isTracked: boolean;
  send: (message: PlayerMessage) => void;
}

/**
 * The package's own parts: "Previous part", Exit, End attempt and "Next part" (named apart from the course's
 * "Previous lesson" / "Next lesson" below the content). With sequencing (the runtime reports `flow`), the previous and
 * next parts are the sequencer's previous and continue requests (it may skip, or refuse) and Exit / End attempt its suspendAll /
 * exitAll; without, they follow the SCO order. adlnav:hideLMSUI of the current activity
 * hides the controls it names (it offers its own way on).
 */
export function LessonNav({ scos, state, isTracked, send }: LessonNavProps) {
  const scoIds = scos.map((sco) => sco.identifier);
  const index = state.currentId ? scoIds.indexOf(state.currentId) : -1;
  const isMulti = scos.length > 1;
  const isBusy = state.phase === "loading";
  const isSequenced = state.flow !== null;
  const canExit = isSequenced && isTracked;
  const shows = (control: string) => !state.hidden.includes(control);
  const step = (request: "continue" | "previous", scoId: string | undefined) => {
    if (state.flow) send({ type: "lms.scorm.flow", request });
    else if (scoId) send({ type: "lms.scorm.navigate", scoId });
  };

  if (!isMulti && !isSequenced) return null;
  return (
    <Box
      {...visiblyKept("nav")}
      component="nav"
      aria-label="Parts of this lesson"
      sx={{ display: "flex", justifyContent: "space-between", gap: 2, flexWrap: "wrap" }}
    >
      <Box sx={{ display: "flex", gap: 2 }}>
        {isMulti && shows("previous") && (
          <Button
            variant="outlined"
            disabled={isBusy || index <= 0 || state.flow?.previous === false}
            onClick={() => step("previous", scoIds[index - 1])}
          >
            Previous part
          </Button>
        )}
      </Box>
      <Box sx={{ display: "flex", gap: 2 }}>
        {canExit && shows("suspendAll") && (
          <Button
            variant="text"
            disabled={isBusy}
            onClick={() => send({ type: "lms.scorm.exit", request: "suspendAll" })}
          >
            Exit
          </Button>
        )}
        {canExit && shows("exitAll") && (
          <Button variant="text" disabled={isBusy} onClick={() => send({ type: "lms.scorm.exit", request: "exitAll" })}>
            End attempt
          </Button>
        )}
        {isMulti && shows("continue") && (
          <Button
            variant="contained"
            disabled={isBusy || index < 0 || index >= scoIds.length - 1 || state.flow?.continue === false}
            onClick={() => step("continue", scoIds[index + 1])}
          >
            Next part
          </Button>
        )}
      </Box>
    </Box>
  );
}
