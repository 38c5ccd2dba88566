"use client";

import Typography from "@mui/material/Typography";
import { useEffect, useRef, useState } from "react";
import { clockText } from "@/components/quizzes/format";
import { VisuallyHidden } from "@/components/ui/visually-hidden";

/**
 * The time left until the server's deadline, counted on the client's clock corrected by the offset the
 * server's time gave when the attempt was read: a reload reads it again, so the count goes on, never resets.
 */
export function Countdown({
  deadline,
  clockOffsetMs,
  onExpired,
}: {
  deadline: string;
  /** Server time minus client time when the attempt was read. */
  clockOffsetMs: number;
  onExpired: () => void;
}) {
  const end = Date.parse(deadline);
  const left = () => end - (Date.now() + clockOffsetMs);
  const [remaining, setRemaining] = useState(left);
  const expired = useRef(false);
  useEffect(() => {
    const tick = () => {
      const ms = end - (Date.now() + clockOffsetMs);
      setRemaining(ms);
      if (ms <= 0 && !expired.current) {
        expired.current = true;
        onExpired();
      }
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [end, clockOffsetMs, onExpired]);
  const urgent = remaining < 60_000;
  return (
    <>
      <Typography
        role="timer"
        aria-label="Time left"
        variant="h6"
        component="p"
        sx={{ fontVariantNumeric: "tabular-nums", color: urgent ? "error.main" : "text.primary" }}
      >
        Time left: {clockText(remaining)}
      </Typography>
      {/* Said once as each mark is passed, not at every tick. */}
      <VisuallyHidden>
        <span aria-live="polite">{announcement(remaining)}</span>
      </VisuallyHidden>
    </>
  );
}

function announcement(ms: number): string {
  if (ms <= 0) return "Time is up";
  if (ms <= 60_000) return "One minute left";
  if (ms <= 300_000) return "Five minutes left";
  return "";
}
