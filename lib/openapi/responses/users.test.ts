import { describe, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import { userDirectoryPageSchema } from "@/lib/openapi/responses/users";
import type { Page } from "@/lib/schemas/pagination";
import type { UserDirectoryEntry } from "@/lib/server/users/queries";

describe("the user directory's response schema", () => {
  it("matches the service's type", () => {
    expectTypeOf<z.output<typeof userDirectoryPageSchema>>().toEqualTypeOf<Page<UserDirectoryEntry>>();
  });
});
