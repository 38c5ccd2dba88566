import SearchIcon from "@mui/icons-material/Search";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import TextField from "@mui/material/TextField";

export interface CatalogSearchFormProps {
  q: string;
  categoryId: string;
  categories: { id: string; name: string }[];
}

/**
 * A plain GET form: the state lives in the URL (?q=&category=), so results render on the server, work
 * before hydration and can be bookmarked. A new search starts again at page 1.
 */
export function CatalogSearchForm({ q, categoryId, categories }: CatalogSearchFormProps) {
  return (
    <Box
      component="form"
      method="get"
      action="/search"
      role="search"
      sx={{ display: "flex", flexWrap: "wrap", gap: 2, mb: 3 }}
    >
      <TextField
        name="q"
        type="search"
        label="Search courses"
        defaultValue={q}
        size="small"
        sx={{ flex: "1 1 240px" }}
      />
      <TextField
        name="category"
        label="Category"
        select
        defaultValue={categoryId}
        size="small"
        sx={{ flex: "0 1 220px" }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">All categories</option>
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </TextField>
      <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
        Search
      </Button>
    </Box>
  );
}
