import { z } from 'zod';
import { pageQuery, timestamp } from '../common.ts';

const MB = 1024 * 1024;
const GB = 1024 * MB;

/** What a video, document or SCORM topic plays (decision 061). */
export const MEDIA_KINDS = ['video', 'document', 'scorm'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export const SCORM_VERSIONS = ['1.2', '2004'] as const;
export type ScormVersion = (typeof SCORM_VERSIONS)[number];

/** Per kind: the largest upload, and what it must be (recognised by its first bytes, never its name). */
export const MEDIA_RULES: Record<MediaKind, { maxBytes: number; accepts: string; label: string }> = {
  video: { maxBytes: 2 * GB, accepts: 'an MP4 or WebM video', label: 'video' },
  document: { maxBytes: 50 * MB, accepts: 'a PDF document', label: 'policy document' },
  scorm: { maxBytes: 500 * MB, accepts: 'a SCORM 1.2 or SCORM 2004 package (a .zip)', label: 'SCORM package' },
};

/** What a SCORM package may unpack to (decision 061): refused past any of these. */
export const SCORM_LIMITS = {
  maxEntries: 20_000,
  maxUnpackedBytes: 2 * GB,
  maxRatio: 100,
} as const;

/** The messages an upload is refused with (on the field `file`), for the person who uploaded it. */
export const MEDIA_MESSAGES = {
  kindRequired: 'Choose the kind of media: video, document or scorm.',
  fileRequired: 'Choose a file to upload.',
  empty: 'The file is empty.',
  tooLarge: (kind: MediaKind) =>
    `The file is too large: a ${MEDIA_RULES[kind].label} may be at most ${MEDIA_RULES[kind].maxBytes >= GB ? `${MEDIA_RULES[kind].maxBytes / GB} GB` : `${MEDIA_RULES[kind].maxBytes / MB} MB`}.`,
  wrongType: (kind: MediaKind) => `A ${MEDIA_RULES[kind].label} must be ${MEDIA_RULES[kind].accepts}.`,
  noManifest:
    'The package has no imsmanifest.xml at its top level: export the course as a SCORM 1.2 or SCORM 2004 package and upload the zip again.',
  unreadableManifest: 'The package’s imsmanifest.xml is not readable XML.',
  unknownVersion: (version: string | null) =>
    version === null
      ? 'The package’s imsmanifest.xml declares no SCORM schema version: Heed plays SCORM 1.2 and SCORM 2004 packages.'
      : `The package’s imsmanifest.xml declares schema version “${version.slice(0, 60)}”: Heed plays SCORM 1.2 and SCORM 2004 packages.`,
  noLaunch: 'The package’s imsmanifest.xml names no file to launch (no resource with an href).',
  launchMissing: (path: string) => `The package’s launch file “${path.slice(0, 200)}” is not in the zip.`,
  pathEscapes: (name: string) =>
    `The package holds a file whose path leaves the package (“${name.slice(0, 200)}”); it was not stored.`,
  absolutePath: (name: string) =>
    `The package holds a file with an absolute path (“${name.slice(0, 200)}”); it was not stored.`,
  symlink: (name: string) => `The package holds a symbolic link (“${name.slice(0, 200)}”); it was not stored.`,
  /** The zip reader's own words (it reads the directory): "The SCORM package holds more than 20,000 files; it was not read." */
  tooManyEntries: `The SCORM package holds more than ${SCORM_LIMITS.maxEntries.toLocaleString('en-US')} files; it was not read.`,
  badName: (name: string) =>
    `The package holds a file whose name Heed cannot store (“${name.slice(0, 200)}”); it was not stored.`,
  duplicate: (name: string) => `The package holds the file “${name.slice(0, 200)}” twice; it was not stored.`,
  tooLargeUnpacked: `The package unpacks to more than ${SCORM_LIMITS.maxUnpackedBytes / GB} GB; it was not stored.`,
  bomb: `The package is compressed more than ${SCORM_LIMITS.maxRatio} to 1, as only a decompression bomb is; it was not stored.`,
  inUse: (n: number) =>
    `${n} ${n === 1 ? 'topic plays' : 'topics play'} this media: remove ${n === 1 ? 'it' : 'them'} from ${n === 1 ? 'its course' : 'their courses'} first.`,
  inAttempts: (n: number) =>
    `${n} ${n === 1 ? 'learner is' : 'learners are'} in the middle of an earlier version of a course that plays this media: delete it once they have finished.`,
  notFound: 'Media not found.',
} as const;

/**
 * Where a media item's content is served, outside /api (decision 061): `/content/media/{id}` for a video
 * or PDF; `/content/scorm/{id}/{launch_path}` for a package (the server redirects it to a keyed URL).
 */
export function mediaContentUrl(media: { id: number; kind: string; launch_path: string | null }): string {
  if (media.kind !== 'scorm' || !media.launch_path) return `/content/media/${media.id}`;
  const path = media.launch_path
    .split('/')
    .map((segment) => segment.replace(/[^A-Za-z0-9._~!$&'()*+,;=:@?%-]/g, (c) => encodeURIComponent(c)))
    .join('/');
  return `/content/scorm/${media.id}/${path}`;
}

/** A row of `GET /course-media` and the answer of an upload. */
export const courseMedia = z.object({
  id: z.number().int(),
  kind: z.enum(MEDIA_KINDS),
  original_name: z.string(),
  mime: z.string(),
  /** Bytes. */
  size: z.number().int(),
  scorm_version: z.enum(SCORM_VERSIONS).nullable(),
  /** SCORM: the file the player launches, relative to the package. */
  launch_path: z.string().nullable(),
  /** SCORM: the package's own title (its organization's); otherwise null. */
  title: z.string().nullable(),
  /** SCORM: the files the package holds. */
  file_count: z.number().int().nullable(),
  /** Where the content is served: /content/media/{id}, or /content/scorm/{id}/{launch_path}. */
  content_url: z.string(),
  /** Topics that play it (it cannot be deleted while any does). */
  topics: z.number().int(),
  created_at: timestamp,
});
export type CourseMedia = z.infer<typeof courseMedia>;

/** What a topic document carries of its media (`GET /courses/{id}`). */
export const topicMedia = z.object({
  id: z.number().int(),
  kind: z.enum(MEDIA_KINDS),
  original_name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  scorm_version: z.enum(SCORM_VERSIONS).nullable(),
  title: z.string().nullable(),
  /** Where the player loads it from (`mediaContentUrl`). */
  content_url: z.string(),
});
export type TopicMedia = z.infer<typeof topicMedia>;

export const COURSE_MEDIA_SORTS = ['id', 'original_name', 'size', 'created_at'] as const;

/** GET /course-media: newest first by default; `kind` filters, `text` matches the file name or title. */
export const listCourseMediaQuery = z.object({
  ...pageQuery,
  kind: z.enum(MEDIA_KINDS).optional(),
  text: z.string().trim().max(200).optional(),
  sort: z.enum(COURSE_MEDIA_SORTS).default('id'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type ListCourseMediaQuery = z.infer<typeof listCourseMediaQuery>;

export const courseMediaDeleted = z.object({ id: z.number().int() });
