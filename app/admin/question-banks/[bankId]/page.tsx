import Stack from "@mui/material/Stack";
import { Suspense } from "react";
import { BankBreadcrumbs } from "@/components/question-banks/bank-breadcrumbs";
import { EditBankButton } from "@/components/question-banks/edit-bank-button";
import { ExportBankButton } from "@/components/question-banks/export-bank-button";
import { ImportQuestionsButton } from "@/components/question-banks/import-questions-button";
import { NewBankButton } from "@/components/question-banks/new-bank-button";
import { QuestionList } from "@/components/question-banks/question-list";
import { SubBanks } from "@/components/question-banks/sub-banks";
import { plural } from "@/components/question-banks/labels";
import { PageHeader } from "@/components/shell/page-header";
import { guardSignedInPage, loadOrNotFound } from "@/lib/auth/page-guard";
import { getQuestionBank } from "@/lib/server/questions/banks";
import { listAllQuestionBanks } from "@/lib/server/questions/bank-tree";

export const metadata = { title: "Question bank · Learning Management" };

export default async function QuestionBankPage({ params }: { params: Promise<{ bankId: string }> }) {
  const caller = await guardSignedInPage("/admin/question-banks/[bankId]");
  const { bankId } = await params;
  const [bank, banks] = await loadOrNotFound(
    Promise.all([getQuestionBank(caller.ctx, bankId), listAllQuestionBanks(caller.ctx)]),
  );
  return (
    <>
      <BankBreadcrumbs banks={banks} bankId={bank.id} />
      <PageHeader
        title={bank.name}
        subtitle={
          bank.description || `${plural(bank.question_count, "question")} · ${plural(bank.bank_count, "sub-bank")}`
        }
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
            <EditBankButton banks={banks} bank={bank} />
            <NewBankButton banks={banks} parentId={bank.id} label="New sub-bank" variant="outlined" />
            <ImportQuestionsButton bankId={bank.id} bankName={bank.name} />
            <ExportBankButton bankId={bank.id} />
          </Stack>
        }
      />
      <SubBanks banks={banks.filter((b) => b.parent_id === bank.id)} />
      <Suspense>
        <QuestionList bankId={bank.id} />
      </Suspense>
    </>
  );
}
