import { describe, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import {
  adminUserDetailSchema,
  bulkUserResultSchema,
  createdUserSchema,
  userDirectoryPageSchema,
} from "@/lib/openapi/responses/users";
import type { Page } from "@/lib/schemas/pagination";
import type { BulkUserResult } from "@/lib/server/users/bulk";
import type { CreatedUser } from "@/lib/server/users/create-user";
import type { AdminUserDetailJson } from "@/lib/server/users/detail";
import type { UserDirectoryEntry } from "@/lib/server/users/queries";

describe("the user directory's response schema", () => {
  it("matches the service's type", () => {
    expectTypeOf<z.output<typeof userDirectoryPageSchema>>().toEqualTypeOf<Page<UserDirectoryEntry>>();
  });
});

describe("the user administration's response schemas", () => {
  it("match the services' types", () => {
    expectTypeOf<z.output<typeof adminUserDetailSchema>>().toEqualTypeOf<AdminUserDetailJson>();
    expectTypeOf<z.output<typeof createdUserSchema>>().toEqualTypeOf<CreatedUser>();
    expectTypeOf<z.output<typeof bulkUserResultSchema>>().toEqualTypeOf<BulkUserResult>();
  });
});
