import { describe, expect, it } from "vitest";
import { pageEntries } from "./pagination";

describe("pageEntries", () => {
  it("lists every page when there are few", () => {
    expect(pageEntries(1, 1)).toEqual([1]);
    expect(pageEntries(2, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageEntries(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("leaves gaps between the ends and the current page's neighbours, as MUI's Pagination does", () => {
    expect(pageEntries(1, 10)).toEqual([1, 2, 3, 4, 5, "end-ellipsis", 10]);
    expect(pageEntries(5, 10)).toEqual([1, "start-ellipsis", 4, 5, 6, "end-ellipsis", 10]);
    expect(pageEntries(10, 10)).toEqual([1, "start-ellipsis", 6, 7, 8, 9, 10]);
  });
});
