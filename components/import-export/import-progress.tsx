"use client";

import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";

const n = (value: number) => value.toLocaleString("en-US");

function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return minutes < 60 ? `${minutes} min ${seconds % 60} s` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** A labelled progress bar: done / total, and (when known) the rate and the time left. */
export function ImportProgressBar({
  label,
  done,
  total,
  rate,
  secondsLeft,
  unit = "rows",
}: {
  label: string;
  done: number;
  total: number;
  rate?: number | null;
  secondsLeft?: number | null;
  unit?: string;
}) {
  const percent = total > 0 ? Math.min(100, (done / total) * 100) : 0;
  const details = [
    `${n(done)} / ${n(total)} ${unit}`,
    rate ? `${n(Math.round(rate))} ${unit}/s` : null,
    secondsLeft !== null && secondsLeft !== undefined ? `${duration(secondsLeft)} left` : null,
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {label}: <span data-testid="import-progress-text">{details}</span>
      </Typography>
      <LinearProgress variant="determinate" value={percent} aria-label={label} aria-valuetext={details} />
    </Box>
  );
}
