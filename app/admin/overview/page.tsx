import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Grid from "@mui/material/Grid";
import Typography from "@mui/material/Typography";
import { PageHeader } from "@/components/shell/page-header";
import { guardSignedInPage, loadOrNotFound } from "@/lib/auth/page-guard";
import { organizationOverview } from "@/lib/server/organizations/queries";

export const metadata = { title: "Overview · Learning Management" };

export default async function OverviewPage() {
  const caller = await guardSignedInPage("/admin/overview");
  const counts = await loadOrNotFound(organizationOverview(caller.ctx));
  const tiles = [
    ["Users", counts.users],
    ["Courses", counts.courses],
    ["Published courses", counts.publishedCourses],
    ["Enrollments", counts.enrollments],
    ["Groups", counts.groups],
  ] as const;
  return (
    <>
      <PageHeader title="Overview" subtitle={caller.ctx.organization?.name} />
      <Grid container spacing={2}>
        {tiles.map(([label, value]) => (
          <Grid key={label} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card variant="outlined">
              <CardContent>
                <Typography variant="body2" color="text.secondary">
                  {label}
                </Typography>
                <Typography variant="h4" component="p">
                  {value}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </>
  );
}
