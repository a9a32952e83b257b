/** One row of a file as read: its spreadsheet row number (the header is row 1) and its cells as text. */
export interface RawRow {
  row: number;
  cells: string[];
  /** Set when the row could not be read (an unclosed quote): the row fails with this message. */
  error?: string;
}

/** Reads a file's rows in batches; the first row is the header. */
export type RowBatches = AsyncGenerator<RawRow[], void, undefined>;
