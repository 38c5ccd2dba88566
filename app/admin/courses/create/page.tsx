import Paper from "@mui/material/Paper";
import { CourseForm } from "@/components/courses/course-form";
import { PageHeader } from "@/components/shell/page-header";
import { guardSignedInPage, loadOrNotFound } from "@/lib/auth/page-guard";
import { readOrganizationSettings } from "@/lib/schemas/organization-settings";
import { listCategories } from "@/lib/server/categories/queries";
import { can } from "@/lib/tenancy/permissions";

export const metadata = { title: "Create course · Learning Management" };

export default async function CreateCoursePage() {
  const caller = await guardSignedInPage("/admin/courses/create");
  // The apex has no organization: a superadmin there gets the 404 page, not an error.
  const categories = await loadOrNotFound(listCategories(caller.ctx));
  return (
    <>
      <PageHeader title="Create course" subtitle="Start with the basics; modules and lessons come next" />
      <Paper variant="outlined" sx={{ p: 3 }}>
        <CourseForm
          categories={categories}
          canChooseInstructors={can(caller.ctx.role, "courses:update:any")}
          defaults={readOrganizationSettings(caller.ctx.organization?.settings).courseDefaults}
        />
      </Paper>
    </>
  );
}
