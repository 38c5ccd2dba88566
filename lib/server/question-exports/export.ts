import "server-only";
import { giftWriter } from "@/lib/assessments/export/gift";
import { moodleXmlWriter } from "@/lib/assessments/export/moodle-xml";
import { QtiPackageBuilder } from "@/lib/assessments/export/qti-package";
import { ExportBuilder, type ExportableQuestion, type QuestionFileBuilder } from "@/lib/assessments/export/writer";
import { contentOf } from "@/lib/assessments/question-content";
import { db } from "@/lib/db";
import type { ExportQuestionBankQuery, QuestionExportFormat } from "@/lib/schemas/question-exports";
import { exportedBanks } from "@/lib/server/question-exports/bank-paths";
import { requireManagedBank } from "@/lib/server/questions/access";
import type { TenantContext } from "@/lib/tenancy/context";

// A bank (and the banks nested in it) as a Moodle XML or GIFT file, or a QTI 3.0 package: the latest version of each question,
// read a page at a time (a bank may hold thousands), written by the pure writers of
// lib/assessments/export/. The file is put together before it is sent, since its first lines and the
// X-Skipped-Questions header report the questions the format cannot hold, known only once all are read.

const PAGE = 200;

const FORMATS: Record<QuestionExportFormat, { builder: () => QuestionFileBuilder; extension: string; type: string }> = {
  moodle_xml: {
    builder: () => new ExportBuilder(moodleXmlWriter),
    extension: "xml",
    type: "application/xml; charset=utf-8",
  },
  gift: { builder: () => new ExportBuilder(giftWriter), extension: "gift", type: "text/plain; charset=utf-8" },
  qti3: { builder: () => new QtiPackageBuilder(), extension: "zip", type: "application/zip" },
};

export interface QuestionBankExport {
  fileName: string;
  contentType: string;
  body: string | Uint8Array<ArrayBuffer>;
  exported: number;
  skipped: number;
}

/** The questions of one bank, a page at a time, each as its latest content with the question's tags. */
async function* bankQuestions(
  organizationId: string,
  bankId: string,
  withArchived: boolean,
): AsyncGenerator<ExportableQuestion[]> {
  let after: string | undefined;
  for (;;) {
    const rows = await db().question.findMany({
      where: {
        organizationId,
        bankId,
        ...(withArchived ? {} : { archivedAt: null }),
        ...(after ? { id: { gt: after } } : {}),
      },
      select: { id: true, currentVersion: true, tags: true },
      orderBy: { id: "asc" },
      take: PAGE,
    });
    if (!rows.length) return;
    const versions = await db().questionVersion.findMany({
      where: { organizationId, OR: rows.map((r) => ({ questionId: r.id, version: r.currentVersion })) },
      select: {
        questionId: true,
        type: true,
        name: true,
        stem: true,
        body: true,
        defaultMark: true,
        generalFeedback: true,
      },
    });
    const byQuestion = new Map(versions.map((v) => [v.questionId, v]));
    yield rows.flatMap((row) => {
      const version = byQuestion.get(row.id);
      return version ? [{ ...contentOf(version), tags: row.tags }] : [];
    });
    if (rows.length < PAGE) return;
    after = rows.at(-1)!.id;
  }
}

/** A safe file name: the bank's name in letters, digits and dashes, and the day. */
function fileNameOf(bankName: string, extension: string): string {
  const slug = bankName
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .toLowerCase();
  return `${slug || "question-bank"}-${new Date().toISOString().slice(0, 10)}.${extension}`;
}

export async function exportQuestionBank(
  ctx: TenantContext,
  bankId: string,
  query: ExportQuestionBankQuery,
): Promise<QuestionBankExport> {
  const root = await requireManagedBank(ctx, bankId);
  const format = FORMATS[query.format];
  const builder = format.builder();
  for (const bank of await exportedBanks(ctx, root, query.include_sub_banks)) {
    builder.category(bank.path);
    for await (const page of bankQuestions(root.organizationId, bank.id, query.include_archived))
      for (const question of page) builder.add(question);
  }
  return {
    fileName: fileNameOf(root.name, format.extension),
    contentType: format.type,
    body: builder.build(),
    exported: builder.count,
    skipped: builder.report.skipped.length,
  };
}
