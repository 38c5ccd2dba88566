"use client";

import EditIcon from "@mui/icons-material/Edit";
import Button from "@mui/material/Button";
import { useState } from "react";
import { BankDialog } from "@/components/question-banks/bank-dialog";
import type { QuestionBankJson } from "@/lib/server/questions/json";

/** Rename, describe or move the bank whose page this is. */
export function EditBankButton({ banks, bank }: { banks: QuestionBankJson[]; bank: QuestionBankJson }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setOpen(true)}>
        Edit bank
      </Button>
      {open && <BankDialog banks={banks} bank={bank} onClose={() => setOpen(false)} />}
    </>
  );
}
