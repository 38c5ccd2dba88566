import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/openapi/document";

describe("the API document's webhooks", () => {
  it("describes every event type an endpoint can choose, and the test event", () => {
    expect(Object.keys(openApiDocument().webhooks ?? {}).sort()).toEqual([
      "certificate.expired",
      "certificate.expiring",
      "certificate.issued",
      "course.completed",
      "enrollment.completed",
      "enrollment.created",
      "group.member_added",
      "import.finished",
      "lesson.completed",
      "user.created",
      "user.deactivated",
      "user.updated",
      "webhook.test",
    ]);
  });

  it("gives each a JSON body of { type, timestamp, data } and the three signature headers", () => {
    const item = openApiDocument().webhooks!["course.completed"] as {
      post: {
        parameters: { name: string; in: string }[];
        requestBody: { content: Record<string, { schema: unknown }> };
      };
    };
    expect(item.post.parameters.map((p) => `${p.in}:${p.name}`)).toEqual([
      "header:webhook-id",
      "header:webhook-timestamp",
      "header:webhook-signature",
    ]);
    const schema = item.post.requestBody.content["application/json"]!.schema as {
      properties: Record<string, { const?: string }>;
      required: string[];
    };
    expect(schema.required).toEqual(["type", "timestamp", "data"]);
    expect(schema.properties.type!.const).toBe("course.completed");
  });
});
