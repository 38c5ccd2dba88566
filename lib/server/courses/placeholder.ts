import "server-only";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isId } from "@/lib/schemas/id";
import { loadCourseAccess } from "@/lib/server/courses/access";
import { isSignedIn, tenantId, type RequestContext } from "@/lib/tenancy/context";

// A course without a thumbnail still gets a picture: a colour picked from its id and its initials.

const PALETTE = ["#1565c0", "#2e7d32", "#6a1b9a", "#c62828", "#ef6c00", "#00838f", "#4527a0", "#ad1457"];

/**
 * An SVG shown through <img> cannot use the page's web fonts, so it carries its own: Roboto Medium
 * (latin, ~18 KB) as a data URI. Without it the initials would be drawn in whatever font the machine has.
 */
let embeddedFont: string | undefined;
function robotoFontFace(): string {
  embeddedFont ??= readFileSync(
    path.join(process.cwd(), "node_modules/@fontsource/roboto/files/roboto-latin-500-normal.woff2"),
  ).toString("base64");
  return `@font-face{font-family:"Roboto";font-weight:500;src:url(data:font/woff2;base64,${embeddedFont}) format("woff2")}`;
}

export function placeholderSvg(courseId: string, title: string): string {
  const hash = createHash("sha256").update(courseId).digest();
  const color = PALETTE[hash[0]! % PALETTE.length]!;
  const initials = title
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0]!.toUpperCase())
    .join("");
  const text = initials.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360" role="img"><style>${robotoFontFace()}</style><rect width="640" height="360" fill="${color}"/><text x="320" y="180" dominant-baseline="central" text-anchor="middle" font-family="Roboto" font-size="120" font-weight="500" fill="#ffffff">${text}</text></svg>`;
}

/** The placeholder of a course the caller may see: published courses are public, like the catalog. */
export async function coursePlaceholder(ctx: RequestContext, courseId: string): Promise<string> {
  if (!isId(courseId)) throw new AppError("NOT_FOUND", "Course not found");
  const course = await db().course.findFirst({
    where: { id: courseId, organizationId: tenantId(ctx) },
    select: { title: true, status: true },
  });
  if (!course) throw new AppError("NOT_FOUND", "Course not found");
  if (course.status !== "published") {
    if (!isSignedIn(ctx)) throw new AppError("NOT_FOUND", "Course not found");
    await loadCourseAccess(ctx, courseId);
  }
  return placeholderSvg(courseId, course.title);
}
