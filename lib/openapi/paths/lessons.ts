import { z } from "zod";
import { definePaths, json, jsonBody, noContent, pathIds } from "@/lib/openapi/operation";
import { importedScormPackageSchema, lessonSchema } from "@/lib/openapi/responses/outline";
import { updateLessonSchema } from "@/lib/schemas/outline";

// app/api/courses/[courseId]/lessons/[lessonId]/{route,file,media,scorm}.

const lesson = pathIds("courseId", "lessonId");

export const lessonPaths = definePaths("Lessons", {
  "/api/courses/{courseId}/lessons/{lessonId}": {
    requestParams: { path: lesson },
    get: {
      operationId: "getLesson",
      summary: "A lesson with its content",
      description: "Course editors, and learners enrolled in the course (others 403).",
      access: "signed-in",
      responses: { 200: json("The lesson", lessonSchema) },
      errors: [403, 404],
    },
    patch: {
      operationId: "updateLesson",
      summary: "Change a lesson; its kind is fixed (course editors)",
      access: "signed-in",
      permission: "courses:update:own",
      requestBody: jsonBody(updateLessonSchema),
      responses: { 200: json("The updated lesson", lessonSchema) },
      errors: [400, 404],
    },
    delete: {
      operationId: "deleteLesson",
      summary: "Delete a lesson (course editors)",
      access: "signed-in",
      permission: "courses:update:own",
      responses: { 204: noContent },
      errors: [404],
    },
  },
  "/api/courses/{courseId}/lessons/{lessonId}/file": {
    requestParams: { path: lesson },
    put: {
      operationId: "uploadLessonFile",
      summary: "Upload the video or file of a video or file lesson (course editors)",
      description:
        "Videos must be MP4, WebM or Ogg (recognised by their bytes); files may be anything. At most 200 MB by default " +
        "(LESSON_FILE_MAX_BYTES). Replaces an earlier upload or external video URL; media_url then points at the /media route.",
      access: "signed-in",
      permission: "courses:update:own",
      requestBody: { required: true, content: { "multipart/form-data": { schema: z.object({ file: z.file() }) } } },
      responses: { 200: json("The lesson with its upload", lessonSchema) },
      errors: [400, 404, 413, 415],
    },
  },
  "/api/courses/{courseId}/lessons/{lessonId}/media": {
    requestParams: {
      path: lesson,
      header: z.object({ range: z.string().optional().meta({ description: "e.g. `bytes=0-1048575`" }) }),
    },
    get: {
      operationId: "getLessonMedia",
      summary: "The uploaded bytes of a lesson, with HTTP Range support",
      description:
        "Access-checked like the lesson itself (editors and enrolled learners). Videos come with their own type; files " +
        "as application/octet-stream attachments, so an upload never renders as a page of this site.",
      access: "signed-in",
      responses: {
        200: { description: "The whole file", content: { "*/*": { schema: z.file() } } },
        206: {
          description: "The requested byte range",
          content: { "*/*": { schema: z.file() } },
          headers: z.object({ "Content-Range": z.string().meta({ example: "bytes 0-1048575/73400320" }) }),
        },
        416: {
          description: "The range starts beyond the end of the file",
          headers: z.object({ "Content-Range": z.string().meta({ example: "bytes */73400320" }) }),
        },
      },
      errors: [403, 404],
    },
  },
  "/api/courses/{courseId}/lessons/{lessonId}/scorm": {
    requestParams: { path: lesson },
    put: {
      operationId: "uploadScormPackage",
      summary: "Upload a SCORM package (.zip) as the new version of a scorm lesson (course editors)",
      description:
        "The request body is the raw .zip (Content-Type application/zip or application/octet-stream), at most 500 MB by " +
        "default (SCORM_PACKAGE_MAX_BYTES). The package is checked before anything is kept: entry count, unpacked size and " +
        "compression ratio (zip bombs), no absolute or `..` paths, backslashes, drive letters or symbolic links, an " +
        "imsmanifest.xml at the root without DTD or entities, every item's resource declared and every SCO's launch file " +
        "present. Each refusal is a 4xx with its own message, and leaves nothing behind. The files are then served below " +
        "`/uploads/scorm/{packageId}/` to the course's editors and enrolled learners. Earlier versions are kept.",
      access: "signed-in",
      permission: "courses:update:own",
      requestBody: {
        required: true,
        content: { "application/zip": { schema: z.file() }, "application/octet-stream": { schema: z.file() } },
      },
      responses: { 200: json("The new package version", importedScormPackageSchema) },
      errors: [400, 403, 404, 409, 413, 415],
    },
  },
});
