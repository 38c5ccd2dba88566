import EditIcon from "@mui/icons-material/Edit";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { CourseOutline } from "@/components/learning/course-outline";
import { EnrollmentPanel } from "@/components/learning/enrollment-panel";
import { RichText } from "@/components/learning/rich-text";
import { LinkButton } from "@/components/navigation/link-components";
import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { guardSignedInPage, loadOrNotFound } from "@/lib/auth/page-guard";
import { getCoursePage } from "@/lib/server/progress/course-page";

export const metadata = { title: "Course · Learning Management" };

export default async function CoursePage({ params }: { params: Promise<{ courseId: string }> }) {
  const caller = await guardSignedInPage("/courses/[courseId]");
  const { courseId } = await params;
  const { course, state } = await loadOrNotFound(getCoursePage(caller.ctx, courseId));
  const instructors = course.instructors.map((i) => `${i.first_name} ${i.last_name}`).join(", ");
  const editLink = course.can_edit && (
    <LinkButton href={`/admin/courses/${course.id}`} variant="outlined" startIcon={<EditIcon />}>
      Edit course
    </LinkButton>
  );
  return (
    <>
      <PageHeader
        title={course.title}
        subtitle={[course.category?.name, instructors && `Taught by ${instructors}`].filter(Boolean).join(" · ")}
        actions={editLink}
      />
      <Box
        sx={{
          display: "grid",
          gridTemplateColumns: { xs: "1fr", md: "minmax(0, 1fr) 320px" },
          gap: 3,
          alignItems: "start",
        }}
      >
        <Box sx={{ display: "flex", flexDirection: "column", gap: 3 }}>
          <Box
            component="img"
            src={course.thumbnail_url}
            alt=""
            sx={{ width: "100%", maxHeight: 220, objectFit: "cover", borderRadius: 2, bgcolor: "action.hover" }}
          />
          <RichText html={course.description} />
          <Typography variant="h5" component="h2">
            Outline
          </Typography>
          {state.modules.length === 0 ? (
            <EmptyState
              title="This course has no modules yet"
              description="The outline appears here once the instructor adds modules and lessons."
            />
          ) : (
            <CourseOutline courseId={course.id} modules={state.modules} linked={state.can_view_content} />
          )}
        </Box>
        <Box sx={{ position: { md: "sticky" }, top: { md: 88 } }}>
          <EnrollmentPanel course={course} state={state} />
        </Box>
      </Box>
    </>
  );
}
