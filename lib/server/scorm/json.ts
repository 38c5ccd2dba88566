import type { Prisma } from "@/lib/generated/prisma/client";
import { scoList } from "@/lib/scorm/sco-list";
import type { ScormManifest, ScormVersion } from "@/lib/scorm/types";

// The SCORM package as the API, the editor and the player see it (snake_case).

/** The lesson's current package: its highest version. Read with the lesson (lessonSelect). */
export const currentScormPackageSelect = {
  orderBy: { version: "desc" },
  take: 1,
  select: { id: true, version: true, title: true, scormVersion: true, createdAt: true, manifest: true },
} satisfies Prisma.Lesson$scormPackagesArgs;

export interface ScormPackageRow {
  id: string;
  version: number;
  title: string;
  scormVersion: ScormVersion;
  createdAt: Date;
  manifest: unknown;
}

export const scormBaseUrl = (packageId: string) => `/uploads/scorm/${packageId}/`;

export function scormPackageSummary(row: ScormPackageRow) {
  return {
    id: row.id,
    version: row.version,
    title: row.title,
    scorm_version: row.scormVersion,
    sco_count: scoList(row.manifest as ScormManifest).length,
    uploaded_at: row.createdAt.toISOString(),
    base_url: scormBaseUrl(row.id),
  };
}
export type ScormPackageSummary = ReturnType<typeof scormPackageSummary>;
