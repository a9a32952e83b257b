import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { type CourseVersion, courseVersionById } from '../courses/index.ts';

/**
 * Parsed course versions by row id, per app (per database): a version is immutable once written, so
 * a step reads its document from here instead of parsing it again. The least recently used go first.
 */
export class VersionCache {
  private readonly versions = new Map<number, CourseVersion>();

  constructor(private readonly limit = 256) {}

  async get(db: Kysely<Database>, id: number): Promise<CourseVersion | undefined> {
    const cached = this.versions.get(id);
    if (cached) {
      this.versions.delete(id);
      this.versions.set(id, cached);
      return cached;
    }
    const version = await courseVersionById(db, id);
    if (version) this.put(version);
    return version;
  }

  put(version: CourseVersion): void {
    this.versions.set(version.id, version);
    if (this.versions.size > this.limit) this.versions.delete(this.versions.keys().next().value as number);
  }
}
