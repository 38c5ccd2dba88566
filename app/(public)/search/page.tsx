import List from "@mui/material/List";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import { LinkListItemButton } from "@/components/navigation/link-components";
import { EmptyState } from "@/components/shell/empty-state";
import { guardPage } from "@/lib/auth/page-guard";
import { listCatalogCourses } from "@/lib/server/courses/queries";

export const metadata = { title: "Course catalog · Learning Management" };

export default async function SearchPage() {
  const { tenant } = await guardPage("/search");
  if (!tenant.organization) {
    return <EmptyState title="Catalogs belong to organizations" description="Open your organization's own address to browse its courses." />;
  }
  const courses = await listCatalogCourses(tenant.organization.id);
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>Course catalog</Typography>
      {courses.length === 0 ? (
        <EmptyState title="No published courses yet" description={`${tenant.organization.name} has not published any courses yet.`} />
      ) : (
        <List aria-label="Published courses">
          {courses.map((c) => (
            <LinkListItemButton key={c.id} href={`/courses/${c.id}`}>
              <ListItemText primary={c.title} secondary={[c.category?.name, `${c._count.lessons} lessons`].filter(Boolean).join(" · ")} />
            </LinkListItemButton>
          ))}
        </List>
      )}
    </>
  );
}
