import { z } from "zod";
import { definePaths, json, jsonBody, pathIds } from "@/lib/openapi/operation";
import {
  importDetailSchema,
  importPageSchema,
  importRowPageSchema,
  importSchema,
} from "@/lib/openapi/responses/imports";
import {
  importMappingSchema,
  listImportRowsQuerySchema,
  listImportsQuerySchema,
  uploadImportQuerySchema,
} from "@/lib/schemas/imports";

// app/api/admin/imports/**: the CSV user import (import-export:use: admins in their organization, the
// superadmin in any). docs/import-export.md describes the file; docs/permissions.md the rules.

const WHO =
  "Admins import into their own organization; the superadmin into any (another organization's import is a 404).";

export const importPaths = definePaths("Imports", {
  "/api/admin/imports": {
    get: {
      operationId: "listImports",
      summary: "The import history, newest first",
      description: `${WHO} The superadmin sees every organization's, or the one \`organization_id\` names.`,
      access: "signed-in",
      permission: "import-export:use",
      requestParams: { query: listImportsQuerySchema },
      responses: { 200: json("A page of imports", importPageSchema) },
      errors: [400, 403, 404],
    },
    post: {
      operationId: "uploadImport",
      summary: "Upload a CSV of users (up to 50 MB and 100,000 rows)",
      description:
        "multipart/form-data with the file in `file`, read as it arrives. UTF-8 (with or without BOM) or Windows-1252; comma, " +
        "semicolon or tab; quoted fields may hold line breaks. The first line names the columns; ours (email, first_name, " +
        "last_name, username, role, password, groups, courses, completed_on, status) are mapped automatically, after the " +
        "organization's saved default. completed_on carries the date (YYYY-MM-DD) the person completed the row's courses in " +
        "another system: one for all of them, or one per course in the same order; they are enrolled, completed on that date " +
        "and given the course's certificate, dated then and expiring after its validity. A file that cannot be read is a 400 " +
        `(413 past 50 MB) saying why, and nothing is kept. ${WHO} The superadmin names ` +
        "the organization with `organization_id` (on an organization's own address it defaults to that one).",
      access: "signed-in",
      permission: "import-export:use",
      requestParams: { query: uploadImportQuerySchema },
      requestBody: { required: true, content: { "multipart/form-data": { schema: z.object({ file: z.file() }) } } },
      responses: { 201: json("The import, ready for its mapping and dry run", importSchema) },
      errors: [400, 403, 404, 413, 415],
    },
  },
  "/api/admin/imports/{importId}": {
    requestParams: { path: pathIds("importId") },
    get: {
      operationId: "getImport",
      summary: "An import: status, mapping, the first 20 rows, totals and progress (rows done, rate, time left)",
      access: "signed-in",
      permission: "import-export:use",
      responses: { 200: json("The import", importDetailSchema) },
      errors: [403, 404],
    },
  },
  "/api/admin/imports/{importId}/mapping": {
    requestParams: { path: pathIds("importId") },
    put: {
      operationId: "updateImportMapping",
      summary: "Which column holds which field",
      description:
        "Each field names a column by its position (from 0), or null. `save_as_default` also keeps the mapping, by column " +
        "names, for the organization's next files. A change asks for a new dry run. 409 once the import has run.",
      access: "signed-in",
      permission: "import-export:use",
      requestBody: jsonBody(importMappingSchema),
      responses: { 200: json("The import", importDetailSchema) },
      errors: [400, 403, 404, 409],
    },
  },
  "/api/admin/imports/{importId}/dry-run": {
    requestParams: { path: pathIds("importId") },
    post: {
      operationId: "dryRunImport",
      summary: "Dry-run every row: what it would do, nothing applied (a background job)",
      description:
        "Each row will be created, updated (its e-mail matches a user of the organization), unchanged, or rejected with the " +
        "reason: invalid email, unknown role or one the importer may not give, duplicate email in the file, unknown group or " +
        "course (only the organization's own), weak password (the organization's policy), a username taken, an invalid or " +
        "future completion date, a completion date without a course or with a course without lessons. A row with completions " +
        "says what it completes and the certificate it issues; a completion already recorded is unchanged. Poll " +
        "GET …/{importId} for the progress and totals, GET …/rows for the rows. 400 when email, first_name or last_name has no column.",
      access: "signed-in",
      permission: "import-export:use",
      responses: { 202: json("The import, its dry run under way (status checking)", importSchema) },
      errors: [400, 403, 404, 409],
    },
  },
  "/api/admin/imports/{importId}/run": {
    requestParams: { path: pathIds("importId") },
    post: {
      operationId: "runImport",
      summary: "Apply the rows (a background job), after a dry run",
      description:
        "Each batch has its dry run again and is applied, each in one transaction that also records the rows' outcomes: a job " +
        "interrupted by a crash resumes where it stopped and applies no row twice. New users without a password get an " +
        "invitation e-mail; groups enroll in their courses. A row that fails at apply time is reported as failed. 409 without a dry run.",
      access: "signed-in",
      permission: "import-export:use",
      responses: { 202: json("The import, running", importSchema) },
      errors: [403, 404, 409],
    },
  },
  "/api/admin/imports/{importId}/cancel": {
    requestParams: { path: pathIds("importId") },
    post: {
      operationId: "cancelImport",
      summary: "Stop the dry run or the run at its next batch",
      description: "What was applied stays; `summary` then says how many rows were applied and how many were not.",
      access: "signed-in",
      permission: "import-export:use",
      responses: { 202: json("The import", importSchema) },
      errors: [403, 404, 409],
    },
  },
  "/api/admin/imports/{importId}/rows": {
    requestParams: { path: pathIds("importId") },
    get: {
      operationId: "listImportRows",
      summary: "The rows and their outcome, in file order",
      description:
        "`outcome` filters: a dry-run outcome (create, update, unchanged, reject), a run outcome (created, updated, rejected, failed) or pending (not applied).",
      access: "signed-in",
      permission: "import-export:use",
      requestParams: { query: listImportRowsQuerySchema },
      responses: { 200: json("A page of rows", importRowPageSchema) },
      errors: [400, 403, 404],
    },
  },
  "/api/admin/imports/{importId}/report": {
    requestParams: { path: pathIds("importId") },
    get: {
      operationId: "importReport",
      summary: "The report: every row's outcome and reason as CSV",
      description:
        "Columns row, email, outcome, reason, applied, then the file's own (passwords hidden). UTF-8 with a BOM; formulas neutralised.",
      access: "signed-in",
      permission: "import-export:use",
      responses: { 200: { description: "A CSV download", content: { "text/csv": { schema: { type: "string" } } } } },
      errors: [403, 404],
    },
  },
});
