import { describe, expect, it } from "vitest";
import { Cmi5Invalid, parseCourseStructure } from "@/lib/cmi5/course-structure";

const title = (text: string) => `<title><langstring lang="en">${text}</langstring></title>`;
const description = (text: string) => `<description><langstring lang="en">${text}</langstring></description>`;

function xml(body: string, course = "https://example.com/course/1") {
  return `<?xml version="1.0" encoding="utf-8"?>
<courseStructure xmlns="https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd">
  <course id="${course}">${title("Course")}${description("About")}</course>
  ${body}
</courseStructure>`;
}

const au = (id: string, url: string, attrs = "", inner = "") =>
  `<au id="${id}" ${attrs}>${title(`AU ${id}`)}${description("d")}${inner}<url>${url}</url></au>`;

function refusal(run: () => unknown): { requirement: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof Cmi5Invalid) return { requirement: error.requirement, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("parseCourseStructure", () => {
  it("reads blocks and AUs in document order with their attributes", () => {
    const structure = parseCourseStructure(
      xml(`
        <objectives><objective id="https://example.com/obj/1">${title("Objective")}</objective></objectives>
        <block id="https://example.com/block/1">${title("Block")}${description("b")}
          ${au(
            "https://example.com/au/1",
            "<![CDATA[ index.html?paramA=1&paramB=2 ]]>",
            'moveOn="CompletedAndPassed" masteryScore="0.9" launchMethod="OwnWindow"',
            '<objectives><objective idref="https://example.com/obj/1"/></objectives><launchParameters> sample </launchParameters><entitlementKey>key</entitlementKey>',
          )}
        </block>
        ${au("https://example.com/au/2", "https://cdn.example.com/au2/index.html")}`),
      ["index.html"],
    );
    expect(structure.course).toEqual({ id: "https://example.com/course/1", title: "Course", description: "About" });
    expect(structure.aus.map((a) => [a.index, a.id, a.blocks])).toEqual([
      [0, "https://example.com/au/1", ["https://example.com/block/1"]],
      [1, "https://example.com/au/2", []],
    ]);
    expect(structure.aus[0]).toMatchObject({
      url: "index.html?paramA=1&paramB=2",
      moveOn: "CompletedAndPassed",
      masteryScore: 0.9,
      launchMethod: "OwnWindow",
      launchParameters: "sample",
      entitlementKey: "key",
      objectives: ["https://example.com/obj/1"],
    });
    expect(structure.aus[1]).toMatchObject({ moveOn: "NotApplicable", launchMethod: "AnyWindow", masteryScore: null });
    expect(structure.children).toEqual([{ block: "https://example.com/block/1" }, { au: 1 }]);
    expect(structure.blocks[0]!.children).toEqual([{ au: 0 }]);
  });

  it("refuses ids that are not IRIs", () => {
    expect(
      refusal(() => parseCourseStructure(xml(au("https://e.com/au", "https://e.com/x"), "e.com/course"), null)),
    ).toMatchObject({ requirement: "3.0.0.0-1" });
    expect(refusal(() => parseCourseStructure(xml(au("e.com/au", "https://e.com/x")), null)).requirement).toBe(
      "3.0.0.0-1",
    );
  });

  it("refuses a relative AU URL without a package, and a missing file in one", () => {
    expect(refusal(() => parseCourseStructure(xml(au("https://e.com/au", "index.html")), null)).requirement).toBe(
      "14.2.0.0-1",
    );
    expect(
      refusal(() => parseCourseStructure(xml(au("https://e.com/au", "missing.html")), ["index.html"])).requirement,
    ).toBe("14.1.0.0-4");
  });

  it("refuses launch parameters in the AU's URL, invalid URLs and duplicated ids", () => {
    expect(
      refusal(() => parseCourseStructure(xml(au("https://e.com/au", "https://e.com/i.html?endpoint=x")), null))
        .requirement,
    ).toBe("8.1.0.0-6");
    expect(
      refusal(() => parseCourseStructure(xml(au("https://e.com/au", "http://example.com index.html")), null))
        .requirement,
    ).toBe("13.1.4.0-2");
    expect(
      refusal(() =>
        parseCourseStructure(
          xml(au("https://e.com/au", "https://e.com/a") + au("https://e.com/au", "https://e.com/b")),
          null,
        ),
      ).requirement,
    ).toBe("13.1.4.0-1");
  });

  it("refuses DOCTYPEs, malformed XML and a course without AUs", () => {
    expect(refusal(() => parseCourseStructure(`<!DOCTYPE x [<!ENTITY a "b">]>${xml("")}`, null)).message).toMatch(
      /DOCTYPE/,
    );
    expect(refusal(() => parseCourseStructure("<courseStructure><course", null)).message).toMatch(/well-formed/);
    expect(refusal(() => parseCourseStructure(xml(""), null)).message).toBe(
      "The course has no AU: there is nothing to launch.",
    );
  });
});
