import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";

// The SCORM package as the API, the editor and the player see it (snake_case).

export const scormPackageSummarySelect = {
  id: true,
  version: true,
  title: true,
  scormVersion: true,
  createdAt: true,
  scoCount: true,
} satisfies Prisma.ScormPackageSelect;
type ScormPackageRow = Prisma.ScormPackageGetPayload<{ select: typeof scormPackageSummarySelect }>;

/** The lesson's current package: its highest version. Read with the lesson (lessonSelect). */
export const currentScormPackageSelect = {
  orderBy: { version: "desc" },
  take: 1,
  select: scormPackageSummarySelect,
} satisfies Prisma.Lesson$scormPackagesArgs;

export function scormPackageSummary(row: ScormPackageRow) {
  return {
    id: row.id,
    version: row.version,
    title: row.title,
    scorm_version: row.scormVersion,
    sco_count: row.scoCount,
    uploaded_at: row.createdAt.toISOString(),
  };
}
export type ScormPackageSummary = ReturnType<typeof scormPackageSummary>;
