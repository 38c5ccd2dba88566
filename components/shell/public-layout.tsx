import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import { LinkButton } from "@/components/navigation/link-components";
import Container from "@mui/material/Container";
import Toolbar from "@mui/material/Toolbar";
import Typography from "@mui/material/Typography";
import Link from "@/components/navigation/link";
import { BrandLogo } from "@/components/shell/brand-logo";
import { MaintenanceBanner } from "@/components/shell/maintenance-banner";
import type { ReactNode } from "react";

/** The frame of the public pages: landing, sign-in forms, catalog and /unauthorized. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <AppBar position="static" color="default" elevation={0} sx={{ borderBottom: 1, borderColor: "divider" }}>
        <Toolbar sx={{ gap: 2 }}>
          <Link href="/" aria-label="Learning Management home">
            <BrandLogo />
          </Link>
          {/* On a phone the logo (named for screen readers) stands alone, or Sign in is pushed off the screen. */}
          <Typography
            component="span"
            variant="h6"
            noWrap
            sx={{ flex: "1 1 0", minWidth: 0, visibility: { xs: "hidden", sm: "visible" } }}
          >
            Learning Management
          </Typography>
          <LinkButton href="/search" sx={{ flexShrink: 0 }}>
            Courses
          </LinkButton>
          <LinkButton href="/login" variant="outlined" sx={{ flexShrink: 0 }}>
            Sign in
          </LinkButton>
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ py: 4 }}>
        <Container maxWidth="md">
          <MaintenanceBanner />
          {children}
        </Container>
      </Box>
    </>
  );
}
