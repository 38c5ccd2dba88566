import { describe, expect, it } from "vitest";
import { bankAndDescendants, bankPath, buildBankTree, flattenBankTree } from "./bank-tree-model";

const bank = (id: string, parent_id: string | null, name: string) => ({ id, parent_id, name });
const banks = [
  bank("g", null, "Geography"),
  bank("m", "g", "Maths"),
  bank("a", null, "Algebra"),
  bank("r", "g", "Rivers"),
  bank("d", "m", "Decimals"),
  bank("o", "hidden", "Orphan"),
];

describe("bank tree", () => {
  it("nests banks under their parents by name, and shows a bank of an unseen parent at the top", () => {
    const flat = flattenBankTree(buildBankTree(banks)).map(({ bank: b, depth }) => `${depth}:${b.name}`);
    expect(flat).toEqual(["0:Algebra", "0:Geography", "1:Maths", "2:Decimals", "1:Rivers", "0:Orphan"]);
  });

  it("finds a bank's descendants (where it cannot move)", () => {
    expect([...bankAndDescendants(banks, "g")].sort()).toEqual(["d", "g", "m", "r"]);
    expect([...bankAndDescendants(banks, "d")]).toEqual(["d"]);
  });

  it("gives the path from the top to a bank", () => {
    expect(bankPath(banks, "d").map((b) => b.name)).toEqual(["Geography", "Maths", "Decimals"]);
    expect(bankPath(banks, "o").map((b) => b.name)).toEqual(["Orphan"]);
  });
});
