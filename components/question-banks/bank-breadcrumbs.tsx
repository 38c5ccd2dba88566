import Breadcrumbs from "@mui/material/Breadcrumbs";
import Typography from "@mui/material/Typography";
import Link from "@/components/navigation/link";
import { bankPath } from "@/components/question-banks/bank-tree-model";
import type { QuestionBankJson } from "@/lib/server/questions/json";

/** Question banks › the bank's parents › the bank. */
export function BankBreadcrumbs({ banks, bankId }: { banks: QuestionBankJson[]; bankId: string }) {
  const path = bankPath(banks, bankId);
  return (
    <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 1 }}>
      <Link href="/admin/question-banks">Question banks</Link>
      {path.slice(0, -1).map((bank) => (
        <Link key={bank.id} href={`/admin/question-banks/${bank.id}`}>
          {bank.name}
        </Link>
      ))}
      <Typography color="text.primary" aria-current="page">
        {path.at(-1)?.name}
      </Typography>
    </Breadcrumbs>
  );
}
