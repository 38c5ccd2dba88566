import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import Link from "next/link";
import { guardPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Unauthorized · Learning Management" };

export default async function UnauthorizedPage() {
  await guardPage("/unauthorized");
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>Unauthorized</Typography>
      <Typography sx={{ mb: 3 }}>Your role does not give you access to that page.</Typography>
      <Button component={Link} href="/dashboard" variant="contained">Go to my dashboard</Button>
    </>
  );
}
