import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import { longDay } from "@/lib/format-dates";

export interface ProgressSummaryProps {
  percent: number;
  /** Names the bar for assistive technology, e.g. the course title. */
  label: string;
  completedAt?: string | null;
  /** The mean score of the course's scored (SCORM) lessons, when there is one. */
  scorePercent?: number | null;
}

/** "N% complete" with its bar; the wording is fixed by the UI contract (tests and other slices read it). */
export function ProgressSummary({ percent, label, completedAt, scorePercent }: ProgressSummaryProps) {
  return (
    <Box sx={{ width: "100%" }}>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={`Progress in ${label}`}
        sx={{ height: 8, borderRadius: 4, my: 1 }}
      />
      <Typography variant="body2" sx={{ color: "text.secondary" }}>
        {percent}% complete
        {completedAt && ` · Completed on ${longDay(completedAt)}`}
        {scorePercent != null && ` · Score ${scorePercent}%`}
      </Typography>
    </Box>
  );
}
