// The one place that knows SQLite from PostgreSQL (with the list engine's per-database planners):
// domain code calls these helpers or asks these capabilities, and never compares dialect names
// (README.md; `node scripts/check-boundaries.mjs` checks it).
export { limitPageCache } from './connection.ts';
export {
  castInteger,
  castText,
  charCodes,
  hideFromIndex,
  hintOffIndex,
  idIn,
  type JsonPair,
  jsonArrayText,
  jsonFlag,
  jsonObject,
  jsonObjectAgg,
  jsonObjectOrNull,
  jsonText,
  stringAgg,
} from './expressions.ts';
export {
  type BulkColumn,
  bulkInsert,
  bulkUpdate,
  intColumn,
  reserveIds,
  textColumn,
} from './many-rows.ts';
export { deletesChildrenFirst, hasRowLocks, searchesThroughFts5, takesPlanHints } from './traits.ts';
export {
  type RowLockMode,
  groupedWriteTransaction,
  lockRows,
  stampedRead,
  transactionLock,
  writeTransaction,
} from './transactions.ts';
