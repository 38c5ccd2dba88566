import "server-only";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import * as fontkit from "fontkit";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isId } from "@/lib/schemas/id";
import { loadCourseAccess } from "@/lib/server/courses/access";
import { isSignedIn, tenantId, type RequestContext } from "@/lib/tenancy/context";

// A course without a thumbnail still gets a picture: a colour picked from its id and its initials.

const PALETTE = ["#1565c0", "#2e7d32", "#6a1b9a", "#c62828", "#ef6c00", "#00838f", "#4527a0", "#ad1457"];

/**
 * An SVG shown through <img> cannot use the page's web fonts, so the initials are drawn as outlines of
 * Roboto Medium's glyphs (a few hundred bytes), not as text in whatever font the machine has, and not
 * with the font embedded (18 KB in every picture, the largest part of a dashboard). Loaded once.
 */
let roboto: fontkit.Font | undefined;
function robotoMedium(): fontkit.Font {
  roboto ??= fontkit.create(
    readFileSync(path.join(process.cwd(), "node_modules/@fontsource/roboto/files/roboto-latin-500-normal.woff2")),
  ) as fontkit.Font;
  return roboto;
}

const WIDTH = 640;
const HEIGHT = 360;
const FONT_SIZE = 120;

/** The initials as one path, centred; null when the font lacks one of their letters (then the machine's font draws them). */
function initialsPath(initials: string): string | null {
  const font = robotoMedium();
  const run = font.layout(initials);
  if (run.glyphs.some((g) => g.id === 0)) return null;
  const scale = FONT_SIZE / font.unitsPerEm;
  const width = run.positions.reduce((sum, p) => sum + p.xAdvance, 0) * scale;
  // Capitals centred on the middle line, as dominant-baseline="central" would place them.
  const baseline = HEIGHT / 2 + (font.capHeight * scale) / 2;
  let x = (WIDTH - width) / 2;
  const parts: string[] = [];
  run.glyphs.forEach((glyph, i) => {
    parts.push(glyph.path.scale(scale, -scale).translate(x, baseline).toSVG());
    x += run.positions[i]!.xAdvance * scale;
  });
  return parts.join("");
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
  const outline = initialsPath(initials);
  const letters = outline
    ? `<path fill="#ffffff" d="${outline}"/>`
    : `<text x="${WIDTH / 2}" y="${HEIGHT / 2}" dominant-baseline="central" text-anchor="middle" font-size="${FONT_SIZE}" font-weight="500" fill="#ffffff">${text}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img"><title>${text}</title><rect width="${WIDTH}" height="${HEIGHT}" fill="${color}"/>${letters}</svg>`;
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
