"use client";

import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { FilePickButton } from "@/components/forms/file-pick-button";
import type { LessonJson } from "@/components/courses/types";
import { uploadWithProgress } from "@/lib/client/upload";

type ScormPackage = NonNullable<LessonJson["scorm_package"]>;

const VERSION_NAMES: Record<ScormPackage["scorm_version"], string> = {
  scorm12: "SCORM 1.2",
  scorm2004_2nd: "SCORM 2004 2nd Edition",
  scorm2004_3rd: "SCORM 2004 3rd Edition",
  scorm2004_4th: "SCORM 2004 4th Edition",
};

type Phase =
  | { kind: "idle" }
  | { kind: "uploading"; percent: number }
  | { kind: "processing" }
  | { kind: "error"; message: string };

/** PUT the .zip as the raw body, with its progress; then the server unpacks it. */
function sendPackage(
  url: string,
  file: File,
  onProgress: (percent: number) => void,
  onSent: () => void,
): Promise<ScormPackage & { warnings: string[] }> {
  return uploadWithProgress({
    method: "PUT",
    url,
    body: file,
    contentType: "application/zip",
    onProgress: (sent, total) => total > 0 && onProgress(Math.round((sent / total) * 100)),
    onSent,
    messages: {
      failed: (status) => `The upload failed (HTTP ${status}).`,
      cutOff: "The upload failed: the connection was lost.",
    },
  });
}

/** The scorm lesson's package: what it plays now, and an upload that adds a new version. */
export function ScormUpload({ courseId, lesson }: { courseId: string; lesson: LessonJson | null }) {
  const [current, setCurrent] = useState<ScormPackage | null>(lesson?.scorm_package ?? null);
  const [warnings, setWarnings] = useState<string[]>([]);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  if (!lesson) {
    return (
      <Alert severity="info" sx={{ my: 2 }}>
        Create the lesson first; then upload its SCORM package (.zip) here.
      </Alert>
    );
  }
  const busy = phase.kind === "uploading" || phase.kind === "processing";
  const upload = async (file: File) => {
    setPhase({ kind: "uploading", percent: 0 });
    setWarnings([]);
    try {
      const result = await sendPackage(
        `/api/courses/${courseId}/lessons/${lesson.id}/scorm`,
        file,
        (percent) => setPhase({ kind: "uploading", percent }),
        () => setPhase({ kind: "processing" }),
      );
      setCurrent(result);
      setWarnings(result.warnings ?? []);
      setPhase({ kind: "idle" });
    } catch (e) {
      setPhase({ kind: "error", message: e instanceof Error ? e.message : "The upload failed." });
    }
  };
  return (
    <Box sx={{ my: 2 }} aria-busy={busy}>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
        <FilePickButton
          label={current ? "Upload a new version (.zip)" : "Upload SCORM package (.zip)"}
          accept=".zip,application/zip"
          onPick={upload}
          disabled={busy}
        />
        <Typography variant="body2" color="text.secondary" role="status">
          {current
            ? `Current package: ${current.title} · ${VERSION_NAMES[current.scorm_version]} · version ${current.version} · ${current.sco_count} SCO${current.sco_count === 1 ? "" : "s"}`
            : "No package yet"}
        </Typography>
      </Stack>
      {phase.kind === "uploading" && (
        <Box sx={{ mt: 1 }}>
          <LinearProgress variant="determinate" value={phase.percent} aria-label="Uploading the SCORM package" />
          <Typography variant="caption">Uploading… {phase.percent}%</Typography>
        </Box>
      )}
      {phase.kind === "processing" && (
        <Box sx={{ mt: 1 }}>
          <LinearProgress aria-label="Checking and extracting the SCORM package" />
          <Typography variant="caption">Checking and extracting…</Typography>
        </Box>
      )}
      {phase.kind === "error" && (
        <Alert severity="error" sx={{ mt: 1 }} role="alert">
          {phase.message}
        </Alert>
      )}
      {warnings.length > 0 && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {warnings.join(" ")}
        </Alert>
      )}
    </Box>
  );
}
