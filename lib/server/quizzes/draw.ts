import "server-only";
import { randomInt } from "node:crypto";
import { displayOrderFor, shuffled, type DisplayOrder } from "@/lib/assessments/display-order";
import { contentOf } from "@/lib/assessments/question-content";
import { pageOf } from "@/lib/assessments/quiz-rules";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";

// The questions of a new attempt, drawn once in the transaction that creates it: each fixed slot's
// question (its pinned version, or the current one), each random slot's questions from its bank (and
// sub-banks) with its tags, never a question the attempt already holds, never an archived one. The exact
// version and the order of its parts are kept with the attempt, so resuming shows the same questions.

type Tx = Prisma.TransactionClient;

export interface DrawnQuestion {
  slotId: string;
  position: number;
  page: number;
  questionVersionId: string;
  displayOrder: DisplayOrder;
  maxMark: number;
}

interface DrawSettings {
  id: string;
  organizationId: string;
  shuffleAnswers: boolean;
  questionsPerPage: number;
}

const random = (n: number) => randomInt(n);

export async function drawQuestions(tx: Tx, quiz: DrawSettings): Promise<DrawnQuestion[]> {
  const { organizationId } = quiz;
  const slots = await tx.quizSlot.findMany({
    where: { organizationId, quizId: quiz.id },
    orderBy: { position: "asc" },
  });
  if (slots.length === 0) throw new AppError("CONFLICT", "This quiz has no questions yet");
  const used = new Set(slots.flatMap((s) => (s.kind === "fixed" && s.questionId ? [s.questionId] : [])));
  const picks: { slotId: string; questionId: string; version: number | null; mark: number }[] = [];
  for (const slot of slots) {
    if (slot.kind === "fixed") {
      picks.push({ slotId: slot.id, questionId: slot.questionId!, version: slot.questionVersion, mark: slot.mark });
      continue;
    }
    const bankIds = slot.includeSubBanks ? await bankTree(tx, organizationId, slot.bankId!) : [slot.bankId!];
    const candidates = await tx.question.findMany({
      where: {
        organizationId,
        bankId: { in: bankIds },
        archivedAt: null,
        ...(slot.tags.length ? { tags: { hasEvery: slot.tags } } : {}),
        id: { notIn: [...used] },
      },
      select: { id: true },
    });
    if (candidates.length < slot.drawCount)
      throw new AppError(
        "CONFLICT",
        `This quiz draws ${slot.drawCount} questions for its place ${slot.position}, but its bank has ${candidates.length} left to draw: ask the course's instructors to change it`,
      );
    for (const { id } of shuffled(candidates, random).slice(0, slot.drawCount)) {
      used.add(id);
      picks.push({ slotId: slot.id, questionId: id, version: null, mark: slot.mark });
    }
  }
  const questions = await tx.question.findMany({
    where: { organizationId, id: { in: picks.map((p) => p.questionId) } },
    select: { id: true, currentVersion: true },
  });
  const current = new Map(questions.map((q) => [q.id, q.currentVersion]));
  const versions = await tx.questionVersion.findMany({
    where: {
      organizationId,
      OR: picks.map((p) => ({ questionId: p.questionId, version: p.version ?? current.get(p.questionId) ?? 0 })),
    },
  });
  return picks.map((pick, i) => {
    const wanted = pick.version ?? current.get(pick.questionId);
    const version = versions.find((v) => v.questionId === pick.questionId && v.version === wanted);
    if (!version) throw new AppError("CONFLICT", `A question of this quiz is missing: ask the course's instructors`);
    return {
      slotId: pick.slotId,
      position: i + 1,
      page: pageOf(i + 1, quiz.questionsPerPage),
      questionVersionId: version.id,
      displayOrder: displayOrderFor(contentOf(version), quiz.shuffleAnswers, random),
      maxMark: pick.mark,
    };
  });
}

/** A bank and every bank nested in it, however deep. */
async function bankTree(tx: Tx, organizationId: string, bankId: string): Promise<string[]> {
  const banks = await tx.questionBank.findMany({ where: { organizationId }, select: { id: true, parentId: true } });
  const tree = [bankId];
  for (let i = 0; i < tree.length; i++)
    for (const bank of banks) if (bank.parentId === tree[i] && !tree.includes(bank.id)) tree.push(bank.id);
  return tree;
}
