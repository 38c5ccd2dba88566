"use client";

import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import RadioButtonUncheckedIcon from "@mui/icons-material/RadioButtonUnchecked";
import TimelapseIcon from "@mui/icons-material/Timelapse";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import { KEEP_VISIBLE_ATTRIBUTE } from "@/components/scorm/visibility-guard";
import type { ScoEntry, ScoProgress } from "@/lib/scorm/types";

export interface ScormTocProps {
  scos: ScoEntry[];
  currentId: string | null;
  progress: Record<string, ScoProgress>;
  isDisabled: boolean;
  /** SCOs the package's sequencing does not allow choosing now (2004 precondition rules), or none. */
  unavailable: ReadonlySet<string>;
  /** SCOs closed for good in this attempt (their attempts or their time used up), with the reason shown. */
  closed: Readonly<Record<string, string>>;
  onChoose: (scoId: string) => void;
}

const LABELS: Record<ScoProgress, string> = {
  not_started: "Not started",
  in_progress: "In progress",
  completed: "Completed",
  passed: "Passed",
  failed: "Failed",
};

/** The package's table of contents: choice navigation, the current SCO highlighted, statuses where known. */
export function ScormToc({ scos, currentId, progress, isDisabled, unavailable, closed, onChoose }: ScormTocProps) {
  return (
    <nav aria-label="Lesson contents" {...{ [KEEP_VISIBLE_ATTRIBUTE]: "navigation" }}>
      <List dense>
        {scos.map((sco) => {
          const isCurrent = sco.identifier === currentId;
          const status = progress[sco.identifier] ?? "not_started";
          const closedReason = isCurrent ? undefined : closed[sco.identifier];
          const isUnavailable = !isCurrent && (unavailable.has(sco.identifier) || closedReason !== undefined);
          return (
            <ListItem key={sco.identifier} disablePadding>
              <ListItemButton
                selected={isCurrent}
                aria-current={isCurrent ? "step" : undefined}
                disabled={isDisabled || isUnavailable}
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
                <ListItemText
                  primary={sco.title}
                  secondary={
                    closedReason
                      ? `${LABELS[status]} · closed: ${closedReason}`
                      : isUnavailable
                        ? `${LABELS[status]} · not available yet`
                        : LABELS[status]
                  }
                />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </nav>
  );
}
