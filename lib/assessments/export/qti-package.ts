import { qtiItem } from "@/lib/assessments/export/qti-item";
import {
  reportLines,
  type ExportableQuestion,
  type ExportReport,
  type QuestionFileBuilder,
} from "@/lib/assessments/export/writer";
import { commentText, escapeXml } from "@/lib/assessments/export/xml-text";
import { zip } from "@/lib/assessments/export/zip";

// A QTI 3.0 content package: a ZIP of imsmanifest.xml and one qti-assessment-item per question, in a
// folder per bank (items/1/, items/2/… in the order of the banks, each bank's path in the manifest's
// comment). The report of what was skipped or changed is a comment at the top of the manifest.

interface Item {
  href: string;
  identifier: string;
  xml: string;
}

export class QtiPackageBuilder implements QuestionFileBuilder {
  private readonly items: Item[] = [];
  private readonly banks: string[][] = [];
  private path: string[] = [];
  readonly report: ExportReport = { skipped: [], changed: [] };
  count = 0;

  category(path: string[]): void {
    this.path = path;
    this.banks.push(path);
  }

  add(content: ExportableQuestion): void {
    const entry = { category: this.path, name: content.name };
    const identifier = `item-${this.count + this.report.skipped.length + 1}`;
    const written = qtiItem(content, identifier);
    if (written.skipped !== undefined) return void this.report.skipped.push({ ...entry, reason: written.skipped });
    if (written.notes.length) this.report.changed.push({ ...entry, notes: written.notes });
    this.items.push({ identifier, href: `items/${this.banks.length}/${identifier}.xml`, xml: written.text });
    this.count += 1;
  }

  private manifest(): string {
    const lines = [
      ...this.banks.map((path, i) => `Folder items/${i + 1}: ${path.join(" / ")}`),
      ...reportLines(this.report),
    ];
    const resources = this.items
      .map(
        (item) =>
          `    <resource identifier="${item.identifier}" type="imsqti_item_xmlv3p0" href="${escapeXml(item.href)}">\n` +
          `      <file href="${escapeXml(item.href)}"/>\n    </resource>\n`,
      )
      .join("");
    return (
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      `<!--\n${lines.map(commentText).join("\n")}\n-->\n` +
      '<manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="MANIFEST-1">\n' +
      "  <metadata>\n    <schema>QTI Package</schema>\n    <schemaversion>3.0.0</schemaversion>\n  </metadata>\n" +
      "  <organizations/>\n" +
      `  <resources>\n${resources}  </resources>\n</manifest>\n`
    );
  }

  build(): Uint8Array<ArrayBuffer> {
    const encode = (text: string) => new TextEncoder().encode(text);
    return zip([
      { name: "imsmanifest.xml", data: encode(this.manifest()) },
      ...this.items.map((item) => ({ name: item.href, data: encode(item.xml) })),
    ]);
  }
}
