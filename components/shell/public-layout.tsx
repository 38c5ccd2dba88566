import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import { LinkButton } from "@/components/navigation/link-components";
import Container from "@mui/material/Container";
import Toolbar from "@mui/material/Toolbar";
import Typography from "@mui/material/Typography";
import Image from "next/image";
import Link from "next/link";
import type { ReactNode } from "react";

/** The frame of the public pages: landing, sign-in forms, catalog and /unauthorized. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <AppBar position="static" color="default" elevation={0} sx={{ borderBottom: 1, borderColor: "divider" }}>
        <Toolbar sx={{ gap: 2 }}>
          <Link href="/" aria-label="Learning Management home">
            <Image src="/logo.svg" alt="Learning Management logo" width={118} height={40} priority />
          </Link>
          <Typography component="span" variant="h6" sx={{ flexGrow: 1 }}>
            Learning Management
          </Typography>
          <LinkButton href="/search">Courses</LinkButton>
          <LinkButton href="/login" variant="outlined">Sign in</LinkButton>
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ py: 4 }}>
        <Container maxWidth="md">{children}</Container>
      </Box>
    </>
  );
}
