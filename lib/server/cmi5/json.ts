import "server-only";
import type { Cmi5Structure } from "@/lib/cmi5/course-structure";

// A cmi5 course version as the API answers it.

export interface Cmi5CourseJson {
  id: string;
  lesson_id: string;
  version: number;
  title: string;
  publisher_id: string;
  /** Whether its files are stored with the LMS (a zip) or every AU lives at an absolute URL (a bare cmi5.xml). */
  packaged: boolean;
  au_count: number;
  aus: {
    index: number;
    id: string;
    title: string;
    move_on: string;
    mastery_score: number | null;
    launch_method: string;
  }[];
  block_count: number;
  created_at: string;
}

export function cmi5CourseJson(row: {
  id: string;
  lessonId: string;
  version: number;
  title: string;
  publisherId: string;
  storagePrefix: string | null;
  structure: unknown;
  createdAt: Date;
}): Cmi5CourseJson {
  const structure = row.structure as Cmi5Structure;
  return {
    id: row.id,
    lesson_id: row.lessonId,
    version: row.version,
    title: row.title,
    publisher_id: row.publisherId,
    packaged: row.storagePrefix !== null,
    au_count: structure.aus.length,
    // A thousand AUs is a valid course: the list stops at the first 200, the count says how many.
    aus: structure.aus.slice(0, 200).map((au) => ({
      index: au.index,
      id: au.id,
      title: au.title,
      move_on: au.moveOn,
      mastery_score: au.masteryScore,
      launch_method: au.launchMethod,
    })),
    block_count: structure.blocks.length,
    created_at: row.createdAt.toISOString(),
  };
}
