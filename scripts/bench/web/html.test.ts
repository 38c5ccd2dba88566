import { describe, expect, it } from "vitest";
import { flightData, htmlFigures, repeatedTrees } from "./html";

const push = (text: string) => `<script>self.__next_f.push(${JSON.stringify([1, text])})</script>`;
const long = (label: string) => `["$","p",null,{"children":"${label}${"x".repeat(220)}"}]`;

describe("the inline RSC data of a page", () => {
  it("is reassembled from its scripts in order", () => {
    expect(flightData(`<html>${push("0:[")}${push('"a"]\n')}</html>`)).toBe('0:["a"]\n');
  });

  it("names a tree that occurs twice, and not its subtrees", () => {
    const tree = `["$","div",null,{"children":[${long("inner")}]}]`;
    expect(repeatedTrees(`1:${tree}\n2:${tree}\n`)).toEqual([tree]);
  });

  it("does not count short elements, nor trees that occur once", () => {
    expect(repeatedTrees(`1:["$","a",null,{}]\n2:["$","a",null,{}]\n3:${long("once")}\n`)).toEqual([]);
  });

  it("reads brackets inside strings as text", () => {
    const tricky = `["$","p",null,{"children":"a ] b [ \\" ]${"y".repeat(220)}"}]`;
    expect(repeatedTrees(`${tricky}${tricky}`)).toEqual([tricky]);
  });

  it("measures the page's bytes as UTF-8", () => {
    expect(htmlFigures("é").bytes).toBe(2);
  });
});
