import { describe, expect, it } from "vitest";
import { joinLaunch, launchFilePath, parseManifest } from "@/lib/scorm/manifest";
import { scoList } from "@/lib/scorm/sco-list";
import type { ScormManifest } from "@/lib/scorm/types";
import { FIXTURES, fixtureZip } from "@/test/scorm-zips";
import yauzl from "yauzl";

/** imsmanifest.xml and the file list of a fixture zip. */
async function readFixture(file: string): Promise<{ xml: string; files: string[] }> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(fixtureZip(file), { lazyEntries: true }, (e, z) => (e || !z ? reject(e) : resolve(z))),
  );
  const files: string[] = [];
  let xml = "";
  await new Promise<void>((resolve, reject) => {
    zip.on("entry", (entry: yauzl.Entry) => {
      files.push(entry.fileName);
      if (entry.fileName !== "imsmanifest.xml") return zip.readEntry();
      zip.openReadStream(entry, (e, s) => {
        if (e || !s) return reject(e);
        const chunks: Buffer[] = [];
        s.on("data", (c: Buffer) => chunks.push(c)).on(
          "end",
          () => ((xml = Buffer.concat(chunks).toString("utf8")), zip.readEntry()),
        );
      });
    });
    zip.on("end", resolve).on("error", reject);
    zip.readEntry();
  });
  return { xml, files };
}

async function parsed(file: string): Promise<ScormManifest> {
  const { xml, files } = await readFixture(file);
  return parseManifest(xml, files).manifest;
}

describe("parseManifest on the five real packages", () => {
  it.each(FIXTURES)("$file: version $version, $scos SCOs", async ({ file, version, scos }) => {
    const manifest = await parsed(file);
    expect(manifest.version).toBe(version);
    expect(scoList(manifest)).toHaveLength(scos);
  });

  it("1.2 multi-SCO: nested items, lower-case scormtype, item parameters joined to the href", async () => {
    const manifest = await parsed("golf-scorm12-runtime-minimum-multisco.zip");
    expect(manifest.organization.items).toHaveLength(4);
    const launches = scoList(manifest).map((s) => s.launch);
    expect(launches).toContain("shared/assessmenttemplate.html?questions=Playing");
    expect(launches).toContain("Etiquette/Course.html");
    expect(scoList(manifest)[0]).toMatchObject({
      identifier: "playing_playing_item",
      launch: "Playing/Playing.html",
      depth: 1,
    });
    expect(manifest.resources.find((r) => r.identifier === "common_files")?.scormType).toBe("asset");
    expect(manifest.sequencing).toBeNull();
  });

  it("2004 3rd advanced: PRIMARYOBJ satisfied by measure 0.8 and four secondary objectives", async () => {
    const item = (await parsed("golf-scorm2004-3rd-runtime-advanced-interactions.zip")).organization.items[0]!;
    expect(item.scaledPassingScore).toBe(0.8);
    expect(item.objectives.map((o) => o.id)).toEqual([
      "PRIMARYOBJ",
      "obj_etiquette",
      "obj_handicapping",
      "obj_havingfun",
      "obj_playing",
    ]);
    expect(item.objectives[0]).toEqual({
      id: "PRIMARYOBJ",
      primary: true,
      satisfiedByMeasure: true,
      minNormalizedMeasure: 0.8,
    });
  });

  it("2004 4th: launch query strings, completion thresholds, shared data, global objectives", async () => {
    const manifest = await parsed("golf-scorm2004-4th-sequencing-posttest-rollup-multisco.zip");
    const scos = scoList(manifest);
    expect(scos.map((s) => s.launch)).toEqual(
      ["playing", "etiquette", "handicapping", "havingfun", "assessment"].map(
        (c) => `shared/launchpage.html?content=${c}`,
      ),
    );
    expect(manifest.organization.items.map((i) => i.completionThreshold?.progressWeight)).toEqual([
      0.5, 0.3, 0.4, 0.3, 0.1,
    ]);
    expect(manifest.organization.items[0]!.sharedData).toEqual([
      {
        targetId: "com.scorm.golfsamples.sequencing.forcedsequential.notesStorage",
        readSharedData: true,
        writeSharedData: true,
      },
    ]);
    expect(manifest.globalObjectiveIds).toEqual(
      ["playing", "ettiquette", "handicapping", "havingfun"].map(
        (n) => `com.scorm.golfsamples.sequencing.forcedsequential.${n}_completed`,
      ),
    );
  });

  it("2004 4th: scorm-again sequencing with item ids, collections, rules and rollup", async () => {
    const { sequencing } = await parsed("golf-scorm2004-4th-sequencing-posttest-rollup-multisco.zip");
    const root = sequencing!.activityTree!;
    expect(root.id).toBe("golf_sample_default_org");
    expect(root.sequencingControls).toEqual({ choice: true, flow: true });
    expect(root.children!.map((c) => c.id)).toEqual([
      "playing_item",
      "etuqiette_item",
      "handicapping_item",
      "havingfun_item",
      "assessment_item",
    ]);
    const [playing, etiquette, , , assessment] = root.children!;
    expect(playing!.sequencingCollectionRefs).toBe("content_seq_rules");
    expect(etiquette!.sequencingRules!.preConditionRules![0]).toEqual({
      action: "disabled",
      conditionCombination: "any",
      conditions: [
        { condition: "completed", operator: "not", referencedObjective: "previous_sco_completed" },
        { condition: "activityProgressKnown", operator: "not", referencedObjective: "previous_sco_completed" },
      ],
    });
    expect(etiquette!.objectives![0]!.mapInfo![0]).toEqual({
      targetObjectiveID: "com.scorm.golfsamples.sequencing.forcedsequential.playing_completed",
      readCompletionStatus: true,
      writeCompletionStatus: false,
    });
    expect(assessment!.sequencingRules!.preConditionRules!.map((r) => r.action)).toEqual([
      "hiddenFromChoice",
      "hiddenFromChoice",
    ]);
    expect(assessment!.sequencingControls).toMatchObject({
      rollupObjectiveSatisfied: true,
      rollupProgressCompletion: true,
      objectiveMeasureWeight: 1,
    });
    expect(assessment!.deliveryControls).toEqual({ completionSetByContent: true, objectiveSetByContent: true });
    expect(assessment!.primaryObjective).toBeUndefined();
    const collections = sequencing!.collections as Record<string, { sequencingControls?: object }>;
    expect(collections.content_seq_rules!.sequencingControls).toEqual({
      rollupObjectiveSatisfied: false,
      rollupProgressCompletion: false,
      objectiveMeasureWeight: 0,
      completionSetByContent: true,
      objectiveSetByContent: true,
    });
  });
});

describe("manifest details", () => {
  const manifest = (
    body: string,
    schemaversion = "2004 3rd Edition",
  ) => `<manifest identifier="m" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
    <metadata><schemaversion>${schemaversion}</schemaversion></metadata>${body}</manifest>`;
  const org = (item: string) =>
    `<organizations default="o"><organization identifier="o"><title>T</title>${item}</organization></organizations>`;

  it("reads versions from schemaversion, then from namespaces", () => {
    const body =
      org(`<item identifier="i" identifierref="r"><title>I</title></item>`) +
      `<resources><resource identifier="r" adlcp:scormType="sco" href="a.html"/></resources>`;
    expect(parseManifest(manifest(body, "CAM 1.3")).manifest.version).toBe("scorm2004_2nd");
    expect(parseManifest(manifest(body, "2004 4th Edition")).manifest.version).toBe("scorm2004_4th");
    expect(parseManifest(manifest(body, "")).manifest.version).toBe("scorm2004_3rd");
  });

  it("applies xml:base and reads 3rd-edition completion thresholds as element text", () => {
    const body =
      org(
        `<item identifier="i" identifierref="r"><title>I</title><adlcp:completionThreshold>0.75</adlcp:completionThreshold></item>`,
      ) +
      `<resources xml:base="content/"><resource identifier="r" adlcp:scormType="sco" xml:base="unit1/" href="start.html"/></resources>`;
    const { manifest: m } = parseManifest(manifest(body), ["content/unit1/start.html"]);
    expect(m.organization.items[0]).toMatchObject({
      launch: "content/unit1/start.html",
      completionThreshold: { completedByMeasure: true, minProgressMeasure: 0.75, progressWeight: null },
    });
  });

  it("hands an item's attemptAbsoluteDurationLimit to the sequencer as PT#H#M#S, and leaves out one it cannot read", () => {
    const timed = (limit: string) =>
      `<item identifier="i" identifierref="r"><title>I</title><imsss:sequencing><imsss:limitConditions attemptAbsoluteDurationLimit="${limit}"/></imsss:sequencing></item>`;
    const body = (limit: string) =>
      org(timed(limit)) + `<resources><resource identifier="r" adlcp:scormType="sco" href="a.html"/></resources>`;
    const activity = (limit: string) =>
      parseManifest(manifest(body(limit)), ["a.html"]).manifest.sequencing!.activityTree!.children![0]!;
    expect(activity("PT1H30M").attemptAbsoluteDurationLimit).toBe("PT1H30M0S");
    expect(activity("PT90S").attemptAbsoluteDurationLimit).toBe("PT0H1M30S");
    expect(activity("five minutes")).not.toHaveProperty("attemptAbsoluteDurationLimit");
    expect(activity("PT0S")).not.toHaveProperty("attemptAbsoluteDurationLimit");
  });

  it("reads the 1.2 mastery score", () => {
    const xml = `<manifest identifier="m" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"><metadata><schemaversion>1.2</schemaversion></metadata>
      ${org(`<item identifier="i" identifierref="r"><title>I</title><adlcp:masteryscore>70</adlcp:masteryscore></item>`)}
      <resources><resource identifier="r" adlcp:scormtype="sco" href="a.html"/></resources></manifest>`;
    expect(parseManifest(xml).manifest.organization.items[0]!.masteryScore).toBe(70);
  });

  it.each([
    ["a.html", "?x=1", "a.html?x=1"],
    ["a.html", "x=1", "a.html?x=1"],
    ["a.html?c=p", "?x=1", "a.html?c=p&x=1"],
    ["a.html?c=p", "&x=1", "a.html?c=p&x=1"],
    ["a.html", "#top", "a.html#top"],
    ["a.html#s", "#top", "a.html#s"],
    ["a.html#s", "x=1", "a.html?x=1#s"],
    ["a.html", null, "a.html"],
  ])("joinLaunch(%s, %s) → %s", (href, params, expected) => {
    expect(joinLaunch(href, params)).toBe(expected);
  });

  it("launchFilePath drops the query and fragment and decodes escapes", () => {
    expect(launchFilePath("shared/launchpage.html?content=playing")).toBe("shared/launchpage.html");
    expect(launchFilePath("My%20Course/index.html#x")).toBe("My Course/index.html");
    expect(launchFilePath("https://example.com/x.html")).toBeNull();
  });
});
