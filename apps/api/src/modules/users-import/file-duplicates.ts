import { KeySet } from './file-keys.ts';
import { ROW_MESSAGES } from './import-messages.ts';
import type { ImportSetup, RowDraft } from './row-draft.ts';

/**
 * Usernames and e-mails seen so far in the file. The first row naming one claims it (whatever else
 * is wrong with that row); a later row naming it again fails. Rebuilt from the start of the file
 * when a run resumes, so the verdicts never change.
 */
export class FileDuplicates {
  private readonly usernames = new KeySet();
  private readonly emails = new KeySet();

  constructor(private readonly setup: ImportSetup) {}

  /** Claims the row's username and e-mail; adds an error for each already claimed. */
  check(draft: RowDraft): void {
    const header = (field: string) => this.setup.headerOf.get(field) ?? field;
    if (draft.username !== null && !this.usernames.add(draft.username))
      draft.errors.push({ column: header('username'), message: ROW_MESSAGES.duplicateUsername, value: draft.username });
    if (draft.email !== null && !this.emails.add(draft.email))
      draft.errors.push({ column: header('email'), message: ROW_MESSAGES.duplicateEmail, value: draft.email });
  }
}

/** Which user ids a dry run saw named by a row: one bit each. */
export class IdBitmap {
  private bits = new Uint8Array(1 << 16);

  add(id: number): void {
    if (id >> 3 >= this.bits.length) {
      const grown = new Uint8Array(Math.max(this.bits.length * 2, (id >> 3) + 1));
      grown.set(this.bits);
      this.bits = grown;
    }
    this.bits[id >> 3]! |= 1 << (id & 7);
  }

  has(id: number): boolean {
    return id >> 3 < this.bits.length && (this.bits[id >> 3]! & (1 << (id & 7))) !== 0;
  }
}
