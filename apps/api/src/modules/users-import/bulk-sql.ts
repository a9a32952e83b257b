// Multi-row INSERT and UPDATE for the import's writes, from db/dialect (`bulkInsert`, `bulkUpdate`):
// `int` and `text` name a column of integers or of text.
export {
  type BulkColumn,
  bulkInsert,
  bulkUpdate,
  intColumn as int,
  textColumn as text,
} from '../../db/dialect/index.ts';
