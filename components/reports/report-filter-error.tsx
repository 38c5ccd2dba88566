import Alert from "@mui/material/Alert";

/** Filters in the address the server refused (a hand-edited date): the view shows without them. */
export function ReportFilterError({ message }: { message: string }) {
  return (
    <Alert severity="warning" sx={{ mb: 3 }}>
      {message}. Showing the report without these filters.
    </Alert>
  );
}
