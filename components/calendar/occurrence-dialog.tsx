"use client";

import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { LinkButton } from "@/components/navigation/link-components";
import { formatOccurrence } from "@/components/calendar/occurrence-time";
import type { CalendarItemJson } from "@/components/calendar/types";

function audienceText(item: CalendarItemJson): string {
  if (item.audience.type === "course") return `Course: ${item.audience.name}`;
  if (item.audience.type === "group") return `Group: ${item.audience.name}`;
  return "Everyone in the organization";
}

/** One occurrence's details: when (in the viewer's zone), where, for whom, and where to go from here. */
export function OccurrenceDialog({
  item,
  timeZone,
  onClose,
}: {
  item: CalendarItemJson | null;
  timeZone: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={item !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="occurrence-title">
      {item && (
        <>
          <DialogTitle id="occurrence-title">{item.title}</DialogTitle>
          <DialogContent>
            <Stack spacing={1.5}>
              <Typography>{formatOccurrence(item, timeZone)}</Typography>
              <Stack direction="row" sx={{ gap: 1, flexWrap: "wrap" }}>
                <Chip size="small" label={audienceText(item)} />
                {item.recurring && <Chip size="small" variant="outlined" label="Repeats" />}
                {!item.all_day && item.time_zone && item.time_zone !== timeZone && (
                  <Chip size="small" variant="outlined" label={`Set in ${item.time_zone}`} />
                )}
              </Stack>
              {item.location && <Typography>Where: {item.location}</Typography>}
              {item.description && (
                <Typography sx={{ whiteSpace: "pre-wrap", color: "text.secondary" }}>{item.description}</Typography>
              )}
            </Stack>
          </DialogContent>
          <DialogActions>
            {item.course_id && <LinkButton href={`/courses/${item.course_id}`}>Open course</LinkButton>}
            {item.can_edit && item.event_id && (
              <LinkButton href={`/admin/events/${item.event_id}`}>Edit event</LinkButton>
            )}
            <Button onClick={onClose} autoFocus>
              Close
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
