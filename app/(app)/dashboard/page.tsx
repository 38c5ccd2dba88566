import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Grid from "@mui/material/Grid";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import { LinkCardActionArea } from "@/components/navigation/link-components";
import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { guardSignedInPage } from "@/lib/auth/page-guard";
import { listMyEnrollments } from "@/lib/server/enrollments/queries";

export const metadata = { title: "Dashboard · Learning Management" };

export default async function DashboardPage() {
  const caller = await guardSignedInPage("/dashboard");
  const enrollments = await listMyEnrollments(caller.ctx);
  const heading = caller.organization ? `Welcome, ${caller.user.firstName}` : "Platform dashboard";
  return (
    <>
      <PageHeader title={heading} subtitle={caller.organization?.name ?? "All organizations"} />
      {enrollments.length === 0 ? (
        <EmptyState
          title="You are not enrolled in any courses yet"
          description="Browse the course catalog to find something to learn."
          action={caller.organization ? { label: "Browse courses", href: "/search" } : { label: "Organizations", href: "/admin/organizations" }}
        />
      ) : (
        <Grid container spacing={2} component="ul" sx={{ listStyle: "none", p: 0 }} aria-label="My courses">
          {enrollments.map((e) => (
            <Grid key={e.id} size={{ xs: 12, sm: 6, md: 4 }} component="li">
              <Card variant="outlined">
                <LinkCardActionArea href={`/courses/${e.course.id}`}>
                  <CardContent>
                    <Typography variant="h6" component="h2">{e.course.title}</Typography>
                    <LinearProgress variant="determinate" value={e.progressPercent} sx={{ my: 1 }} aria-label={`Progress in ${e.course.title}`} />
                    <Typography variant="body2" color="text.secondary">
                      {e.status === "completed" ? "Completed" : `${e.progressPercent}% complete`}
                    </Typography>
                  </CardContent>
                </LinkCardActionArea>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
    </>
  );
}
