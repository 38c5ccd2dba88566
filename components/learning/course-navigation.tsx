import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import RadioButtonUncheckedIcon from "@mui/icons-material/RadioButtonUnchecked";
import Box from "@mui/material/Box";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import ListSubheader from "@mui/material/ListSubheader";
import Typography from "@mui/material/Typography";
import Link from "next/link";
import { LessonTitle } from "@/components/learning/lesson-title";
import { lessonPath, coursePath } from "@/components/learning/paths";
import { ProgressSummary } from "@/components/learning/progress-summary";
import { LinkListItemButton } from "@/components/navigation/link-components";
import type { OutlineModuleState } from "@/lib/server/progress/player";

export interface CourseNavigationProps {
  course: { id: string; title: string };
  modules: OutlineModuleState[];
  currentLessonId: string;
  progressPercent: number | null;
}

/** The player's sidebar: modules and lessons, completed ones checked, the current one highlighted. */
export function CourseNavigation({ course, modules, currentLessonId, progressPercent }: CourseNavigationProps) {
  return (
    <Box
      component="nav"
      aria-label="Course navigation"
      data-scorm-keep-visible="navigation"
      sx={{ border: 1, borderColor: "divider", borderRadius: 2, overflow: "hidden" }}
    >
      <Box sx={{ p: 2, borderBottom: 1, borderColor: "divider" }}>
        <Link href={coursePath(course.id)} style={{ color: "inherit" }}>
          <Typography component="span" variant="subtitle1" sx={{ fontWeight: 500 }}>
            {course.title}
          </Typography>
        </Link>
        {progressPercent !== null && <ProgressSummary percent={progressPercent} label={course.title} />}
      </Box>
      {modules.map((m) => (
        <List
          key={m.id}
          dense
          disablePadding
          aria-label={m.title}
          subheader={<ListSubheader sx={{ lineHeight: 2.5, pt: 1 }}>{m.title}</ListSubheader>}
        >
          {m.lessons.map((l) => {
            const current = l.id === currentLessonId;
            const completed = l.status === "completed";
            return (
              <ListItem key={l.id} disablePadding>
                <LinkListItemButton
                  href={lessonPath(course.id, l.module_id, l.id)}
                  prefetch={false}
                  selected={current}
                  aria-current={current ? "page" : undefined}
                >
                  <ListItemIcon sx={{ minWidth: 34 }} aria-hidden>
                    {completed ? (
                      <CheckCircleIcon fontSize="small" color="success" />
                    ) : (
                      <RadioButtonUncheckedIcon fontSize="small" color="disabled" />
                    )}
                  </ListItemIcon>
                  <ListItemText primary={<LessonTitle title={l.title} completed={completed} />} />
                </LinkListItemButton>
              </ListItem>
            );
          })}
          {m.lessons.length === 0 && (
            <Typography variant="body2" sx={{ color: "text.secondary", px: 2, pb: 1 }}>
              No lessons yet
            </Typography>
          )}
        </List>
      ))}
    </Box>
  );
}
