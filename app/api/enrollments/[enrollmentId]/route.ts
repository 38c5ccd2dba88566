import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { updateEnrollmentSchema } from "@/lib/schemas/enrollments";
import { updateEnrollment, withdrawEnrollment } from "@/lib/server/enrollments/mutations";

type Params = { enrollmentId: string };

export const PATCH = handle<Params>("Failed to update the enrollment", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { enrollmentId } = await params;
  return updateEnrollment(caller.ctx, enrollmentId, await readJson(req, updateEnrollmentSchema));
});

/** Withdraws (never deletes): the enrollment and its progress stay for reports and a later return. */
export const DELETE = handle<Params>("Failed to withdraw the enrollment", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { enrollmentId } = await params;
  await withdrawEnrollment(caller.ctx, enrollmentId);
  return new Response(null, { status: 204 });
});

export const { GET, POST, PUT } = notAllowedExcept("PATCH", "DELETE");
