import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import CardMedia from "@mui/material/CardMedia";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { LinkCardActionArea } from "@/components/navigation/link-components";

export interface CourseCardProps {
  href: string;
  title: string;
  thumbnailUrl: string;
  category?: { name: string } | null;
  lessonCount?: number;
  /** Extra content under the title, e.g. a progress bar. */
  children?: ReactNode;
  headingLevel?: "h2" | "h3";
}

/** A course as a card: thumbnail, title (the link's name), category and lesson count. */
export function CourseCard({
  href,
  title,
  thumbnailUrl,
  category,
  lessonCount,
  children,
  headingLevel = "h3",
}: CourseCardProps) {
  const facts = [
    category?.name,
    lessonCount === undefined ? undefined : `${lessonCount} ${lessonCount === 1 ? "lesson" : "lessons"}`,
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <Card variant="outlined" sx={{ height: "100%" }}>
      <LinkCardActionArea
        href={href}
        sx={{
          height: "100%",
          display: "flex",
          flexDirection: "column",
          alignItems: "stretch",
          justifyContent: "flex-start",
        }}
      >
        <CardMedia
          component="img"
          image={thumbnailUrl}
          alt=""
          sx={{ height: 140, objectFit: "cover", bgcolor: "action.hover" }}
        />
        <CardContent>
          <Typography variant="h6" component={headingLevel} sx={{ lineHeight: 1.3 }}>
            {title}
          </Typography>
          {facts && (
            <Typography variant="body2" sx={{ color: "text.secondary", mt: 0.5 }}>
              {facts}
            </Typography>
          )}
          {children}
        </CardContent>
      </LinkCardActionArea>
    </Card>
  );
}
