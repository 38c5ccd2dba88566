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

  it("does not count a segment's router that draws nothing, but does when it carries a boundary's markup", () => {
    const router = (notFound: string) =>
      `["$","$L26",null,{"parallelRouterKey":"children","error":"$undefined","errorStyles":"$undefined","errorScripts":"$undefined","template":["$","$L27",null,{}],"templateStyles":"$undefined","templateScripts":"$undefined","notFound":${notFound},"forbidden":"$undefined","unauthorized":"$undefined"}]`;
    const empty = router('"$undefined"');
    expect(empty.length).toBeGreaterThan(200);
    expect(repeatedTrees(`1:${empty}\n2:${empty}\n`)).toEqual([]);
    const withMarkup = router(long("Page Not Found"));
    expect(repeatedTrees(`1:${withMarkup}\n2:${withMarkup}\n`)).toEqual([withMarkup]);
  });

  it("reads brackets inside strings as text", () => {
    const tricky = `["$","p",null,{"children":"a ] b [ \\" ]${"y".repeat(220)}"}]`;
    expect(repeatedTrees(`${tricky}${tricky}`)).toEqual([tricky]);
  });

  it("measures the page's bytes as UTF-8", () => {
    expect(htmlFigures("é").bytes).toBe(2);
  });
});
