import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import { notFound, redirect } from "next/navigation";
import { VerifyCodeForm } from "@/components/certificates/verify-code-form";
import { guardPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Check a certificate · Learning Management", robots: { index: false } };

/** The address printed on every certificate: type the code, see the certificate's verification page. */
export default async function VerifyPage({ searchParams }: { searchParams: Promise<{ code?: string | string[] }> }) {
  const { ctx } = await guardPage("/verify");
  // The apex issues no certificates, so it has nothing to check them against.
  if (!ctx.organization) notFound();
  const { code } = await searchParams;
  // People copy codes from paper with spaces or dashes between the groups.
  const typed = (Array.isArray(code) ? code[0] : code)?.replace(/[\s-]+/g, "").toUpperCase();
  if (typed) redirect(`/verify/${encodeURIComponent(typed)}`);
  return (
    <Card variant="outlined" sx={{ maxWidth: 560, mx: "auto" }}>
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          Check a certificate
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Type the code printed on a certificate of {ctx.organization.name} to see whether it is valid.
        </Typography>
        <VerifyCodeForm />
      </CardContent>
    </Card>
  );
}
