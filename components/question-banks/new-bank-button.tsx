"use client";

import AddIcon from "@mui/icons-material/Add";
import Button, { type ButtonProps } from "@mui/material/Button";
import { useState } from "react";
import { BankDialog } from "@/components/question-banks/bank-dialog";
import type { QuestionBankJson } from "@/lib/server/questions/json";

/** Opens the new bank's form; `parentId` presets where it goes (a sub-bank). */
export function NewBankButton({
  banks,
  parentId = null,
  label = "New bank",
  variant = "contained",
}: {
  banks: QuestionBankJson[];
  parentId?: string | null;
  label?: string;
  variant?: ButtonProps["variant"];
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {label}
      </Button>
      {open && <BankDialog banks={banks} parentId={parentId} onClose={() => setOpen(false)} />}
    </>
  );
}
