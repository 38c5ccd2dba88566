import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import Link from "@/components/navigation/link";
import { plural } from "@/components/question-banks/labels";
import type { QuestionBankJson } from "@/lib/server/questions/json";

/** The banks nested directly in this one, with their question counts (none: nothing is shown). */
export function SubBanks({ banks }: { banks: QuestionBankJson[] }) {
  if (banks.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby="sub-banks-heading" spacing={1} sx={{ mb: 3 }}>
      <Typography id="sub-banks-heading" variant="h6" component="h2">
        Sub-banks
      </Typography>
      <Stack component="ul" aria-label="Sub-banks" sx={{ listStyle: "none", m: 0, p: 0 }} spacing={0.5}>
        {[...banks]
          .sort((a, b) => a.name.localeCompare(b.name))
          .map((bank) => (
            <Stack component="li" key={bank.id} direction="row" spacing={1} sx={{ alignItems: "center" }}>
              <Link href={`/admin/question-banks/${bank.id}`}>{bank.name}</Link>
              <Chip size="small" label={plural(bank.question_count, "question")} />
              {bank.bank_count > 0 && (
                <Chip size="small" variant="outlined" label={plural(bank.bank_count, "sub-bank")} />
              )}
            </Stack>
          ))}
      </Stack>
    </Stack>
  );
}
