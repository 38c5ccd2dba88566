"use client";

import SearchIcon from "@mui/icons-material/Search";
import InputAdornment from "@mui/material/InputAdornment";
import TextField from "@mui/material/TextField";
import { useSearchText } from "@/components/hooks/use-search-text";

/** A list's search box (MUI's TextField), searching as you type: see useSearchText. */
export function SearchField({
  label,
  value,
  onSearch,
}: {
  label: string;
  value: string;
  onSearch: (q: string) => void;
}) {
  const [text, setText] = useSearchText(value, onSearch);
  return (
    <TextField
      label={label}
      type="search"
      size="small"
      value={text}
      onChange={(e) => setText(e.target.value)}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ minWidth: 280 }}
    />
  );
}
