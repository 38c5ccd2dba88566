import { describe, expect, it } from "vitest";
import { paginationItems } from "./pagination-items";

describe("paginationItems (MUI's Pagination's items)", () => {
  it("lists every page when there are few", () => {
    expect(paginationItems(1, 2)).toEqual(["previous", 1, 2, "next"]);
    expect(paginationItems(3, 7)).toEqual(["previous", 1, 2, 3, 4, 5, 6, 7, "next"]);
  });
  it("shows five pages at the start when the first is current", () => {
    expect(paginationItems(1, 10)).toEqual(["previous", 1, 2, 3, 4, 5, "end-ellipsis", 10, "next"]);
  });
  it("puts gaps on both sides of a page in the middle", () => {
    expect(paginationItems(10, 20)).toEqual(["previous", 1, "start-ellipsis", 9, 10, 11, "end-ellipsis", 20, "next"]);
  });
  it("shows five pages at the end when the last is current", () => {
    expect(paginationItems(20, 20)).toEqual(["previous", 1, "start-ellipsis", 16, 17, 18, 19, 20, "next"]);
  });
  it("has only the arrows and page 1 for a single page", () => {
    expect(paginationItems(1, 1)).toEqual(["previous", 1, "next"]);
  });
});
