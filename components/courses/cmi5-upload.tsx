"use client";

import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useEffect, useState } from "react";
import { FilePickButton } from "@/components/forms/file-pick-button";
import type { LessonJson } from "@/components/courses/types";
import { uploadWithProgress } from "@/lib/client/upload";

// The cmi5 lesson's course (docs/cmi5.md): what it plays now, and an import of a zip or a bare cmi5.xml
// that adds a new version. A course the specification refuses comes back with the rule it breaks.

interface Cmi5Course {
  title: string;
  version: number;
  au_count: number;
  packaged: boolean;
}

type Phase = { kind: "idle" } | { kind: "uploading"; percent: number } | { kind: "error"; message: string };

function sendCourse(url: string, file: File, onProgress: (percent: number) => void): Promise<Cmi5Course> {
  return uploadWithProgress({
    method: "PUT",
    url,
    body: file,
    contentType: /\.xml$/i.test(file.name) ? "text/xml" : "application/zip",
    onProgress: (sent, total) => total > 0 && onProgress(Math.round((sent / total) * 100)),
    messages: {
      failed: (status) => `The import failed (HTTP ${status}).`,
      cutOff: "The import failed: the connection was lost.",
    },
  });
}

const describeCourse = (c: Cmi5Course) =>
  `Current course: ${c.title} · version ${c.version} · ${c.au_count} AU${c.au_count === 1 ? "" : "s"}` +
  (c.packaged ? "" : " at their own addresses");

export function Cmi5Upload({ courseId, lesson }: { courseId: string; lesson: LessonJson | null }) {
  const [current, setCurrent] = useState<Cmi5Course | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const url = lesson ? `/api/courses/${courseId}/lessons/${lesson.id}/cmi5` : null;
  useEffect(() => {
    if (!url) return;
    let live = true;
    void fetch(url, { credentials: "same-origin" })
      .then((res) => (res.ok ? (res.json() as Promise<Cmi5Course>) : null))
      .then((course) => live && course && setCurrent(course))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [url]);
  if (!url) {
    return (
      <Alert severity="info" sx={{ my: 2 }}>
        Create the lesson first; then import its cmi5 course (.zip or cmi5.xml) here.
      </Alert>
    );
  }
  const upload = async (file: File) => {
    setPhase({ kind: "uploading", percent: 0 });
    try {
      setCurrent(await sendCourse(url, file, (percent) => setPhase({ kind: "uploading", percent })));
      setPhase({ kind: "idle" });
    } catch (e) {
      setPhase({ kind: "error", message: e instanceof Error ? e.message : "The import failed." });
    }
  };
  return (
    <Box sx={{ my: 2 }} aria-busy={phase.kind === "uploading"}>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
        <FilePickButton
          label={current ? "Import a new version (.zip or cmi5.xml)" : "Import cmi5 course (.zip or cmi5.xml)"}
          accept=".zip,.xml,application/zip,text/xml"
          onPick={upload}
          disabled={phase.kind === "uploading"}
        />
        <Typography variant="body2" color="text.secondary" role="status">
          {current ? describeCourse(current) : "No course yet"}
        </Typography>
      </Stack>
      {phase.kind === "uploading" && (
        <Box sx={{ mt: 1 }}>
          <LinearProgress variant="determinate" value={phase.percent} aria-label="Importing the cmi5 course" />
          <Typography variant="caption">Importing… {phase.percent}%</Typography>
        </Box>
      )}
      {phase.kind === "error" && (
        <Alert severity="error" sx={{ mt: 1 }} role="alert">
          {phase.message}
        </Alert>
      )}
    </Box>
  );
}
