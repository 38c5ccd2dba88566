import { AppError } from "@/lib/errors";
import { handle, notAllowedExcept, visitorRequestContext } from "@/lib/http";
import { loadFeed } from "@/lib/server/calendar/feed";

// The URL is /api/calendar/feed/{secret}.ics (a folder cannot be named `[secret].ics`, so the segment
// carries the extension and lib/openapi/route-files.ts documents it so).

export const GET = handle<{ secret: string }>("Failed to build the calendar feed", async (req, { params }) => {
  const segment = (await params).secret;
  if (!segment.endsWith(".ics"))
    throw new AppError("NOT_FOUND", "No calendar feed at this address: it may have been revoked");
  const ics = await loadFeed(await visitorRequestContext(req), segment.slice(0, -".ics".length));
  return new Response(ics, {
    headers: {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": 'inline; filename="calendar.ics"',
      "cache-control": "private, max-age=300",
    },
  });
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
