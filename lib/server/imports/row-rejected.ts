/** A row the import refuses, with the reason shown in its dry run and its report. */
export class RowRejected extends Error {}
