import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { CourseCertificateInput } from "@/lib/schemas/certificates";
import { requireCourseEditor } from "@/lib/server/courses/access";
import type { TenantContext } from "@/lib/tenancy/context";
import { requirePermission } from "@/lib/tenancy/permissions";

// A course's certificate settings: its editors choose the template (or none), the validity, the reminder's
// lead time and whether learners are enrolled again for the next round.

const settingsSelect = {
  certificateTemplateId: true,
  certificateValidityMonths: true,
  certificateReminderDays: true,
  recertifyAutomatically: true,
} as const;

function settingsJson(row: {
  certificateTemplateId: string | null;
  certificateValidityMonths: number | null;
  certificateReminderDays: number;
  recertifyAutomatically: boolean;
}) {
  return {
    template_id: row.certificateTemplateId,
    validity_months: row.certificateValidityMonths,
    reminder_days: row.certificateReminderDays,
    recertify_automatically: row.recertifyAutomatically,
  };
}
export type CourseCertificateJson = ReturnType<typeof settingsJson>;

export async function getCourseCertificate(ctx: TenantContext, courseId: string): Promise<CourseCertificateJson> {
  requirePermission(ctx, "certificates:manage");
  const { organizationId } = await requireCourseEditor(ctx, courseId);
  const row = await db().course.findFirst({ where: { id: courseId, organizationId }, select: settingsSelect });
  if (!row) throw new AppError("NOT_FOUND", "Course not found");
  return settingsJson(row);
}

export async function setCourseCertificate(
  ctx: TenantContext,
  courseId: string,
  input: CourseCertificateInput,
): Promise<CourseCertificateJson> {
  requirePermission(ctx, "certificates:manage");
  const { organizationId } = await requireCourseEditor(ctx, courseId);
  if (input.template_id) {
    const template = await db().certificateTemplate.findFirst({
      where: { id: input.template_id, organizationId },
      select: { id: true },
    });
    if (!template)
      throw new AppError("VALIDATION_FAILED", "No such certificate template", {
        fieldErrors: { template_id: ["No such certificate template"] },
      });
  }
  const row = await db().course.update({
    where: { id: courseId, organizationId },
    data: {
      certificateTemplateId: input.template_id,
      certificateValidityMonths: input.validity_months,
      certificateReminderDays: input.reminder_days,
      recertifyAutomatically: input.recertify_automatically,
    },
    select: settingsSelect,
  });
  return settingsJson(row);
}
