import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import ListSubheader from "@mui/material/ListSubheader";
import Typography from "@mui/material/Typography";
import Box from "@mui/material/Box";
import { LessonTitle } from "@/components/learning/lesson-title";
import { lessonPath } from "@/components/learning/paths";
import { LinkListItemButton } from "@/components/navigation/link-components";
import type { OutlineLessonState, OutlineModuleState } from "@/lib/server/progress/player";

const KIND_LABELS = { text: "Text", video: "Video", file: "File", scorm: "SCORM" } as const;

/** The overview's outline: lessons link to the player once the caller may open them. */
export function CourseOutline({
  courseId,
  modules,
  linked,
}: {
  courseId: string;
  modules: OutlineModuleState[];
  linked: boolean;
}) {
  return (
    <Box component="section" aria-label="Course outline">
      {modules.map((m) => (
        <List
          key={m.id}
          dense
          aria-label={m.title}
          subheader={
            <ListSubheader disableSticky sx={{ typography: "subtitle1", fontWeight: 500 }}>
              {m.title}
            </ListSubheader>
          }
        >
          {m.lessons.map((l) => {
            const completed = l.status === "completed";
            const content = (
              <>
                <ListItemIcon sx={{ minWidth: 34 }} aria-hidden>
                  {completed && <CheckCircleIcon fontSize="small" color="success" />}
                </ListItemIcon>
                <ListItemText
                  primary={<LessonTitle title={l.title} completed={completed} />}
                  secondary={[
                    KIND_LABELS[l.kind],
                    l.is_required ? null : "optional",
                    l.progress_percent === null ? null : `${l.progress_percent}% done`,
                    lessonResultText(l),
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                />
              </>
            );
            // A link is a list item's content, never the item itself: a <ul> holds only <li>s.
            return linked ? (
              <ListItem key={l.id} disablePadding>
                <LinkListItemButton href={lessonPath(courseId, l.module_id, l.id)} prefetch={false}>
                  {content}
                </LinkListItemButton>
              </ListItem>
            ) : (
              <ListItem key={l.id}>{content}</ListItem>
            );
          })}
          {m.lessons.length === 0 && (
            <ListItem>
              <Typography variant="body2" sx={{ color: "text.secondary" }}>
                No lessons yet
              </Typography>
            </ListItem>
          )}
        </List>
      ))}
    </Box>
  );
}

/** A scored lesson's result as the learner reads it: "Passed · Score 100%". */
export function lessonResultText(lesson: Pick<OutlineLessonState, "success_status" | "score_percent">): string | null {
  const parts = [
    lesson.success_status === "passed" ? "Passed" : lesson.success_status === "failed" ? "Failed" : null,
    lesson.score_percent === null ? null : `Score ${lesson.score_percent}%`,
  ];
  return parts.filter(Boolean).join(" · ") || null;
}
