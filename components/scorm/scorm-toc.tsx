"use client";

import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import RadioButtonUncheckedIcon from "@mui/icons-material/RadioButtonUnchecked";
import TimelapseIcon from "@mui/icons-material/Timelapse";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import { KEEP_VISIBLE_ATTRIBUTE } from "@/components/scorm/visibility-guard";
import type { ScoEntry } from "@/lib/scorm/types";

export type ScoProgress = "not_started" | "in_progress" | "completed" | "passed" | "failed";

export interface ScormTocProps {
  scos: ScoEntry[];
  currentId: string | null;
  progress: Record<string, ScoProgress>;
  isDisabled: boolean;
  onChoose: (scoId: string) => void;
}

const LABELS: Record<ScoProgress, string> = { not_started: "Not started", in_progress: "In progress", completed: "Completed", passed: "Passed", failed: "Failed" };

/** The package's table of contents: choice navigation, the current SCO highlighted, statuses where known. */
export function ScormToc({ scos, currentId, progress, isDisabled, onChoose }: ScormTocProps) {
  return (
    <nav aria-label="Lesson contents" {...{ [KEEP_VISIBLE_ATTRIBUTE]: "navigation" }}>
      <List dense>
        {scos.map((sco) => {
          const isCurrent = sco.identifier === currentId;
          const status = progress[sco.identifier] ?? "not_started";
          return (
            <ListItemButton
              key={sco.identifier}
              selected={isCurrent}
              aria-current={isCurrent ? "step" : undefined}
              disabled={isDisabled}
              onClick={() => onChoose(sco.identifier)}
              sx={{ pl: 2 + sco.depth * 2, borderRadius: 1 }}
            >
              <ListItemIcon sx={{ minWidth: 32 }}>
                {status === "completed" || status === "passed" ? (
                  <CheckCircleIcon fontSize="small" color="success" />
                ) : status === "in_progress" || status === "failed" ? (
                  <TimelapseIcon fontSize="small" color={status === "failed" ? "error" : "primary"} />
                ) : (
                  <RadioButtonUncheckedIcon fontSize="small" />
                )}
              </ListItemIcon>
              <ListItemText primary={sco.title} secondary={LABELS[status]} />
            </ListItemButton>
          );
        })}
      </List>
    </nav>
  );
}

/** A SCO's status from its CMI (1.2 lesson_status or 2004 completion/success status). */
export function scoProgress(cmi: Record<string, unknown> | undefined): ScoProgress {
  if (!cmi) return "not_started";
  const core = cmi.core as Record<string, unknown> | undefined;
  const lessonStatus = core?.lesson_status;
  if (typeof lessonStatus === "string") {
    if (lessonStatus === "passed" || lessonStatus === "failed" || lessonStatus === "completed") return lessonStatus;
    return lessonStatus === "not attempted" || lessonStatus === "" ? "not_started" : "in_progress";
  }
  if (cmi.success_status === "passed" || cmi.success_status === "failed") return cmi.success_status;
  if (cmi.completion_status === "completed") return "completed";
  if (cmi.completion_status === "incomplete") return "in_progress";
  return "not_started";
}
