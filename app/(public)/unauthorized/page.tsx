import Typography from "@mui/material/Typography";
import { LinkButton } from "@/components/navigation/link-components";
import { guardPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Unauthorized · Learning Management" };

export default async function UnauthorizedPage() {
  await guardPage("/unauthorized");
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        Unauthorized
      </Typography>
      <Typography sx={{ mb: 3 }}>Your role does not give you access to that page.</Typography>
      <LinkButton href="/dashboard" variant="contained">
        Go to my dashboard
      </LinkButton>
    </>
  );
}
