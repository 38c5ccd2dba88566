"use client";

import { usePathname } from "next/navigation";
import { LinkButton } from "@/components/navigation/link-components";

/** For pages without params (forbidden.tsx): back to the overview of the course in the URL, where one enrolls. */
export function BackToCourseButton() {
  const courseId = /^\/courses\/([^/]+)/.exec(usePathname() ?? "")?.[1];
  return (
    <LinkButton href={courseId ? `/courses/${courseId}` : "/search"} variant="contained">
      {courseId ? "View course" : "Browse courses"}
    </LinkButton>
  );
}
