"use client";

import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { CommitQueue, type CommitQueueState } from "@/components/scorm/commit-queue";
import { COMMIT_ENDPOINT, RuntimeBridge } from "@/components/scorm/runtime-bridge";
import { decideAfterTerminate, firstScoId, prepareRevisitCmi, scoUrl, withPendingCommits, type Cmi, type NavRequest } from "@/components/scorm/runtime-settings";
import { SaveStatus } from "@/components/scorm/save-status";
import { ScormToc } from "@/components/scorm/scorm-toc";
import { readScoStatus } from "@/lib/scorm/cmi-status";
import { KEEP_VISIBLE_ATTRIBUTE, startVisibilityGuard } from "@/components/scorm/visibility-guard";
import { furtherProgress, scoProgressOf, type ScoProgress, type ScormLaunch } from "@/lib/scorm/types";

export interface ScormPlayerProps {
  /** From loadScormLaunch: null when the lesson has no package yet. */
  launch: ScormLaunch | null;
}

/** The SCORM lesson: the package's SCOs in a same-origin iframe, talking to scorm-again on this window. */
export function ScormPlayer({ launch }: ScormPlayerProps) {
  if (!launch) return <Alert severity="info">This lesson&apos;s SCORM package has not been uploaded yet.</Alert>;
  if (launch.scos.length === 0) return <Alert severity="error">This lesson&apos;s SCORM package has nothing to launch.</Alert>;
  return <ScormRuntime key={launch.packageId} launch={launch} />;
}

type Phase = "loading" | "running" | "left" | "error";
const visiblyKept = (kind: string) => ({ [KEEP_VISIBLE_ATTRIBUTE]: kind });

/**
 * The launch is read once: the page refreshes its server data after each finished SCO (to show the
 * lesson's status), and that must not restart the content the learner is in.
 */
function ScormRuntime({ launch: initialLaunch }: { launch: ScormLaunch }) {
  const [launch] = useState(initialLaunch);
  const router = useRouter();
  const iframeRef = useRef<HTMLIFrameElement | null>(null);
  const bridgeRef = useRef<RuntimeBridge | null>(null);
  const latestCmi = useRef(new Map<string, Cmi>());
  /** Saved CMI per SCO: the server's, overlaid with commits an earlier page left unacknowledged. */
  const savedCmi = useRef<Record<string, Cmi>>({});
  const unloading = useRef(false);
  const switching = useRef(false);
  const [phase, setPhase] = useState<Phase>("loading");
  const [error, setError] = useState<string | null>(null);
  const [unavailable, setUnavailable] = useState<ReadonlySet<string>>(() => new Set());
  const [currentId, setCurrentId] = useState<string | null>(null);
  const [frame, setFrame] = useState<{ src: string; key: number } | null>(null);
  const [queueState, setQueueState] = useState<CommitQueueState | null>(() =>
    launch.attempt ? { pending: 0, failing: false, lastError: null, rejected: 0, refusal: null, stored: true } : null,
  );
  const [progress, setProgress] = useState<Record<string, ScoProgress>>(() =>
    Object.fromEntries(launch.scos.map((sco) => [sco.identifier, launch.attempt?.scoStatus[sco.identifier] ?? "not_started"])),
  );
  const scoIds = launch.scos.map((sco) => sco.identifier);
  const onTerminatedRef = useRef<(scoId: string, request: NavRequest, deliveredId: string | null) => void>(() => undefined);

  const fail = useCallback((cause: unknown) => {
    setError(cause instanceof Error ? cause.message : String(cause));
    setPhase("error");
  }, []);

  /** Loads a SCO: the API is reset and preloaded before the iframe gets its URL. */
  const open = useCallback(
    (scoId: string) => {
      const bridge = bridgeRef.current;
      const url = scoUrl(launch, scoId);
      if (!bridge || !url) return;
      const seen = latestCmi.current.get(scoId);
      bridge.prepare(scoId, seen ? prepareRevisitCmi(launch.version, seen) : savedCmi.current[scoId]);
      setCurrentId(scoId);
      setFrame((previous) => ({ src: url, key: (previous?.key ?? 0) + 1 }));
      setPhase("running");
    },
    [launch],
  );

  /** Ends the running SCO (its unload handler usually calls Finish itself), then opens the next one. */
  const switchTo = useCallback(
    async (scoId: string | null) => {
      const bridge = bridgeRef.current;
      if (!bridge || switching.current) return;
      switching.current = true;
      setPhase("loading");
      try {
        await blankFrame(iframeRef.current);
        bridge.terminate();
        if (scoId) {
          bridge.sequenceChoice(scoId);
          open(scoId);
        } else {
          setPhase("left");
        }
      } catch (cause) {
        fail(cause);
      } finally {
        switching.current = false;
      }
    },
    [open, fail],
  );

  useEffect(() => {
    onTerminatedRef.current = (scoId, request, deliveredId) => {
      if (switching.current) return;
      const next = decideAfterTerminate(request, scoIds, scoId, deliveredId);
      if (next.kind === "open") void switchTo(next.scoId);
      else if (next.kind === "leave") void switchTo(null);
    };
  });

  useEffect(() => {
    let queue: CommitQueue | null = null;
    const attempt = launch.attempt;
    if (attempt) {
      queue = new CommitQueue({
        attemptId: attempt.attemptId,
        lastSequence: attempt.lastSequence,
        endpoint: COMMIT_ENDPOINT,
        storage: browserStorage(),
        fetch: (input, init) => window.fetch(input, init),
        sendBeacon: typeof navigator.sendBeacon === "function" ? (url, data) => navigator.sendBeacon(url, data) : undefined,
        setTimer: (callback, ms) => window.setTimeout(callback, ms),
        clearTimer: (handle) => window.clearTimeout(handle as number),
        onAcknowledged: (commits) => {
          if (commits.some((commit) => commit.terminated)) router.refresh();
        },
      });
      queue.subscribe(setQueueState);
    }
    // What an earlier page left unacknowledged is newer than the server's copy: resume from it, send it first.
    const pending = queue?.pendingCommits() ?? [];
    savedCmi.current = withPendingCommits(launch, pending);
    void queue?.flush();
    let bridge: RuntimeBridge;
    try {
      bridge = new RuntimeBridge(launch, {
        commit: (draft) => {
          latestCmi.current.set(draft.scoId, draft.cmi);
          // The server's own reading of the commit (including the 1.2 minimum-calls rule on finish).
          const status = readScoStatus(launch.version, draft.cmi, { terminated: draft.terminated });
          setProgress((previous) => ({ ...previous, [draft.scoId]: furtherProgress(previous[draft.scoId], scoProgressOf(status.completionStatus, status.successStatus)) }));
          if (!queue) return true;
          const { stored } = queue.enqueue(draft);
          // A SCO finishing because the page goes away: the page's own pagehide beacon has already left.
          if (unloading.current) queue.flushWithBeacon();
          return stored;
        },
        terminated: (scoId, request, deliveredId) => onTerminatedRef.current(scoId, request, deliveredId),
        unavailable: setUnavailable,
      });
    } catch (cause) {
      queue?.dispose();
      queueMicrotask(() => fail(cause));
      return;
    }
    bridgeRef.current = bridge;
    bridge.install(window);
    const first = pending.at(-1)?.scoId ?? firstScoId(launch);
    if (first) open(first);

    const leave = () => {
      unloading.current = true;
      queue?.flushWithBeacon();
    };
    // A hidden tab may never come back: send what is queued; the page still runs, so commits go on as usual.
    const onVisibility = () => (document.visibilityState === "hidden" ? queue?.flushWithBeacon() : void queue?.flush());
    const onOnline = () => void queue?.flush();
    const onShow = () => (unloading.current = false); // back from the back/forward cache
    window.addEventListener("pagehide", leave);
    window.addEventListener("online", onOnline);
    window.addEventListener("pageshow", onShow);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.removeEventListener("pagehide", leave);
      window.removeEventListener("online", onOnline);
      window.removeEventListener("pageshow", onShow);
      document.removeEventListener("visibilitychange", onVisibility);
      switching.current = true; // the SCO's own unload handler may still call Finish: no navigation now
      bridge.terminate();
      queue?.flushWithBeacon();
      bridge.uninstall(window);
      queue?.dispose();
      bridgeRef.current = null;
      switching.current = false;
    };
  }, [launch, open, fail, router]);

  useEffect(() => startVisibilityGuard(document), []);

  const index = currentId ? scoIds.indexOf(currentId) : -1;
  const current = launch.scos[index];
  const isMulti = launch.scos.length > 1;
  const isBusy = phase === "loading";

  return (
    <Box {...visiblyKept("container")} sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <SaveStatus state={queueState} isTracked={launch.attempt !== null} />
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", lg: isMulti ? "260px minmax(0, 1fr)" : "1fr" }, gap: 2, alignItems: "start" }}>
        {isMulti && (
          <Paper variant="outlined" {...visiblyKept("sidebar")}>
            <ScormToc scos={launch.scos} currentId={currentId} progress={progress} isDisabled={isBusy} unavailable={unavailable} onChoose={(id) => void switchTo(id)} />
          </Paper>
        )}
        <Box sx={{ display: "flex", flexDirection: "column", gap: 1, minWidth: 0 }}>
          {phase === "error" && (
            <Alert severity="error" action={<Button onClick={() => window.location.reload()}>Try again</Button>}>
              The lesson could not be started. {error}
            </Alert>
          )}
          {phase === "left" && (
            <Paper variant="outlined" {...visiblyKept("panel")} sx={{ p: 4, textAlign: "center", display: "flex", flexDirection: "column", gap: 2, alignItems: "center" }}>
              <Typography variant="h6" component="p">You left this lesson</Typography>
              <Typography sx={{ color: "text.secondary" }}>Your place is kept. Pick up where you left off whenever you like.</Typography>
              <Button variant="contained" onClick={() => currentId && open(currentId)}>Resume</Button>
            </Paper>
          )}
          {phase !== "left" && phase !== "error" && frame && current && (
            <Box sx={{ position: "relative" }}>
              <Box
                component="iframe"
                key={frame.key}
                ref={iframeRef}
                src={frame.src}
                title={current.title}
                allow="fullscreen"
                sx={{ display: "block", width: "100%", minHeight: "70vh", border: 1, borderColor: "divider", borderRadius: 1, bgcolor: "background.paper" }}
              />
              {isBusy && <Loading />}
            </Box>
          )}
          {phase === "loading" && !frame && <Loading />}
          {isMulti && phase !== "left" && (
            <Box {...visiblyKept("nav")} component="nav" aria-label="Lesson pages" sx={{ display: "flex", justifyContent: "space-between", gap: 2 }}>
              <Button variant="outlined" disabled={isBusy || index <= 0} onClick={() => void switchTo(scoIds[index - 1] ?? null)}>
                Previous
              </Button>
              <Button variant="contained" disabled={isBusy || index < 0 || index >= scoIds.length - 1} onClick={() => void switchTo(scoIds[index + 1] ?? null)}>
                Continue
              </Button>
            </Box>
          )}
        </Box>
      </Box>
    </Box>
  );
}

function Loading() {
  return (
    <Box role="status" aria-label="Loading the lesson" sx={{ position: "absolute", inset: 0, display: "flex", alignItems: "center", justifyContent: "center", minHeight: 200 }}>
      <CircularProgress />
    </Box>
  );
}

/** Unloads the SCO's page (its unload handler commits and finishes) and waits for about:blank, at most 3 s. */
function blankFrame(iframe: HTMLIFrameElement | null): Promise<void> {
  if (!iframe) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      iframe.removeEventListener("load", done);
      window.clearTimeout(timer);
      resolve();
    };
    const timer = window.setTimeout(done, 3_000);
    iframe.addEventListener("load", done);
    iframe.src = "about:blank";
  });
}

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
