/**
 * A set of strings held as 64-bit hashes in typed arrays: 16 bytes a key instead of ~100 for a
 * Set<string>, so a million-row file's usernames and e-mails fit in a few tens of MB. Two different
 * strings share a hash with a probability of about n²/2⁶⁴ (under 10⁻⁷ for two million keys).
 */
export class KeySet {
  private table: Uint32Array;
  private count = 0;

  constructor(capacity = 1 << 14) {
    this.table = new Uint32Array(capacity * 2);
  }

  get size(): number {
    return this.count;
  }

  has(key: string): boolean {
    const [hi, lo] = hash(key);
    return this.table[this.find(hi, lo)] !== 0;
  }

  /** Adds the key; false when it was already there. */
  add(key: string): boolean {
    const [hi, lo] = hash(key);
    if ((this.count + 1) * 2 > this.table.length / 2) this.grow();
    const slot = this.find(hi, lo);
    if (this.table[slot] !== 0) return false;
    this.table[slot] = hi;
    this.table[slot + 1] = lo;
    this.count++;
    return true;
  }

  /** The slot holding (hi, lo), or the empty slot where it would go. */
  private find(hi: number, lo: number): number {
    const slots = this.table.length / 2;
    let index = (lo ^ (hi >>> 7)) & (slots - 1);
    for (;;) {
      const at = index * 2;
      const stored = this.table[at]!;
      if (stored === 0 || (stored === hi && this.table[at + 1] === lo)) return at;
      index = (index + 1) & (slots - 1);
    }
  }

  private grow() {
    const old = this.table;
    this.table = new Uint32Array(old.length * 2);
    for (let at = 0; at < old.length; at += 2) {
      const hi = old[at]!;
      if (hi === 0) continue;
      const slot = this.find(hi, old[at + 1]!);
      this.table[slot] = hi;
      this.table[slot + 1] = old[at + 1]!;
    }
  }
}

/** Two independent 32-bit hashes (FNV-1a and a multiplicative one); the first is never 0 (0 marks an empty slot). */
function hash(key: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x9e3779b9 ^ key.length;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return [(a | 1) >>> 0, b >>> 0];
}
