import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import * as yauzl from "yauzl";
import { qtiItem } from "@/lib/assessments/export/qti-item";
import { QtiPackageBuilder } from "@/lib/assessments/export/qti-package";
import { SAMPLES } from "@/lib/assessments/export/samples.test-data";
import { toXhtml } from "@/lib/assessments/export/xhtml";
import { questionContentSchema, type QuestionContent } from "@/lib/schemas/questions";

// QTI 3.0 items and the content package: the items of a true/false question (with and without feedback),
// of a multiple response with general and choice feedback, and of fill in the blanks written out; every
// other type that maps is a well-formed qti-assessment-item with its interaction and scoring; what does not
// map is skipped with its reason; the ZIP holds imsmanifest.xml and the items it lists.

const NS =
  'xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
  'xsi:schemaLocation="http://www.imsglobal.org/xsd/imsqtiasi_v3p0 https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqti_asiv3p0_v1p0.xsd"';

const HEAD = (identifier: string, title: string) =>
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  `<qti-assessment-item ${NS} identifier="${identifier}" title="${title}" adaptive="false" time-dependent="false">`;
const OUTCOMES = (mark: string) =>
  '<qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float"><qti-default-value><qti-value>0</qti-value></qti-default-value></qti-outcome-declaration>' +
  `<qti-outcome-declaration identifier="MAXSCORE" cardinality="single" base-type="float"><qti-default-value><qti-value>${mark}</qti-value></qti-default-value></qti-outcome-declaration>`;
const FEEDBACK_OUTCOME =
  '<qti-outcome-declaration identifier="FEEDBACK" cardinality="multiple" base-type="identifier"/>';
const showFeedback = (identifier: string) =>
  `<qti-set-outcome-value identifier="FEEDBACK"><qti-multiple><qti-variable identifier="FEEDBACK"/><qti-base-value base-type="identifier">${identifier}</qti-base-value></qti-multiple></qti-set-outcome-value>`;
const whenAnswered = (response: string, rules: string) =>
  `<qti-response-condition><qti-response-if><qti-not><qti-is-null><qti-variable identifier="${response}"/></qti-is-null></qti-not>${rules}</qti-response-if></qti-response-condition>`;
const addToScore = (expression: string) =>
  `<qti-set-outcome-value identifier="SCORE"><qti-sum><qti-variable identifier="SCORE"/>${expression}</qti-sum></qti-set-outcome-value>`;

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
  it("true/false: a choice of true and false, the right one mapped to the mark, each one's feedback in it", () => {
    expect(qtiItem(SAMPLES.trueFalse, "item-7")).toEqual({
      notes: [],
      text:
        HEAD("item-7", "Flat") +
        '<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier">' +
        "<qti-correct-response><qti-value>false</qti-value></qti-correct-response>" +
        '<qti-mapping default-value="0"><qti-map-entry map-key="false" mapped-value="1"/></qti-mapping>' +
        "</qti-response-declaration>" +
        OUTCOMES("1") +
        FEEDBACK_OUTCOME +
        "<qti-item-body><div><p>The earth is flat.</p></div>" +
        '<qti-choice-interaction response-identifier="RESPONSE" shuffle="false" max-choices="1">' +
        '<qti-simple-choice identifier="true">True<qti-feedback-block outcome-identifier="FEEDBACK" identifier="FB_true" show-hide="show"><p>No, it is round.</p></qti-feedback-block></qti-simple-choice>' +
        '<qti-simple-choice identifier="false">False<qti-feedback-block outcome-identifier="FEEDBACK" identifier="FB_false" show-hide="show"><p>Right.</p></qti-feedback-block></qti-simple-choice>' +
        "</qti-choice-interaction></qti-item-body>" +
        // map_response written out: a template's rules cannot be added to.
        "<qti-response-processing><qti-response-condition>" +
        '<qti-response-if><qti-is-null><qti-variable identifier="RESPONSE"/></qti-is-null><qti-set-outcome-value identifier="SCORE"><qti-base-value base-type="float">0</qti-base-value></qti-set-outcome-value></qti-response-if>' +
        '<qti-response-else><qti-set-outcome-value identifier="SCORE"><qti-map-response identifier="RESPONSE"/></qti-set-outcome-value></qti-response-else>' +
        "</qti-response-condition>" +
        '<qti-response-condition><qti-response-if><qti-match><qti-variable identifier="RESPONSE"/><qti-base-value base-type="identifier">true</qti-base-value></qti-match>' +
        `${showFeedback("FB_true")}</qti-response-if></qti-response-condition>` +
        '<qti-response-condition><qti-response-if><qti-match><qti-variable identifier="RESPONSE"/><qti-base-value base-type="identifier">false</qti-base-value></qti-match>' +
        `${showFeedback("FB_false")}</qti-response-if></qti-response-condition>` +
        "</qti-response-processing></qti-assessment-item>\n",
    });
  });

  it("without feedback: the map_response template, no FEEDBACK outcome", () => {
    const plain = { ...SAMPLES.trueFalse, feedback_true: "", feedback_false: "" };
    expect((qtiItem(plain, "item-7") as { text: string }).text).toBe(
      HEAD("item-7", "Flat") +
        '<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier">' +
        "<qti-correct-response><qti-value>false</qti-value></qti-correct-response>" +
        '<qti-mapping default-value="0"><qti-map-entry map-key="false" mapped-value="1"/></qti-mapping>' +
        "</qti-response-declaration>" +
        OUTCOMES("1") +
        "<qti-item-body><div><p>The earth is flat.</p></div>" +
        '<qti-choice-interaction response-identifier="RESPONSE" shuffle="false" max-choices="1">' +
        '<qti-simple-choice identifier="true">True</qti-simple-choice><qti-simple-choice identifier="false">False</qti-simple-choice>' +
        "</qti-choice-interaction></qti-item-body>" +
        '<qti-response-processing template="https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/map_response"/>' +
        "</qti-assessment-item>\n",
    );
  });

  it("general feedback: a modal feedback always shown; a choice's feedback inline, shown when it is chosen", () => {
    const q = questionContentSchema.parse({
      type: "multiple_response",
      name: "Rivers",
      stem: "<p>Rivers of France?</p>",
      general_feedback: "<p>Both flow west.</p>",
      shuffle: false,
      choices: [
        { text: "Seine", fraction: 0.5, feedback: "Yes, <b>Paris</b>." },
        { text: "Loire", fraction: 0.5 },
      ],
    });
    expect(qtiItem(q, "item-2")).toEqual({
      notes: [],
      text:
        HEAD("item-2", "Rivers") +
        '<qti-response-declaration identifier="RESPONSE" cardinality="multiple" base-type="identifier">' +
        "<qti-correct-response><qti-value>C_c1</qti-value><qti-value>C_c2</qti-value></qti-correct-response>" +
        '<qti-mapping default-value="0" lower-bound="0" upper-bound="1"><qti-map-entry map-key="C_c1" mapped-value="0.5"/><qti-map-entry map-key="C_c2" mapped-value="0.5"/></qti-mapping>' +
        "</qti-response-declaration>" +
        OUTCOMES("1") +
        FEEDBACK_OUTCOME +
        "<qti-item-body><div><p>Rivers of France?</p></div>" +
        '<qti-choice-interaction response-identifier="RESPONSE" shuffle="false" max-choices="0">' +
        '<qti-simple-choice identifier="C_c1">Seine<qti-feedback-inline outcome-identifier="FEEDBACK" identifier="FB_C_c1" show-hide="show">Yes, <b>Paris</b>.</qti-feedback-inline></qti-simple-choice>' +
        '<qti-simple-choice identifier="C_c2">Loire</qti-simple-choice>' +
        "</qti-choice-interaction></qti-item-body>" +
        "<qti-response-processing><qti-response-condition>" +
        '<qti-response-if><qti-is-null><qti-variable identifier="RESPONSE"/></qti-is-null><qti-set-outcome-value identifier="SCORE"><qti-base-value base-type="float">0</qti-base-value></qti-set-outcome-value></qti-response-if>' +
        '<qti-response-else><qti-set-outcome-value identifier="SCORE"><qti-map-response identifier="RESPONSE"/></qti-set-outcome-value></qti-response-else>' +
        "</qti-response-condition>" +
        showFeedback("GENERAL") +
        '<qti-response-condition><qti-response-if><qti-member><qti-base-value base-type="identifier">C_c1</qti-base-value><qti-variable identifier="RESPONSE"/></qti-member>' +
        `${showFeedback("FB_C_c1")}</qti-response-if></qti-response-condition>` +
        "</qti-response-processing>" +
        '<qti-modal-feedback outcome-identifier="FEEDBACK" identifier="GENERAL" show-hide="show"><qti-content-body><p>Both flow west.</p></qti-content-body></qti-modal-feedback>' +
        "</qti-assessment-item>\n",
    });
  });

  it("fill in the blanks: each gap in its place with its own response, each adding its share of the mark to SCORE", () => {
    // Weights 1 (year), 2 (city), 1 (who) of a mark of 1: shares 0.25, 0.5, 0.25.
    expect(qtiItem(SAMPLES.cloze, "item-3")).toEqual({
      notes: ["Its gaps' feedback is not kept: this QTI export writes general and choice feedback only"],
      text:
        HEAD("item-3", "Tower") +
        '<qti-response-declaration identifier="RESPONSE_1" cardinality="single" base-type="float">' +
        "<qti-correct-response><qti-value>1889</qti-value></qti-correct-response></qti-response-declaration>" +
        '<qti-response-declaration identifier="RESPONSE_2" cardinality="single" base-type="identifier">' +
        "<qti-correct-response><qti-value>C_c1</qti-value></qti-correct-response>" +
        '<qti-mapping default-value="0" lower-bound="0"><qti-map-entry map-key="C_c1" mapped-value="0.5"/><qti-map-entry map-key="C_c2" mapped-value="0"/></qti-mapping>' +
        "</qti-response-declaration>" +
        '<qti-response-declaration identifier="RESPONSE_3" cardinality="single" base-type="string">' +
        "<qti-correct-response><qti-value>Eiffel</qti-value></qti-correct-response>" +
        '<qti-mapping default-value="0"><qti-map-entry map-key="Eiffel" mapped-value="0.25" case-sensitive="true"/><qti-map-entry map-key="=Gustave" mapped-value="0.125" case-sensitive="true"/></qti-mapping>' +
        "</qti-response-declaration>" +
        OUTCOMES("1") +
        "<qti-item-body><div><p>Built in " +
        '<qti-text-entry-interaction response-identifier="RESPONSE_1"/> in ' +
        '<qti-inline-choice-interaction response-identifier="RESPONSE_2" shuffle="false">' +
        '<qti-inline-choice identifier="C_c1">Paris</qti-inline-choice><qti-inline-choice identifier="C_c2">Rome}#~</qti-inline-choice>' +
        "</qti-inline-choice-interaction> by " +
        '<qti-text-entry-interaction response-identifier="RESPONSE_3"/>.</p></div></qti-item-body>' +
        "<qti-response-processing>" +
        whenAnswered(
          "RESPONSE_1",
          "<qti-response-condition><qti-response-if>" +
            '<qti-equal tolerance-mode="absolute" tolerance="1 1"><qti-variable identifier="RESPONSE_1"/><qti-base-value base-type="float">1889</qti-base-value></qti-equal>' +
            addToScore('<qti-base-value base-type="float">0.25</qti-base-value>') +
            "</qti-response-if></qti-response-condition>",
        ) +
        whenAnswered("RESPONSE_2", addToScore('<qti-map-response identifier="RESPONSE_2"/>')) +
        whenAnswered("RESPONSE_3", addToScore('<qti-map-response identifier="RESPONSE_3"/>')) +
        "</qti-response-processing></qti-assessment-item>\n",
    });
  });

  it("fill in the blanks: weights not in lowest terms are noted (they come back as their ratio)", () => {
    const q = questionContentSchema.parse({
      ...SAMPLES.cloze,
      gaps: SAMPLES.cloze.gaps.map((g) => ({ ...g, weight: g.id === "city" ? 4 : 2 })),
    });
    expect((qtiItem(q, "item-1") as { notes: string[] }).notes).toContain(
      "Its gap weights (2, 4, 2) are written as shares of the mark and read back as (1, 2, 1), which grade the same",
    );
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
      "a gap's wildcard",
      questionContentSchema.parse({
        ...SAMPLES.cloze,
        gaps: SAMPLES.cloze.gaps.map((g) =>
          g.type === "short_answer" ? { ...g, answers: [{ text: "Eif*", fraction: 1 }] } : g,
        ),
      }),
      "Gap 3: an answer is a pattern with *, and QTI compares a text entry with exact strings",
    ],
    [
      "a gap with units",
      questionContentSchema.parse({
        ...SAMPLES.cloze,
        gaps: SAMPLES.cloze.gaps.map((g) =>
          g.type === "numeric" ? { ...g, units: [{ unit: "AD", multiplier: 1 }] } : g,
        ),
      }),
      "Gap 1 takes units, which a QTI numeric text entry cannot hold",
    ],
    [
      "a gap inside an attribute",
      { ...SAMPLES.cloze, stem: '<p title="[[year]]">[[city]] [[who]]</p>' },
      "A gap sits inside an HTML attribute, where QTI cannot put an interaction",
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
    builder.add(SAMPLES.ordering);
    builder.add(SAMPLES.cloze);
    builder.category(["Chemistry", "Acids"]);
    builder.add(SAMPLES.matching);
    const files = await unzip(builder.build());
    expect(Object.keys(files)).toEqual([
      "imsmanifest.xml",
      "items/1/item-1.xml",
      "items/1/item-3.xml",
      "items/2/item-4.xml",
    ]);
    expect(files["items/1/item-1.xml"]).toBe((qtiItem(SAMPLES.trueFalse, "item-1") as { text: string }).text);
    expect(files["imsmanifest.xml"]).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        "<!--\nFolder items/1: Chemistry\nFolder items/2: Chemistry / Acids\n" +
        "Skipped 1 question(s) this format cannot hold:\n" +
        "- 'Sizes' (Chemistry): Its grading (relative next) gives part marks; QTI's order is written all or nothing\n" +
        "Written with changes (1 question(s)):\n" +
        "- 'Tower' (Chemistry): Its gaps' feedback is not kept: this QTI export writes general and choice feedback only\n-->\n" +
        '<manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="MANIFEST-1">\n' +
        "  <metadata>\n    <schema>QTI Package</schema>\n    <schemaversion>3.0.0</schemaversion>\n  </metadata>\n" +
        "  <organizations/>\n  <resources>\n" +
        '    <resource identifier="item-1" type="imsqti_item_xmlv3p0" href="items/1/item-1.xml">\n' +
        '      <file href="items/1/item-1.xml"/>\n    </resource>\n' +
        '    <resource identifier="item-3" type="imsqti_item_xmlv3p0" href="items/1/item-3.xml">\n' +
        '      <file href="items/1/item-3.xml"/>\n    </resource>\n' +
        '    <resource identifier="item-4" type="imsqti_item_xmlv3p0" href="items/2/item-4.xml">\n' +
        '      <file href="items/2/item-4.xml"/>\n    </resource>\n' +
        "  </resources>\n</manifest>\n",
    );
    expect(builder.count).toBe(3);
  });
});
