import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { LinkButton } from "@/components/navigation/link-components";
import { guardPage } from "@/lib/auth/page-guard";

export default async function LandingPage() {
  const { organization } = (await guardPage("/")).ctx;
  return (
    <Stack spacing={3} sx={{ py: 6, textAlign: "center", alignItems: "center" }}>
      <Typography variant="h3" component="h1">
        {organization ? organization.name : "Learning Management"}
      </Typography>
      <Typography variant="h6" component="p" color="text.secondary">
        {organization
          ? "Courses, progress and everything you learn here, in one place."
          : "A learning platform for organizations: courses, SCORM packages, groups and reports, each organization on its own address."}
      </Typography>
      <Stack direction="row" spacing={2}>
        <LinkButton href="/login" variant="contained" size="large">
          Sign in
        </LinkButton>
        {organization ? (
          <LinkButton href="/search" variant="outlined" size="large">
            Browse courses
          </LinkButton>
        ) : (
          <LinkButton href="/signup" variant="outlined" size="large">
            Create an organization
          </LinkButton>
        )}
      </Stack>
    </Stack>
  );
}
