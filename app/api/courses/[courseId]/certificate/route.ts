import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { courseCertificateSchema } from "@/lib/schemas/certificates";
import { getCourseCertificate, setCourseCertificate } from "@/lib/server/certificates/course-certificate";

type Params = { courseId: string };

export const GET = handle<Params>("Failed to load the course's certificate settings", async (req, { params }) => {
  const caller = await requireCaller(req);
  return getCourseCertificate(caller.ctx, (await params).courseId);
});

export const PUT = handle<Params>("Failed to save the course's certificate settings", async (req, { params }) => {
  const caller = await requireCaller(req);
  const input = await readJson(req, courseCertificateSchema);
  return setCourseCertificate(caller.ctx, (await params).courseId, input);
});

export const { POST, PATCH, DELETE } = notAllowedExcept("GET", "PUT");
