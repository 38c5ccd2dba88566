import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import ArrowForwardIcon from "@mui/icons-material/ArrowForward";
import Box from "@mui/material/Box";
import { lessonPath } from "@/components/learning/paths";
import { LinkButton } from "@/components/navigation/link-components";
import type { LessonLink } from "@/lib/server/progress/player";

/** "Previous" / "Next" across module boundaries, in outline order (not prefetched: a visit moves "continue here"). */
export function LessonPager({
  courseId,
  previous,
  next,
}: {
  courseId: string;
  previous: LessonLink | null;
  next: LessonLink | null;
}) {
  return (
    <Box
      component="nav"
      aria-label="Lesson pages"
      sx={{ display: "flex", justifyContent: "space-between", gap: 2, pt: 2, borderTop: 1, borderColor: "divider" }}
    >
      <Box>
        {previous && (
          <LinkButton
            href={lessonPath(courseId, previous.module_id, previous.lesson_id)}
            prefetch={false}
            startIcon={<ArrowBackIcon />}
            title={previous.title}
          >
            Previous
          </LinkButton>
        )}
      </Box>
      <Box>
        {next && (
          <LinkButton
            href={lessonPath(courseId, next.module_id, next.lesson_id)}
            prefetch={false}
            endIcon={<ArrowForwardIcon />}
            variant="outlined"
            title={next.title}
          >
            Next
          </LinkButton>
        )}
      </Box>
    </Box>
  );
}
