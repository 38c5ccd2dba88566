import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import Stack from "@mui/material/Stack";
import type { SignInProvider } from "@/lib/schemas/identity-providers";

/**
 * "Sign in with …" for each of the organization's identity providers: plain links, since the sign-in
 * is a round of full-page redirects through the provider. `refusal`: why the last one did not sign in.
 */
export function SingleSignOnButtons({
  providers,
  callbackUrl,
  refusal,
}: {
  providers: SignInProvider[];
  callbackUrl?: string;
  refusal?: string;
}) {
  if (providers.length === 0 && !refusal) return null;
  const query = callbackUrl ? `?callbackUrl=${encodeURIComponent(callbackUrl)}` : "";
  return (
    <Stack spacing={1.5} sx={{ mb: 2 }}>
      {refusal && (
        <Alert severity="error" role="alert">
          {refusal}
        </Alert>
      )}
      {providers.map((p) => (
        <Button key={p.id} variant="outlined" fullWidth href={`/auth/sso/${p.id}${query}`}>
          {`Sign in with ${p.name}`}
        </Button>
      ))}
      {providers.length > 0 && <Divider>or</Divider>}
    </Stack>
  );
}
