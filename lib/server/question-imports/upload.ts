import "server-only";
import type { QuestionFileFormat } from "@/lib/assessments/import/formats";
import { readQuestionFile } from "@/lib/assessments/import/parse";
import { QuestionFileError, type ParsedQuestionFile } from "@/lib/assessments/import/result";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { sendJob } from "@/lib/jobs/queue";
import { MAX_QUESTION_IMPORT_BYTES, type UploadQuestionImportQuery } from "@/lib/schemas/question-imports";
import { requireManagedBank } from "@/lib/server/questions/access";
import { questionImportJson, refusalJson, type QuestionImportJson } from "@/lib/server/question-imports/serialize";
import type { TenantContext } from "@/lib/tenancy/context";

// POST /api/question-banks/{bankId}/imports: the file is read and parsed at once (a file that cannot be
// read is a 400 saying why, and nothing is kept), its questions stored as the import's items, and its
// dry run queued.

const ITEM_BATCH = 1000;

const tooLarge = () =>
  new AppError("PAYLOAD_TOO_LARGE", `The file is larger than ${MAX_QUESTION_IMPORT_BYTES / 1024 / 1024} MB`);

async function readAll(stream: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > MAX_QUESTION_IMPORT_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function fileError(error: unknown): never {
  if (error instanceof QuestionFileError)
    throw new AppError("VALIDATION_FAILED", error.message, { fieldErrors: { file: [error.message] } });
  throw error;
}

export async function uploadQuestionImport(
  ctx: TenantContext,
  bankId: string,
  open: () => Promise<{ fileName: string; stream: AsyncIterable<Uint8Array> }>,
  query: UploadQuestionImportQuery,
): Promise<QuestionImportJson> {
  const bank = await requireManagedBank(ctx, bankId);
  const file = await open();
  const bytes = await readAll(file.stream);
  const fileName = (file.fileName || "questions").slice(0, 255);
  let parsed: ParsedQuestionFile;
  let format: QuestionFileFormat;
  try {
    ({ format, parsed } = await readQuestionFile(bytes, fileName, query.format));
  } catch (error) {
    fileError(error);
  }
  const { organizationId } = bank;
  const created = await db().$transaction(async (tx) => {
    const row = await tx.questionImport.create({
      data: {
        organizationId,
        bankId: bank.id,
        createdById: ctx.userId,
        createdByRole: ctx.role,
        fileName,
        fileSize: bytes.length,
        format,
        refusals: parsed.refusals.map(refusalJson) as unknown as Prisma.InputJsonArray,
        totalQuestions: parsed.questions.length,
      },
    });
    for (let from = 0; from < parsed.questions.length; from += ITEM_BATCH) {
      await tx.questionImportItem.createMany({
        data: parsed.questions.slice(from, from + ITEM_BATCH).map((q, i) => ({
          organizationId,
          importId: row.id,
          position: from + i + 1,
          categoryPath: q.categoryPath,
          content: q.question as Prisma.InputJsonObject,
          source: { ...q.source },
          notes: q.notes,
          images: q.images as unknown as Prisma.InputJsonArray,
        })),
      });
    }
    return row;
  });
  await sendJob("question-imports.process", { importId: created.id, phase: "check" });
  return questionImportJson(created);
}
