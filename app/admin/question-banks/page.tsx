import { NewBankButton } from "@/components/question-banks/new-bank-button";
import { BankTree } from "@/components/question-banks/bank-tree";
import { plural } from "@/components/question-banks/labels";
import { PageHeader } from "@/components/shell/page-header";
import { guardSignedInPage, loadOrNotFound } from "@/lib/auth/page-guard";
import { listAllQuestionBanks } from "@/lib/server/questions/bank-tree";

export const metadata = { title: "Question banks · Learning Management" };

export default async function QuestionBanksPage() {
  const caller = await guardSignedInPage("/admin/question-banks");
  const banks = await loadOrNotFound(listAllQuestionBanks(caller.ctx));
  return (
    <>
      <PageHeader
        title="Question banks"
        subtitle={`${plural(banks.length, "bank")} · questions for quizzes, nested as Moodle's categories`}
        actions={<NewBankButton banks={banks} />}
      />
      <BankTree banks={banks} />
    </>
  );
}
