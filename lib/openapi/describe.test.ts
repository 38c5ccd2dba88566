import { describe, expect, it } from "vitest";
import { constraints, fields, operationsByTag, resolveParameter, typeTokens } from "@/lib/openapi/describe";
import { openApiDocument } from "@/lib/openapi/document";

const document = openApiDocument();
const text = (tokens: { text: string }[]) => tokens.map((t) => t.text).join("");

describe("describing the document for people", () => {
  it("names types", () => {
    expect(typeTokens({ $ref: "#/components/schemas/Course" })).toEqual([{ text: "Course", ref: "Course" }]);
    expect(text(typeTokens({ anyOf: [{ $ref: "#/components/schemas/Organization" }, { type: "null" }] }))).toBe(
      "Organization | null",
    );
    expect(text(typeTokens({ type: ["string", "null"] }))).toBe("string | null");
    expect(text(typeTokens({ type: "array", items: { type: "string", format: "uuid" } }))).toBe("string (uuid)[]");
    expect(text(typeTokens({ type: "string", enum: ["draft", "published"] }))).toBe('"draft" | "published"');
    expect(text(typeTokens({ type: "string", format: "binary" }))).toBe("file");
    expect(
      text(typeTokens({ type: "object", additionalProperties: { type: "array", items: { type: "string" } } })),
    ).toBe("map of string[]");
  });

  it("states constraints without zod's safe-integer noise", () => {
    const op = document.paths?.["/api/courses"]?.get;
    const pageSize = op?.parameters?.map((p) => resolveParameter(document, p)).find((p) => p.name === "page_size");
    expect(constraints(pageSize?.schema)).toEqual(["≥ 1", "≤ 100", "default 20"]);
    expect(constraints({ type: "integer", minimum: 0, maximum: Number.MAX_SAFE_INTEGER })).toEqual(["≥ 0"]);
  });

  it("flattens nested request fields to dotted names", () => {
    const body = document.paths?.["/auth/register-organization"]?.post?.requestBody;
    const schema = body && "content" in body ? body.content["application/json"]?.schema : undefined;
    const list = fields(document, schema);
    expect(list.map((f) => f.name)).toEqual([
      "organization",
      "organization.name",
      "organization.subdomain",
      "admin",
      "admin.first_name",
      "admin.last_name",
      "admin.email",
      "admin.password",
    ]);
    expect(list.find((f) => f.name === "admin.password")).toMatchObject({
      required: true,
      constraints: ["8–200 characters"],
    });
  });

  it("lists a component's fields, nullable and array members included", () => {
    const names = fields(document, { $ref: "#/components/schemas/Course" }).map((f) => f.name);
    expect(names).toContain("instructors[].first_name");
    expect(names).toContain("my_enrollment.progress_percent");
    expect(names).toContain("category.name");
  });

  it("groups operations by tag in the document's order", () => {
    const groups = operationsByTag(document);
    expect(groups[0]?.name).toBe("Auth");
    expect(groups[0]?.operations.map((o) => `${o.method} ${o.path}`)).toContain("post /auth/login");
  });
});
