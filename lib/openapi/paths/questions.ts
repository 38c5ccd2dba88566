import { z } from "zod";
import { definePaths, json, jsonBody, noContent, pathIds } from "@/lib/openapi/operation";
import {
  questionBankPageSchema,
  questionBankSchema,
  questionDetailSchema,
  questionImportSchema,
  questionPageSchema,
  questionVersionSchema,
} from "@/lib/openapi/responses/questions";
import { questionFileDownload } from "@/lib/openapi/responses/exports";
import { idSchema } from "@/lib/schemas/id";
import { exportQuestionBankQuerySchema } from "@/lib/schemas/question-exports";
import { uploadQuestionImportQuerySchema } from "@/lib/schemas/question-imports";
import {
  createQuestionBankSchema,
  listQuestionBanksQuerySchema,
  listQuestionsQuerySchema,
  questionContentSchema,
  updateQuestionBankSchema,
  updateQuestionSchema,
} from "@/lib/schemas/questions";

// app/api/question-banks/** (docs/assessments.md). Instructors manage the banks they created; org admins
// and admins every bank of the organization. Other banks are 404s to them.

const WHO = "Org admins and admins: every bank; instructors: the banks they created.";
const MANAGE = { access: "signed-in", permission: "questions:manage" } as const;

export const questionPaths = definePaths("Questions", {
  "/api/question-banks": {
    get: {
      operationId: "listQuestionBanks",
      summary: "The question banks the caller manages, by name",
      description: `${WHO} \`q\` searches names; \`parent_id\` lists the banks nested directly in one.`,
      ...MANAGE,
      requestParams: { query: listQuestionBanksQuerySchema },
      responses: { 200: json("A page of banks", questionBankPageSchema) },
      errors: [400, 403, 404],
    },
    post: {
      operationId: "createQuestionBank",
      summary: "Create a bank, at the top level or inside one the caller manages",
      ...MANAGE,
      requestBody: jsonBody(createQuestionBankSchema),
      responses: { 201: json("The new bank", questionBankSchema) },
      errors: [400, 403, 404, 409],
    },
  },
  "/api/question-banks/{bankId}": {
    requestParams: { path: pathIds("bankId") },
    get: {
      operationId: "getQuestionBank",
      summary: "A question bank",
      description: WHO,
      ...MANAGE,
      responses: { 200: json("The bank", questionBankSchema) },
      errors: [403, 404],
    },
    patch: {
      operationId: "updateQuestionBank",
      summary: "Rename, describe or move a bank",
      description: "`parent_id` moves it (null: to the top level); never into itself or a bank nested in it (400).",
      ...MANAGE,
      requestBody: jsonBody(updateQuestionBankSchema),
      responses: { 200: json("The bank", questionBankSchema) },
      errors: [400, 403, 404, 409],
    },
    delete: {
      operationId: "deleteQuestionBank",
      summary: "Delete an empty bank",
      description: "A bank holding questions (archived ones too) or banks is not deleted: 409 saying what it holds.",
      ...MANAGE,
      responses: { 204: noContent },
      errors: [403, 404, 409],
    },
  },
  "/api/question-banks/{bankId}/questions": {
    requestParams: { path: pathIds("bankId") },
    get: {
      operationId: "listQuestions",
      summary: "A bank's questions, by name",
      description:
        "`q` searches names, `tag` (comma-separated) keeps the questions having every tag, `type` one type; archived ones only with `archived=true` or `all`.",
      ...MANAGE,
      requestParams: { query: listQuestionsQuerySchema },
      responses: { 200: json("A page of questions", questionPageSchema) },
      errors: [400, 403, 404],
    },
    post: {
      operationId: "createQuestion",
      summary: "Create a question (its version 1)",
      description:
        "The body is one of the question types, told apart by `type`; rich text is sanitized as lesson text is.",
      ...MANAGE,
      requestBody: jsonBody(questionContentSchema),
      responses: { 201: json("The question", questionDetailSchema) },
      errors: [400, 403, 404],
    },
  },
  "/api/question-banks/{bankId}/questions/{questionId}": {
    requestParams: { path: pathIds("bankId", "questionId") },
    get: {
      operationId: "getQuestion",
      summary: "A question with its current version and the list of its versions",
      ...MANAGE,
      responses: { 200: json("The question", questionDetailSchema) },
      errors: [403, 404],
    },
    put: {
      operationId: "reviseQuestion",
      summary: "Edit a question: its next version",
      description:
        "Earlier versions stay as they were. The type cannot change (400); an archived question is restored first (409). `tags` left out stay.",
      ...MANAGE,
      requestBody: jsonBody(questionContentSchema),
      responses: { 200: json("The question", questionDetailSchema) },
      errors: [400, 403, 404, 409],
    },
    patch: {
      operationId: "updateQuestion",
      summary: "Tag, archive, restore or move a question (no new version)",
      ...MANAGE,
      requestBody: jsonBody(updateQuestionSchema),
      responses: { 200: json("The question", questionDetailSchema) },
      errors: [400, 403, 404],
    },
  },
  "/api/question-banks/{bankId}/questions/{questionId}/versions/{version}": {
    requestParams: {
      path: z.object({ bankId: idSchema, questionId: idSchema, version: z.string().regex(/^[1-9][0-9]*$/) }),
    },
    get: {
      operationId: "getQuestionVersion",
      summary: "One version of a question, as it was written",
      ...MANAGE,
      responses: { 200: json("The version", questionVersionSchema) },
      errors: [403, 404],
    },
  },
  "/api/question-banks/{bankId}/export": {
    requestParams: { path: pathIds("bankId") },
    get: {
      operationId: "exportQuestionBank",
      summary: "A bank's questions as a Moodle XML or GIFT file, or a QTI 3.0 package",
      description:
        "`format`: moodle_xml, gift or qti3 (a ZIP content package). " +
        "The latest version of each question (archived ones with `include_archived=true`), the bank's sub-banks as " +
        "categories under its own (`$course$/top/Bank/Sub`) unless `include_sub_banks=false`. A question the format " +
        "cannot hold (an ordering question in GIFT, an essay graded along a rubric…) is skipped: counted in " +
        "X-Skipped-Questions and named with its reason at the top of the file; what is written with changes is listed " +
        'there too (docs/assessments.md "Exporting"). Read back by the import, the file gives the same questions.',
      ...MANAGE,
      requestParams: { query: exportQuestionBankQuerySchema },
      responses: { 200: questionFileDownload },
      errors: [400, 403, 404],
    },
  },
  "/api/question-banks/{bankId}/imports": {
    requestParams: { path: pathIds("bankId") },
    post: {
      operationId: "uploadQuestionImport",
      summary: "Import a Moodle XML or GIFT file, or a QTI 3.0 package, into a bank: upload it (its dry run starts)",
      description:
        "multipart/form-data with the file in `file` (up to 20 MB, UTF-8). `format` (moodle_xml, gift, qti3) is told from the " +
        "name (.xml; .gift, .txt) or the content (a ZIP is a QTI 3.0 package; a qti-assessment-item a QTI item) when left out. The file is parsed at once: one that cannot be read is a 400 " +
        "saying why (413 past 20 MB), and nothing is kept. Its categories become banks nested in this one; each question " +
        'is one of ours or refused with its reason (docs/assessments.md "Importing from Moodle"). The dry run, a job, ' +
        "reports what the run would create without writing anything.",
      ...MANAGE,
      requestParams: { query: uploadQuestionImportQuerySchema },
      requestBody: { required: true, content: { "multipart/form-data": { schema: z.object({ file: z.file() }) } } },
      responses: { 201: json("The import, its dry run under way", questionImportSchema) },
      errors: [400, 403, 404, 413, 415],
    },
  },
  "/api/question-banks/{bankId}/imports/{questionImportId}": {
    requestParams: { path: pathIds("bankId", "questionImportId") },
    get: {
      operationId: "getQuestionImport",
      summary: "A question import: status, progress, the dry run's report, what the run created",
      ...MANAGE,
      responses: { 200: json("The import", questionImportSchema) },
      errors: [403, 404],
    },
  },
  "/api/question-banks/{bankId}/imports/{questionImportId}/run": {
    requestParams: { path: pathIds("bankId", "questionImportId") },
    post: {
      operationId: "runQuestionImport",
      summary: "Create the banks and questions the dry run reported (a background job)",
      description:
        "Each question is created as POST …/questions creates one (sanitized, version 1). A retried job creates nothing " +
        "twice. Before the dry run has ended, or once the import has run: 409.",
      ...MANAGE,
      responses: { 202: json("The import, its run under way", questionImportSchema) },
      errors: [403, 404, 409],
    },
  },
});
