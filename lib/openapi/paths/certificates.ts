import { z } from "zod";
import { definePaths, json, jsonBody, noContent, pathIds } from "@/lib/openapi/operation";
import {
  certificateListSchema,
  certificateSchema,
  certificateTemplateListSchema,
  certificateTemplateSchema,
  courseCertificateSettingsSchema,
} from "@/lib/openapi/responses/certificates";
import {
  courseCertificateSchema,
  createCertificateTemplateSchema,
  revokeCertificateSchema,
  updateCertificateTemplateSchema,
} from "@/lib/schemas/certificates";

// app/api/certificate-templates/**, app/api/courses/{courseId}/certificate and app/api/certificates/**.

export const certificatePaths = definePaths("Certificates", {
  "/api/certificate-templates": {
    get: {
      operationId: "listCertificateTemplates",
      summary: "The organization's certificate templates, by name (instructors and admins)",
      access: "signed-in",
      permission: "certificates:manage",
      responses: { 200: json("Every template", certificateTemplateListSchema) },
      errors: [403, 404],
    },
    post: {
      operationId: "createCertificateTemplate",
      summary: "Create a certificate template (instructors and admins)",
      description: "Pictures come as PNG or JPEG data URLs and are stored re-encoded as PNG.",
      access: "signed-in",
      permission: "certificates:manage",
      requestBody: jsonBody(createCertificateTemplateSchema),
      responses: { 201: json("The new template", certificateTemplateSchema) },
      errors: [400, 404, 413, 415],
    },
  },
  "/api/certificate-templates/{templateId}": {
    requestParams: { path: pathIds("templateId") },
    get: {
      operationId: "getCertificateTemplate",
      summary: "One certificate template",
      access: "signed-in",
      permission: "certificates:manage",
      responses: { 200: json("The template", certificateTemplateSchema) },
      errors: [403, 404],
    },
    patch: {
      operationId: "updateCertificateTemplate",
      summary: "Rename or redesign a certificate template",
      description: "Certificates already issued keep the design they were issued with.",
      access: "signed-in",
      permission: "certificates:manage",
      requestBody: jsonBody(updateCertificateTemplateSchema),
      responses: { 200: json("The updated template", certificateTemplateSchema) },
      errors: [400, 404, 413, 415],
    },
    delete: {
      operationId: "deleteCertificateTemplate",
      summary: "Delete a certificate template",
      description: "A template a course still uses stays (409): pick another for those courses first.",
      access: "signed-in",
      permission: "certificates:manage",
      responses: { 204: noContent },
      errors: [404, 409],
    },
  },
  "/api/courses/{courseId}/certificate": {
    requestParams: { path: pathIds("courseId") },
    get: {
      operationId: "getCourseCertificate",
      summary: "The course's certificate settings (its editors)",
      access: "signed-in",
      permission: "certificates:manage",
      responses: { 200: json("The settings", courseCertificateSettingsSchema) },
      errors: [403, 404],
    },
    put: {
      operationId: "setCourseCertificate",
      summary: "Choose the course's certificate template, validity, reminder and recertification (its editors)",
      access: "signed-in",
      permission: "certificates:manage",
      requestBody: jsonBody(courseCertificateSchema),
      responses: { 200: json("The settings", courseCertificateSettingsSchema) },
      errors: [400, 404],
    },
  },
  "/api/certificates": {
    get: {
      operationId: "listMyCertificates",
      summary: "The caller's own certificates, newest first",
      access: "signed-in",
      permission: "certificates:read:own",
      responses: { 200: json("Every certificate issued to the caller", certificateListSchema) },
      errors: [404],
    },
  },
  "/api/certificates/{certificateId}/revoke": {
    requestParams: { path: pathIds("certificateId") },
    post: {
      operationId: "revokeCertificate",
      summary: "Revoke a certificate, with a reason (organization administrators)",
      description:
        "Its verification page then says it is revoked. The audit log records who, when and why. A certificate already revoked is a 409.",
      access: "signed-in",
      permission: "certificates:revoke",
      requestBody: jsonBody(revokeCertificateSchema),
      responses: { 200: json("The revoked certificate", certificateSchema) },
      errors: [400, 403, 404, 409],
    },
  },
  "/api/certificates/{certificateId}/reissue": {
    requestParams: { path: pathIds("certificateId") },
    post: {
      operationId: "reissueCertificate",
      summary: "Re-issue a certificate with today's names and template (organization administrators)",
      description:
        "A new certificate with a new code for the same completion (its date, expiry and score); the one it replaces is " +
        "revoked with the reason. Only the newest certificate of a completion can be re-issued (409 otherwise).",
      access: "signed-in",
      permission: "certificates:revoke",
      requestBody: jsonBody(revokeCertificateSchema),
      responses: { 201: json("The new certificate", certificateSchema) },
      errors: [400, 403, 404, 409],
    },
  },
  "/api/certificates/{certificateId}/pdf": {
    requestParams: { path: pathIds("certificateId") },
    get: {
      operationId: "getCertificatePdf",
      summary: "A certificate as a PDF (its learner, and the organization's admins)",
      access: "signed-in",
      permission: "certificates:read:own",
      responses: { 200: { description: "The PDF", content: { "application/pdf": { schema: z.file() } } } },
      errors: [404],
    },
  },
});
