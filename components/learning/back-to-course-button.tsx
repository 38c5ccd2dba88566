"use client";

import { usePathname } from "next/navigation";
import { ButtonLink } from "@/components/ui/button-link";

/** For pages without params (forbidden.tsx): back to the overview of the course in the URL, where one enrolls. */
export function BackToCourseButton() {
  const courseId = /^\/courses\/([^/]+)/.exec(usePathname() ?? "")?.[1];
  return (
    <ButtonLink href={courseId ? `/courses/${courseId}` : "/search"}>
      {courseId ? "View course" : "Browse courses"}
    </ButtonLink>
  );
}
