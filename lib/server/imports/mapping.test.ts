import { describe, expect, it } from "vitest";
import { autoMapping, cellOf, mappingByName, missingFields } from "@/lib/server/imports/mapping";

describe("the import's column mapping", () => {
  it("matches our names and their usual spellings, the saved default first", () => {
    expect(autoMapping([" E-mail Address "], { email: "e_mail_address" }).email).toBe(0);
    expect(autoMapping(["E-mail", "First name", "Surname", "Kurs"], null)).toEqual({
      email: 0,
      first_name: 1,
      last_name: 2,
      username: null,
      role: null,
      password: null,
      groups: null,
      courses: null,
      completed_on: null,
      status: null,
    });
    expect(autoMapping(["email", "first_name", "last_name", "Course", "Completion date"], null)).toMatchObject({
      courses: 3,
      completed_on: 4,
    });
    expect(
      autoMapping(["Mail", "Kurs", "Name", "Family"], {
        email: "Mail",
        courses: "kurs",
        first_name: "Name",
        last_name: "Family",
      }),
    ).toMatchObject({ email: 0, courses: 1, first_name: 2, last_name: 3 });
    expect(mappingByName(["a", "b"], { email: 1, first_name: null })).toEqual({ email: "b" });
    expect(missingFields({ email: 0, last_name: null })).toEqual(["first_name", "last_name"]);
  });

  it("reads a cell trimmed, without the apostrophe an export puts before a formula character", () => {
    const mapping = { email: 0, first_name: 1, last_name: 2 };
    expect(cellOf(["  a@example.test ", "'=Eve", "'Neill"], mapping, "first_name")).toBe("=Eve");
    expect(cellOf(["  a@example.test ", "'=Eve", "'Neill"], mapping, "last_name")).toBe("'Neill");
    expect(cellOf(["  a@example.test "], mapping, "email")).toBe("a@example.test");
    expect(cellOf(["x"], mapping, "last_name")).toBe("");
    expect(cellOf(["x"], mapping, "groups")).toBe("");
  });
});
