"use client";

import FileDownloadOutlinedIcon from "@mui/icons-material/FileDownloadOutlined";
import FileUploadOutlinedIcon from "@mui/icons-material/FileUploadOutlined";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { LinkCardActionArea } from "@/components/navigation/link-components";

const SECTIONS: { href: string; title: string; description: string; icon: ReactNode }[] = [
  {
    href: "/admin/import-export/import",
    title: "Import users",
    description:
      "Upload a CSV of people (up to 100,000 rows), map its columns, read what would happen row by row, then run it in the background.",
    icon: <FileUploadOutlinedIcon color="primary" fontSize="large" />,
  },
  {
    href: "/admin/import-export/export",
    title: "Export data",
    description:
      "Download users, courses, enrollments with progress, group memberships, SCORM results or certificates as a CSV that opens in Excel.",
    icon: <FileDownloadOutlinedIcon color="primary" fontSize="large" />,
  },
];

/** The landing page's two ways in. */
export function ImportExportOverview() {
  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
      {SECTIONS.map((s) => (
        <Card key={s.href} variant="outlined">
          <LinkCardActionArea href={s.href} sx={{ height: "100%" }}>
            <CardContent sx={{ display: "flex", gap: 2, alignItems: "flex-start" }}>
              <Box aria-hidden>{s.icon}</Box>
              <Box>
                <Typography variant="h6" component="h2">
                  {s.title}
                </Typography>
                <Typography sx={{ color: "text.secondary", mt: 0.5 }}>{s.description}</Typography>
              </Box>
            </CardContent>
          </LinkCardActionArea>
        </Card>
      ))}
    </Box>
  );
}
