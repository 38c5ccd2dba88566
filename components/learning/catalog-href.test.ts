import { describe, expect, it } from "vitest";
import { catalogHref, readCatalogState } from "./catalog-href";

const id = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";

describe("catalogHref", () => {
  it("keeps only what is set", () => {
    expect(catalogHref({ q: "", categoryId: "", page: 1 })).toBe("/search");
    expect(catalogHref({ q: "data science", categoryId: id, page: 3 })).toBe(
      `/search?q=data+science&category=${id}&page=3`,
    );
  });
});

describe("readCatalogState", () => {
  it("reads the query", () => {
    expect(readCatalogState({ q: " sql ", category: id, page: "2" })).toEqual({ q: "sql", categoryId: id, page: 2 });
  });

  it("ignores bad values", () => {
    expect(readCatalogState({ category: "nope", page: "-4" })).toEqual({ q: "", categoryId: "", page: 1 });
    expect(readCatalogState({ q: ["a", "b"], page: "abc" })).toEqual({ q: "a", categoryId: "", page: 1 });
  });
});
