import { FIELDS_PER_USER } from './large-rows.ts';

export interface LargeOptions {
  /** `postgres://…` or a SQLite file path. */
  url: string;
  schema?: string;
  users: number;
  /** Total assignments, spread evenly over the users. */
  assignments: number;
  company: string;
  /** Users per transaction. */
  chunkUsers?: number;
  /**
   * `auto` drops some indexes of a table the load at least doubles and rebuilds them after
   * (see relaxSchema); `keep` never drops (a server beside the load keeps its indexes); `rebuild`
   * always drops.
   */
  bulkIndexes?: 'auto' | 'keep' | 'rebuild';
  now?: Date;
  log?: (line: string) => void;
  /** Checked between chunks; true stops the load early (the schema is still restored). */
  isAborted?: () => boolean;
}

/** The tables a bulk load may write without their indexes, rebuilding them at the end. */
export type BulkTable = 'users' | 'assignments';

export interface Counts {
  users: number;
  fieldValues: number;
  assignments: number;
}

/** A run of users written in one transaction: their ids are firstId…firstId+count-1. */
export interface UserRange {
  /** Index of the range's first user over the whole run (0-based). */
  firstIndex: number;
  firstId: number;
  count: number;
}

/** One slice of an assignment round: `round` of `rounds`, for the users of `range`. */
export interface AssignmentSlice {
  range: UserRange;
  round: number;
  rounds: number;
  /** Users in the whole run, for each user's position in the sweep. */
  users: number;
  /** Assignments of the user with run index i: the total spread as evenly as whole numbers allow. */
  assignmentsOf: (index: number) => number;
}

/** What the dialect writers do: write a chunk of users (and field values), then assignment slices. */
export interface LargeWriter {
  writeUsers(firstIndex: number, count: number): Promise<UserRange> | UserRange;
  writeAssignments(slices: readonly AssignmentSlice[]): Promise<number> | number;
  close(): Promise<void> | void;
}

/**
 * Assignments are written in rounds: round r gives each user their r-th assignment, sweeping the
 * users in id order with dates inside round r's slice of the history. Every index of assignments
 * then grows at a few hot spots (by user, by date, by status) instead of at random places, which
 * keeps ten million inserts cheap without dropping any index.
 */
export function* assignmentSlices(
  ranges: readonly UserRange[],
  users: number,
  assignments: number,
  perTransaction: number,
) {
  const assignmentsOf = (index: number) =>
    Math.floor((assignments * (index + 1)) / users) - Math.floor((assignments * index) / users);
  const rounds = users === 0 ? 0 : Math.ceil(assignments / users);
  let batch: AssignmentSlice[] = [];
  let size = 0;
  for (let round = 0; round < rounds; round++) {
    for (const range of ranges) {
      batch.push({ range, round, rounds, users, assignmentsOf });
      size += range.count;
      if (size >= perTransaction) {
        yield batch;
        batch = [];
        size = 0;
      }
    }
  }
  if (batch.length > 0) yield batch;
}

/** Users (with their field values) chunk by chunk, then the assignments round by round. */
export async function load(options: LargeOptions, writer: LargeWriter, afterUsers?: () => void): Promise<Counts> {
  const log = options.log ?? (() => undefined);
  const { users, assignments } = options;
  const chunk = options.chunkUsers ?? 10_000;
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  let lastLog = started;
  let rowsDone = 0;
  const progress = (force: boolean, line: () => string) => {
    const at = performance.now();
    if (!force && at - lastLog < 2000) return;
    lastLog = at;
    const cpu = process.cpuUsage(cpuStart);
    log(
      `[${((at - started) / 1000).toFixed(1)} s, cpu ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s] ${line()}  ${fmt(rowsDone / ((at - started) / 1000))} rows/s`,
    );
  };

  // SQLite writes are synchronous: yield to the event loop between chunks so that signals (Ctrl-C) get through.
  const breathe = () => new Promise((resolve) => setImmediate(resolve));
  const ranges: UserRange[] = [];
  let done = 0;
  while (done < users && !options.isAborted?.()) {
    await breathe();
    const range = await writer.writeUsers(done, Math.min(chunk, users - done));
    ranges.push(range);
    done += range.count;
    rowsDone += range.count * (1 + FIELDS_PER_USER);
    progress(done === users, () => `users ${fmt(done)}/${fmt(users)}`);
  }
  afterUsers?.();
  let assigned = 0;
  if (done === users) {
    for (const slices of assignmentSlices(ranges, users, assignments, chunk * 10)) {
      await breathe();
      if (options.isAborted?.()) break;
      const written = await writer.writeAssignments(slices);
      assigned += written;
      rowsDone += written;
      progress(assigned === assignments, () => `assignments ${fmt(assigned)}/${fmt(assignments)}`);
    }
  }
  return { users: done, fieldValues: done * FIELDS_PER_USER, assignments: assigned };
}

/**
 * Tables the load at least doubles (and by a lot) get the bulk treatment (SQLite: relaxSchema; PostgreSQL:
 * relaxPostgres). A small load
 * into a big database keeps every index, and so never slows the queries of a server running beside it.
 */
export function bulkTables(options: LargeOptions, existingUsers: number, existingAssignments: number): BulkTable[] {
  const mode = options.bulkIndexes ?? 'auto';
  if (mode === 'keep') return [];
  const isBulk = (incoming: number, existing: number, floor: number) =>
    mode === 'rebuild' || (incoming >= floor && incoming >= existing);
  return [
    ...(isBulk(options.users, existingUsers, 50_000) ? (['users'] as const) : []),
    ...(isBulk(options.assignments, existingAssignments, 500_000) ? (['assignments'] as const) : []),
  ];
}

export const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
