import * as yauzl from "yauzl";
import { parseQtiItem } from "@/lib/assessments/import/qti-item";
import { declaresEntities, questionXmlParser } from "@/lib/assessments/import/question-xml";
import { ParsedFileBuilder, QuestionFileError, type ParsedQuestionFile } from "@/lib/assessments/import/result";
import { attr, child, children, type XmlNode } from "@/lib/scorm/xml";

// QTI 3.0: a content package (a ZIP whose imsmanifest.xml lists qti-assessment-item resources) or one
// item's XML file. Each item becomes a question of the bank imported into, or a refusal with its reason
// (lib/assessments/import/qti-item.ts); a package's folders are not categories.

const MAX_ENTRIES = 20_000;
/** What the package's XML files may expand to together: a small ZIP must not unpack into gigabytes. */
export const MAX_QTI_UNPACKED_BYTES = 100 * 1024 * 1024;
const ITEM_TYPE = /^imsqti_item_xmlv3p0$/i;

function readZip(bytes: Uint8Array): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(Buffer.from(bytes), { lazyEntries: true, strictFileNames: false }, (error, zipfile) => {
      if (error || !zipfile) return reject(new QuestionFileError("The file is not a ZIP archive that can be read"));
      const files = new Map<string, string>();
      let count = 0;
      let unpacked = 0;
      const refuse = (message: string) => {
        zipfile.close();
        reject(new QuestionFileError(message));
      };
      zipfile.on("error", () => reject(new QuestionFileError("The ZIP archive is damaged")));
      zipfile.on("entry", (entry: yauzl.Entry) => {
        if (++count > MAX_ENTRIES) return refuse(`The package holds more than ${MAX_ENTRIES} files`);
        if (entry.fileName.endsWith("/") || !entry.fileName.toLowerCase().endsWith(".xml")) return zipfile.readEntry();
        // yauzl checks each entry's stated size against what it inflates to.
        unpacked += entry.uncompressedSize;
        if (unpacked > MAX_QTI_UNPACKED_BYTES)
          return refuse(`The package's files unpack to more than ${MAX_QTI_UNPACKED_BYTES / 1024 / 1024} MB`);
        zipfile.openReadStream(entry, (err, stream) => {
          if (err || !stream)
            return reject(new QuestionFileError(`'${entry.fileName}' cannot be read from the package`));
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("error", () =>
            reject(new QuestionFileError(`'${entry.fileName}' cannot be read from the package`)),
          );
          stream.on("end", () => {
            files.set(
              entry.fileName,
              Buffer.concat(chunks)
                .toString("utf8")
                .replace(/^\uFEFF/, ""),
            );
            zipfile.readEntry();
          });
        });
      });
      zipfile.on("end", () => resolve(files));
      zipfile.readEntry();
    });
  });
}

/** The item files the manifest lists, in its order. */
function itemHrefs(manifest: string): string[] {
  if (declaresEntities(manifest))
    throw new QuestionFileError("The manifest declares a DOCTYPE or entities, which are not allowed");
  const root = child(questionXmlParser.parse(manifest) as XmlNode, "manifest");
  return children(child(root, "resources"), "resource")
    .filter((r) => ITEM_TYPE.test(attr(r, "type") ?? ""))
    .map((r) => attr(r, "href") ?? "")
    .filter(Boolean);
}

function titleOf(xml: string): string {
  return /<qti-assessment-item\b[^>]*\btitle="([^"]*)"/.exec(xml)?.[1] ?? "";
}

export async function parseQtiPackage(bytes: Uint8Array): Promise<ParsedQuestionFile> {
  const files = await readZip(bytes);
  const manifest = files.get("imsmanifest.xml");
  if (manifest === undefined)
    throw new QuestionFileError("The ZIP archive has no imsmanifest.xml: it is not a QTI package");
  const hrefs = itemHrefs(manifest);
  if (!hrefs.length) throw new QuestionFileError("The package's manifest lists no QTI 3.0 item (imsqti_item_xmlv3p0)");
  const builder = new ParsedFileBuilder();
  hrefs.forEach((href, i) => {
    const xml = files.get(href);
    const source = { line: 1, index: i + 1, name: xml ? titleOf(xml) : href };
    if (xml === undefined) return builder.refuse(source, `The manifest lists '${href}', which is not in the package`);
    builder.add(source, [], (notes) => parseQtiItem(xml, i + 1, notes));
  });
  return builder.build();
}

/** One item's XML file. */
export function parseQtiXml(xml: string): ParsedQuestionFile {
  const builder = new ParsedFileBuilder();
  builder.add({ line: 1, index: 1, name: titleOf(xml) }, [], (notes) => parseQtiItem(xml, 1, notes));
  return builder.build();
}
