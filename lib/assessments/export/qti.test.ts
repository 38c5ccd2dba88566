import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import * as yauzl from "yauzl";
import { qtiItem } from "@/lib/assessments/export/qti-item";
import { QtiPackageBuilder } from "@/lib/assessments/export/qti-package";
import { SAMPLES } from "@/lib/assessments/export/samples.test-data";
import { toXhtml } from "@/lib/assessments/export/xhtml";
import { questionContentSchema, type QuestionContent } from "@/lib/schemas/questions";

// QTI 3.0 items and the content package: the item of a true/false question written out; every other type
// that maps is a well-formed qti-assessment-item with its interaction and scoring; what does not map is
// skipped with its reason; the ZIP holds imsmanifest.xml and the items it lists.

const NS =
  'xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
  'xsi:schemaLocation="http://www.imsglobal.org/xsd/imsqtiasi_v3p0 https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqti_asiv3p0_v1p0.xsd"';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@_" });
function itemOf(content: QuestionContent) {
  const written = qtiItem(content, "item-7");
  if (written.skipped !== undefined) throw new Error(written.skipped);
  expect(XMLValidator.validate(written.text)).toBe(true);
  return { notes: written.notes, item: parser.parse(written.text)["qti-assessment-item"] };
}

const shortAnswer = questionContentSchema.parse({
  ...SAMPLES.shortAnswer,
  answers: [
    { text: "Na", fraction: 1 },
    { text: "\\*", fraction: 0.5 },
  ],
});

describe("toXhtml", () => {
  it("closes void elements, writes &nbsp; as a reference, escapes a bare &; refuses what is not well-formed", () => {
    expect(toXhtml('<p>a<br>b&nbsp;c & d <img src="x.png" alt="x"></p>')).toBe(
      '<p>a<br/>b&#160;c &amp; d <img src="x.png" alt="x"/></p>',
    );
    expect(toXhtml("<p>unclosed")).toBeNull();
    expect(toXhtml("<p>&eacute;</p>")).toBeNull();
  });
});

describe("qtiItem", () => {
  it("true/false: a choice of true and false, the right one mapped to the mark", () => {
    expect(qtiItem(SAMPLES.trueFalse, "item-7")).toEqual({
      notes: ["Its feedback is not kept: this QTI export writes no feedback"],
      text:
        '<?xml version="1.0" encoding="UTF-8"?>\n' +
        `<qti-assessment-item ${NS} identifier="item-7" title="Flat" adaptive="false" time-dependent="false">` +
        '<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier">' +
        "<qti-correct-response><qti-value>false</qti-value></qti-correct-response>" +
        '<qti-mapping default-value="0"><qti-map-entry map-key="false" mapped-value="1"/></qti-mapping>' +
        "</qti-response-declaration>" +
        '<qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float"><qti-default-value><qti-value>0</qti-value></qti-default-value></qti-outcome-declaration>' +
        '<qti-outcome-declaration identifier="MAXSCORE" cardinality="single" base-type="float"><qti-default-value><qti-value>1</qti-value></qti-default-value></qti-outcome-declaration>' +
        "<qti-item-body><div><p>The earth is flat.</p></div>" +
        '<qti-choice-interaction response-identifier="RESPONSE" shuffle="false" max-choices="1">' +
        '<qti-simple-choice identifier="true">True</qti-simple-choice><qti-simple-choice identifier="false">False</qti-simple-choice>' +
        "</qti-choice-interaction></qti-item-body>" +
        '<qti-response-processing template="https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/map_response"/>' +
        "</qti-assessment-item>\n",
    });
  });

  it("single choice: points are fraction × mark, negatives floored at 0; the stem's bare & escaped", () => {
    const { item } = itemOf(SAMPLES.single);
    const declaration = item["qti-response-declaration"];
    expect(declaration["@_cardinality"]).toBe("single");
    expect(declaration["qti-correct-response"]["qti-value"]).toBe("C_c1");
    expect(declaration["qti-mapping"]["@_lower-bound"]).toBe("0");
    expect(
      declaration["qti-mapping"]["qti-map-entry"].map((e: Record<string, string>) => [
        e["@_map-key"],
        e["@_mapped-value"],
      ]),
    ).toEqual([
      ["C_c1", "2"],
      ["C_c2", "0"],
      ["C_c3", "-0.6666666"],
    ]);
    expect(item["qti-item-body"]["qti-choice-interaction"]["@_max-choices"]).toBe("1");
    expect(item["qti-item-body"]["qti-choice-interaction"]["@_shuffle"]).toBe("false");
  });

  it("multiple response: several right choices, capped at the mark", () => {
    const { item } = itemOf(SAMPLES.multiple);
    expect(item["qti-response-declaration"]["@_cardinality"]).toBe("multiple");
    expect(item["qti-response-declaration"]["qti-correct-response"]["qti-value"]).toEqual(["C_c1", "C_c2"]);
    expect(item["qti-response-declaration"]["qti-mapping"]["@_upper-bound"]).toBe("1");
  });

  it("short answer: a text entry with its answers mapped, \\* as a star, case sensitivity per entry", () => {
    const { item } = itemOf(shortAnswer);
    expect(item["qti-response-declaration"]["@_base-type"]).toBe("string");
    expect(item["qti-response-declaration"]["qti-mapping"]["qti-map-entry"]).toEqual([
      { "@_map-key": "Na", "@_mapped-value": "1", "@_case-sensitive": "true" },
      { "@_map-key": "*", "@_mapped-value": "0.5", "@_case-sensitive": "true" },
    ]);
    expect(item["qti-item-body"].div[1]["qti-text-entry-interaction"]["@_response-identifier"]).toBe("RESPONSE");
  });

  it("numeric: a float text entry, its answers tried in order (tolerance, range, any number)", () => {
    const { item } = itemOf(questionContentSchema.parse({ ...SAMPLES.numeric, units: [], unit_required: false }));
    expect(item["qti-response-declaration"]["@_base-type"]).toBe("float");
    const condition = item["qti-response-processing"]["qti-response-condition"];
    const branches = condition["qti-response-else-if"];
    expect(branches[0]["qti-equal"]["@_tolerance"]).toBe("0.01 0.01");
    expect(branches[0]["qti-set-outcome-value"]["qti-base-value"]["#text"]).toBe(1);
    expect(branches[1]["qti-and"]["qti-gte"]["qti-base-value"]["#text"]).toBe(1);
    expect(branches[1]["qti-and"]["qti-lte"]["qti-base-value"]["#text"]).toBe(2);
    expect(branches[2]["qti-base-value"]["#text"]).toBe(true);
  });

  it("matching: two match sets, each right pair a share of the mark", () => {
    const { item } = itemOf(SAMPLES.matching);
    expect(item["qti-response-declaration"]["qti-correct-response"]["qti-value"]).toEqual(["P_p1 A_1", "P_p2 A_2"]);
    const sets = item["qti-item-body"]["qti-match-interaction"]["qti-simple-match-set"];
    expect(sets[1]["qti-simple-associable-choice"].map((c: Record<string, string>) => c["#text"])).toEqual([
      "Paris",
      "Rome & co",
      "Lyon",
    ]);
  });

  it("ordering (all or nothing): an order interaction, the right order as the correct response", () => {
    const { item } = itemOf(questionContentSchema.parse({ ...SAMPLES.ordering, grading: "all_or_nothing" }));
    expect(item["qti-response-declaration"]["@_cardinality"]).toBe("ordered");
    expect(item["qti-response-declaration"]["qti-correct-response"]["qti-value"]).toEqual(["I_i1", "I_i2", "I_i3"]);
  });

  it("essay: an extended text, the grader information as a scorer's rubric block; word limits noted", () => {
    const { item, notes } = itemOf(SAMPLES.essay);
    expect(item["qti-item-body"]["qti-extended-text-interaction"]["@_response-identifier"]).toBe("RESPONSE");
    expect(item["qti-item-body"]["qti-rubric-block"]["@_view"]).toBe("scorer");
    expect(notes).toEqual(["Its word limits are not kept: QTI counts characters, not words"]);
  });

  it.each([
    [
      "fill in the blanks",
      SAMPLES.cloze,
      "Fill in the blanks is not written to QTI yet: export it as Moodle XML (cloze)",
    ],
    ["units", SAMPLES.numeric, "It takes units, which a QTI numeric text entry cannot hold"],
    [
      "a wildcard",
      SAMPLES.shortAnswer,
      "An answer is a pattern with *, and QTI compares a text entry with exact strings",
    ],
    [
      "part marks for an order",
      SAMPLES.ordering,
      "Its grading (relative next) gives part marks; QTI's order is written all or nothing",
    ],
    [
      "HTML that is not XML",
      { ...SAMPLES.trueFalse, stem: "<p>open" },
      "Its text is HTML that is not well-formed XML, which QTI needs",
    ],
  ] as [string, QuestionContent, string][])("skips %s", (_label, content, reason) => {
    expect(qtiItem(content, "item-1")).toEqual({ skipped: reason });
  });
});

function unzip(bytes: Uint8Array): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(Buffer.from(bytes), { lazyEntries: true }, (error, zipfile) => {
      if (error) return reject(error);
      const files: Record<string, string> = {};
      zipfile.on("entry", (entry: yauzl.Entry) => {
        zipfile.openReadStream(entry, (err, stream) => {
          if (err) return reject(err);
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            files[entry.fileName] = Buffer.concat(chunks).toString("utf8");
            zipfile.readEntry();
          });
        });
      });
      zipfile.on("end", () => resolve(files));
      zipfile.readEntry();
    });
  });
}

describe("QtiPackageBuilder", () => {
  it("a ZIP of imsmanifest.xml and the items, a folder per bank, the report at the top of the manifest", async () => {
    const builder = new QtiPackageBuilder();
    builder.category(["Chemistry"]);
    builder.add(SAMPLES.trueFalse);
    builder.add(SAMPLES.cloze);
    builder.category(["Chemistry", "Acids"]);
    builder.add(SAMPLES.matching);
    const files = await unzip(builder.build());
    expect(Object.keys(files)).toEqual(["imsmanifest.xml", "items/1/item-1.xml", "items/2/item-3.xml"]);
    expect(files["items/1/item-1.xml"]).toBe((qtiItem(SAMPLES.trueFalse, "item-1") as { text: string }).text);
    expect(files["imsmanifest.xml"]).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        "<!--\nFolder items/1: Chemistry\nFolder items/2: Chemistry / Acids\n" +
        "Skipped 1 question(s) this format cannot hold:\n" +
        "- 'Tower' (Chemistry): Fill in the blanks is not written to QTI yet: export it as Moodle XML (cloze)\n" +
        "Written with changes (1 question(s)):\n" +
        "- 'Flat' (Chemistry): Its feedback is not kept: this QTI export writes no feedback\n-->\n" +
        '<manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="MANIFEST-1">\n' +
        "  <metadata>\n    <schema>QTI Package</schema>\n    <schemaversion>3.0.0</schemaversion>\n  </metadata>\n" +
        "  <organizations/>\n  <resources>\n" +
        '    <resource identifier="item-1" type="imsqti_item_xmlv3p0" href="items/1/item-1.xml">\n' +
        '      <file href="items/1/item-1.xml"/>\n    </resource>\n' +
        '    <resource identifier="item-3" type="imsqti_item_xmlv3p0" href="items/2/item-3.xml">\n' +
        '      <file href="items/2/item-3.xml"/>\n    </resource>\n' +
        "  </resources>\n</manifest>\n",
    );
    expect(builder.count).toBe(2);
  });
});
