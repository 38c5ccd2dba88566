"use client";

import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { SaveStatus, type Recording } from "@/components/scorm/save-status";
import { ScormToc } from "@/components/scorm/scorm-toc";
import { KEEP_VISIBLE_ATTRIBUTE, startVisibilityGuard } from "@/components/scorm/visibility-guard";
import { parseRuntimeMessage, type PlayerMessage, type RuntimeState } from "@/lib/scorm/runtime/messages";
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

const visiblyKept = (kind: string) => ({ [KEEP_VISIBLE_ATTRIBUTE]: kind });

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
  const [state, setState] = useState<RuntimeState>(() => ({
    phase: "loading",
    currentId: null,
    progress: Object.fromEntries(
      launch.scos.map((sco) => [sco.identifier, launch.attempt?.scoStatus[sco.identifier] ?? "not_started"]),
    ),
    unavailable: [],
    flow: null,
    closed: {},
    hidden: [],
    queue: launch.attempt
      ? { pending: 0, failing: false, lastError: null, rejected: 0, refusal: null, stored: true, superseded: false }
      : null,
    error: null,
  }));

  useEffect(() => {
    const origin = launch.content.origin;
    const send = (message: PlayerMessage) => frameRef.current?.contentWindow?.postMessage(message, origin);
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || !frameRef.current || event.source !== frameRef.current.contentWindow) return;
      const message = parseRuntimeMessage(event.data);
      if (!message) return;
      if (message.type === "lms.scorm.ready") send({ type: "lms.scorm.launch", launch });
      else if (message.type === "lms.scorm.state") setState(message.state);
      else if (message.terminated) router.refresh();
    };
    window.addEventListener("message", onMessage);
    // The frame is in the server's HTML, so the runtime may have said "ready" before this page listened:
    // the launch goes out now too (the runtime takes the first and ignores the rest).
    send({ type: "lms.scorm.launch", launch });
    return () => window.removeEventListener("message", onMessage);
  }, [launch, router]);

  useEffect(() => startVisibilityGuard(document), []);

  const navigate = (scoId: string | undefined) => {
    if (scoId)
      frameRef.current?.contentWindow?.postMessage(
        { type: "lms.scorm.navigate", scoId } satisfies PlayerMessage,
        launch.content.origin,
      );
  };
  // With sequencing, Previous and Continue are the sequencer's requests (it may skip, or refuse).
  const flow = (request: "continue" | "previous") =>
    frameRef.current?.contentWindow?.postMessage(
      { type: "lms.scorm.flow", request } satisfies PlayerMessage,
      launch.content.origin,
    );
  // The player's own Exit controls (sequenced packages): the sequencer's suspendAll or exitAll.
  const exit = (request: "suspendAll" | "exitAll") =>
    frameRef.current?.contentWindow?.postMessage(
      { type: "lms.scorm.exit", request } satisfies PlayerMessage,
      launch.content.origin,
    );
  // Back in after the session ended: a relaunch, so the runtime claims the attempt and the sequencer begins
  // a new session from the stored tree (resumeAll after suspendAll; a new attempt after exitAll).
  const relaunch = () => window.location.reload();

  const scoIds = launch.scos.map((sco) => sco.identifier);
  const index = state.currentId ? scoIds.indexOf(state.currentId) : -1;
  const isMulti = launch.scos.length > 1;
  const isBusy = state.phase === "loading";
  const isHidden = state.phase !== "loading" && state.phase !== "running";
  const unavailable = new Set(state.unavailable);
  // adlnav:hideLMSUI: the current activity offers its own way on, and asks the LMS not to show these.
  const shows = (control: string) => !state.hidden.includes(control);
  const isSequenced = state.flow !== null;
  // Exit and End attempt end a recorded session: a review or a preview records none.
  const canExit = isSequenced && recordingOf(launch) === "tracked";

  return (
    <Box {...visiblyKept("container")} sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <SaveStatus state={state.queue} recording={recordingOf(launch)} />
      <Box
        sx={{
          display: "grid",
          gridTemplateColumns: { xs: "1fr", lg: isMulti ? "260px minmax(0, 1fr)" : "1fr" },
          gap: 2,
          alignItems: "start",
        }}
      >
        {isMulti && (
          <Paper variant="outlined" {...visiblyKept("sidebar")}>
            <ScormToc
              scos={launch.scos}
              currentId={state.currentId}
              progress={state.progress}
              isDisabled={state.phase !== "running"}
              unavailable={unavailable}
              closed={state.closed}
              onChoose={navigate}
            />
          </Paper>
        )}
        <Box sx={{ display: "flex", flexDirection: "column", gap: 1, minWidth: 0 }}>
          {state.phase === "error" && (
            <Alert severity="error" action={<Button onClick={() => window.location.reload()}>Try again</Button>}>
              The lesson could not be started. {state.error}
            </Alert>
          )}
          {state.phase === "suspended" && (
            <SessionPanel
              title="You suspended this lesson"
              text="Your place is kept, with everything you did so far. Resume picks up exactly where you left off, now or on another day."
              action="Resume"
              onAction={relaunch}
            />
          )}
          {state.phase === "ended" && (
            <SessionPanel
              title="You ended this attempt"
              text="This attempt is over and its results are kept. Opening the lesson again starts a new attempt from the beginning."
              action="Start a new attempt"
              onAction={relaunch}
            />
          )}
          {state.phase === "finished" && (
            <SessionPanel
              title="You reached the end of this lesson"
              text="There is nothing more to open in it. Everything you did is saved."
              action="Back to the course"
              onAction={() => router.push(`/courses/${launch.courseId}`)}
            />
          )}
          {state.phase === "replaced" && (
            <SessionPanel
              title="This lesson was opened in another window"
              text="Your progress up to then is saved, and the other window carries on from it. Nothing you do here is recorded any more."
              action="Continue here instead"
              onAction={relaunch}
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
            {isBusy && <Loading />}
          </Box>
          {(isMulti || isSequenced) && !isHidden && (
            <Box
              {...visiblyKept("nav")}
              component="nav"
              aria-label="Lesson pages"
              sx={{ display: "flex", justifyContent: "space-between", gap: 2, flexWrap: "wrap" }}
            >
              <Box sx={{ display: "flex", gap: 2 }}>
                {isMulti && shows("previous") && (
                  <Button
                    variant="outlined"
                    disabled={isBusy || index <= 0 || state.flow?.previous === false}
                    onClick={() => (state.flow ? flow("previous") : navigate(scoIds[index - 1]))}
                  >
                    Previous
                  </Button>
                )}
              </Box>
              <Box sx={{ display: "flex", gap: 2 }}>
                {canExit && shows("suspendAll") && (
                  <Button variant="text" disabled={isBusy} onClick={() => exit("suspendAll")}>
                    Exit
                  </Button>
                )}
                {canExit && shows("exitAll") && (
                  <Button variant="text" disabled={isBusy} onClick={() => exit("exitAll")}>
                    End attempt
                  </Button>
                )}
                {isMulti && shows("continue") && (
                  <Button
                    variant="contained"
                    disabled={isBusy || index < 0 || index >= scoIds.length - 1 || state.flow?.continue === false}
                    onClick={() => (state.flow ? flow("continue") : navigate(scoIds[index + 1]))}
                  >
                    Continue
                  </Button>
                )}
              </Box>
            </Box>
          )}
        </Box>
      </Box>
    </Box>
  );
}

/** What the player shows instead of the content when the session is over or was taken elsewhere. */
function SessionPanel({
  title,
  text,
  action,
  onAction,
}: {
  title: string;
  text: string;
  action: string;
  onAction: () => void;
}) {
  return (
    <Paper
      variant="outlined"
      {...visiblyKept("panel")}
      sx={{ p: 4, textAlign: "center", display: "flex", flexDirection: "column", gap: 2, alignItems: "center" }}
    >
      <Typography variant="h6" component="p">
        {title}
      </Typography>
      <Typography sx={{ color: "text.secondary" }}>{text}</Typography>
      <Button variant="contained" onClick={onAction}>
        {action}
      </Button>
    </Paper>
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
