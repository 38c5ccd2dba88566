"use client";

import SearchIcon from "@mui/icons-material/Search";
import InputAdornment from "@mui/material/InputAdornment";
import TextField from "@mui/material/TextField";
import { useSearchText } from "@/components/data/use-search-text";

/**
 * Search as you type (useSearchText): the list follows 250 ms after the last key. For a list drawn without
 * MUI, `components/ui/text-field.tsx` with the same hook looks the same.
 */
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
