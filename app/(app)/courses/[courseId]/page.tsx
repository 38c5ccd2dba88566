import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import ListSubheader from "@mui/material/ListSubheader";
import Typography from "@mui/material/Typography";
import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { guardSignedInPage, loadOrNotFound } from "@/lib/auth/page-guard";
import { getCourseOverview } from "@/lib/server/courses/queries";

export default async function CoursePage({ params }: { params: Promise<{ courseId: string }> }) {
  const caller = await guardSignedInPage("/courses/[courseId]");
  const { courseId } = await params;
  const course = await loadOrNotFound(getCourseOverview(caller.ctx, courseId));
  const instructors = course.instructors.map((i) => `${i.user.firstName} ${i.user.lastName}`).join(", ");
  return (
    <>
      <PageHeader title={course.title} subtitle={[course.category?.name, instructors && `Taught by ${instructors}`].filter(Boolean).join(" · ")} />
      {course.modules.length === 0 ? (
        <EmptyState title="This course has no modules yet" description="The outline appears here once the instructor adds modules and lessons." />
      ) : (
        <List aria-label="Course outline">
          {course.modules.map((m) => (
            <li key={m.id}>
              <ul style={{ padding: 0 }}>
                <ListSubheader>{m.title}</ListSubheader>
                {m.lessons.map((l) => (
                  <ListItem key={l.id}>
                    <ListItemText primary={l.title} secondary={l.kind} />
                  </ListItem>
                ))}
                {m.lessons.length === 0 && (
                  <ListItem>
                    <Typography variant="body2" color="text.secondary">No lessons yet</Typography>
                  </ListItem>
                )}
              </ul>
            </li>
          ))}
        </List>
      )}
    </>
  );
}
