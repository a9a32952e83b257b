import argon2 from 'argon2';

/** OWASP's argon2id floor: 19 MiB of memory, 2 passes, 1 lane. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

// A hash of a random password, verified against when the account does not exist so that an unknown
// username costs the same time as a wrong password (no user enumeration by timing).
let decoy: Promise<string> | undefined;

export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    decoy ??= hashPassword(crypto.randomUUID());
    await argon2.verify(await decoy, password);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
