import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { NoticePage } from "@/components/shell/centered-column";
import { MaintenanceBanner } from "@/components/shell/maintenance-banner";

// Rendered inside the root layout only (no shell): unknown paths, unknown organizations and notFound().
// The home button is a plain link (a full load), which also drops whatever state led here.
export default function NotFound() {
  return (
    <NoticePage>
      <MaintenanceBanner />
      <Typography variant="h3" component="h1">
        Page Not Found
      </Typography>
      <Typography sx={{ color: "text.secondary" }}>
        The page you are looking for does not exist or has moved.
      </Typography>
      <Button href="/" variant="contained">
        Go to the home page
      </Button>
    </NoticePage>
  );
}
