import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { scormTrackingSchema } from "@/lib/schemas/scorm";
import { recordScormTracking } from "@/lib/server/scorm/tracking";

export const POST = handle("Failed to update SCORM progress", async (req) => {
  const caller = await requireCaller(req);
  return recordScormTracking(caller.ctx, await readJson(req, scormTrackingSchema));
});

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
