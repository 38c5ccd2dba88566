import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import { UnknownCode } from "@/components/certificates/unknown-code";

// A code this organization never issued: still a 404 (the code tells a stranger nothing), but with the code
// that was looked up and a form to try again, not the generic 'Page Not Found'.
export default function UnknownCertificate() {
  return (
    <Card variant="outlined" sx={{ maxWidth: 560, mx: "auto" }}>
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          Certificate not found
        </Typography>
        <UnknownCode />
      </CardContent>
    </Card>
  );
}
