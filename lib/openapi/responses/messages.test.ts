import { describe, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import {
  inboxSchema,
  messageItemSchema,
  recipientsSchema,
  threadSchema,
  threadSummarySchema,
} from "@/lib/openapi/responses/messages";
import type { InboxJson, MessageJson, ThreadJson, ThreadSummaryJson } from "@/lib/server/messages/json";
import type { RecipientsJson } from "@/lib/server/messages/recipients";

describe("the messages response schemas", () => {
  it("match the services' types", () => {
    expectTypeOf<z.output<typeof messageItemSchema>>().toEqualTypeOf<MessageJson>();
    expectTypeOf<z.output<typeof threadSummarySchema>>().toEqualTypeOf<ThreadSummaryJson>();
    expectTypeOf<z.output<typeof inboxSchema>>().toEqualTypeOf<InboxJson>();
    expectTypeOf<z.output<typeof threadSchema>>().toEqualTypeOf<ThreadJson>();
    expectTypeOf<z.output<typeof recipientsSchema>>().toEqualTypeOf<RecipientsJson>();
  });
});
