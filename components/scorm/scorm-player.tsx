"use client";

import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Paper from "@mui/material/Paper";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { LessonNav } from "@/components/scorm/lesson-nav";
import { SaveStatus, type Recording } from "@/components/scorm/save-status";
import { ScormToc } from "@/components/scorm/scorm-toc";
import { SESSION_PANELS, SessionPanel } from "@/components/scorm/session-panel";
import { useLessonRuntime } from "@/components/scorm/use-lesson-runtime";
import { startVisibilityGuard, visiblyKept } from "@/components/scorm/visibility-guard";
import type { ScormLaunch } from "@/lib/scorm/types";

export interface ScormPlayerProps {
  /** From loadScormLaunch: null when the lesson has no package yet. */
  launch: ScormLaunch | null;
}

/**
 * The SCORM lesson: the package runs in a frame on the organization's content host (the runtime page
 * holds scorm-again, the commit queue and the SCO), which never has a session; this page shows its table
 * of contents, navigation and save status from what the runtime reports.
 */
export function ScormPlayer({ launch }: ScormPlayerProps) {
  if (!launch) return <Alert severity="info">This lesson&apos;s SCORM package has not been uploaded yet.</Alert>;
  if (launch.scos.length === 0)
    return <Alert severity="error">This lesson&apos;s SCORM package has nothing to launch.</Alert>;
  return <ScormRuntimeFrame key={launch.packageId} launch={launch} />;
}

/**
 * What the runtime's frame may do: run scripts on its own origin (scorm-again, the SCO, localStorage for the
 * commit queue), submit forms, open pop-ups and dialogs and download files, which real packages do; never
 * navigate this page (no allow-top-navigation), and pop-ups stay under the same rules.
 */
const FRAME_SANDBOX = "allow-scripts allow-same-origin allow-forms allow-popups allow-modals allow-downloads";

/**
 * The launch is read once: the page refreshes its server data after each finished SCO (to show the
 * lesson's status), and that must not restart the content the learner is in.
 */
function ScormRuntimeFrame({ launch: initialLaunch }: { launch: ScormLaunch }) {
  const [launch] = useState(initialLaunch);
  const router = useRouter();
  const frameRef = useRef<HTMLIFrameElement | null>(null);
  const { state, send } = useLessonRuntime(launch, frameRef);

  useEffect(() => startVisibilityGuard(document), []);

  // Back in after the session ended: a relaunch, so the runtime claims the attempt and the sequencer begins
  // a new session from the stored tree (resumeAll after suspendAll; a new attempt after exitAll).
  const relaunch = () => window.location.reload();
  const recording = recordingOf(launch);
  const isMulti = launch.scos.length > 1;
  const isHidden = state.phase !== "loading" && state.phase !== "running";
  const panel = SESSION_PANELS[state.phase];

  return (
    <Box {...visiblyKept("container")} sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <SaveStatus state={state.queue} recording={recording} notStarted={state.notStarted} />
      {/*
        One column at every width: the app's navigation and the course outline open beside the lesson (the
        specification shows them at start; the learner may hide them), so the package's contents go under its
        content, which gets the room.
      */}
      <Box sx={{ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: 2, alignItems: "start" }}>
        {isMulti && (
          <Paper variant="outlined" {...visiblyKept("sidebar")} sx={{ order: 2 }}>
            <ScormToc
              scos={launch.scos}
              currentId={state.currentId}
              progress={state.progress}
              isDisabled={state.phase !== "running"}
              unavailable={new Set(state.unavailable)}
              closed={state.closed}
              onChoose={(scoId) => send({ type: "lms.scorm.navigate", scoId })}
            />
          </Paper>
        )}
        <Box sx={{ display: "flex", flexDirection: "column", gap: 1, minWidth: 0 }}>
          {state.phase === "error" && (
            <Alert severity="error" action={<Button onClick={relaunch}>Try again</Button>}>
              The lesson could not be started. {state.error}
            </Alert>
          )}
          {panel && (
            <SessionPanel
              panel={panel}
              onAction={panel.leadsTo === "course" ? () => router.push(`/courses/${launch.courseId}`) : relaunch}
            />
          )}
          {/* The frame stays mounted through every phase: it is the runtime, and its queue is the learner's unsent progress. */}
          <Box sx={{ position: "relative", display: isHidden ? "none" : "block" }}>
            <Box
              component="iframe"
              ref={frameRef}
              src={launch.content.runtimeUrl}
              title="Lesson content"
              sandbox={FRAME_SANDBOX}
              allow="fullscreen"
              referrerPolicy="no-referrer"
              sx={{
                display: "block",
                width: "100%",
                minHeight: "70vh",
                border: 1,
                borderColor: "divider",
                borderRadius: 1,
                bgcolor: "background.paper",
              }}
            />
            {state.phase === "loading" && <Loading />}
          </Box>
          {!isHidden && <LessonNav scos={launch.scos} state={state} isTracked={recording === "tracked"} send={send} />}
        </Box>
      </Box>
    </Box>
  );
}

function recordingOf(launch: ScormLaunch): Recording {
  if (!launch.attempt) return "preview";
  return launch.attempt.mode === "review" ? "review" : "tracked";
}

function Loading() {
  return (
    <Box
      role="status"
      aria-label="Loading the lesson"
      sx={{
        position: "absolute",
        inset: 0,
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        minHeight: 200,
      }}
    >
      <CircularProgress />
    </Box>
  );
}
