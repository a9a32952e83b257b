import type { PlayerScorm } from '@heed/contract';
import type { IHttpService, ResultObject, Settings } from 'scorm-again';

// The SCORM run-time (scorm-again), loaded only by a SCORM topic: its own chunk per SCORM version.

export type ScormVersion = '1.2' | '2004';

/** What the runtime hands the player on every commit of the package: its CMI data and a rising number. */
export type ScormCommit = (cmi: Record<string, unknown>, sequence: number, final: boolean) => void;

interface ScormApi {
  cmi: Record<string, unknown> & { core?: Record<string, unknown> };
  loadFromJSON(json: Record<string, unknown>, element?: string): void;
  getFlattenedCMI(): Record<string, unknown>;
  on(event: string, callback: (...args: unknown[]) => void): void;
}

export interface ScormRuntime {
  /** Removes the API from the window and stops answering the package's frame (when the topic closes). */
  stop(): void;
  /**
   * The package's launch URL with the data it starts from in its fragment, which the injected shim
   * (course-media's media-content.ts) reads into its cache before the package's own scripts run: its
   * first GetValue calls, synchronous, must already see where the learner left off.
   */
  launchUrl(contentUrl: string): string;
}

/** The fragment parameter the shim reads the starting data from (kept in step with media-content.ts). */
export const SCORM_START_PARAM = 'heed-cmi';

/** The flattened data's string values only (the shim answers GetValue with strings). */
function startingData(api: ScormApi): Record<string, string> {
  const data: Record<string, string> = {};
  for (const [key, value] of Object.entries(api.getFlattenedCMI())) {
    if (typeof value === 'string' && value !== '') data[key] = value;
  }
  return data;
}

/** The SCORM calls a package's frame may make (scorm-again's cross-frame protocol), and its cache warm-up. */
const FRAME_METHODS = new Set([
  'LMSInitialize',
  'LMSFinish',
  'LMSGetValue',
  'LMSSetValue',
  'LMSCommit',
  'LMSGetLastError',
  'LMSGetErrorString',
  'LMSGetDiagnostic',
  'Initialize',
  'Terminate',
  'GetValue',
  'SetValue',
  'Commit',
  'GetLastError',
  'GetErrorString',
  'GetDiagnostic',
  'getFlattenedCMI',
]);

interface FrameCall {
  messageId: string;
  method: string;
  params?: unknown[];
  isHeartbeat?: boolean;
}

const isFrameCall = (data: unknown): data is FrameCall => {
  const call = data as Partial<FrameCall> | null;
  return (
    typeof call === 'object' &&
    call !== null &&
    typeof call.messageId === 'string' &&
    typeof call.method === 'string' &&
    (call.params === undefined || Array.isArray(call.params))
  );
};

/**
 * Answers the package's frame. Its pages run sandboxed at an opaque origin (the course-media module's
 * content CSP) with scorm-again's `CrossFrameAPI` as their `API`/`API_1484_11`, which posts each call
 * here. Only messages from the package's own frame are answered (an opaque origin cannot be named, so
 * the frame's window is what is checked), in scorm-again's `CrossFrameLMS` protocol.
 */
function answerFrame(api: ScormApi, frame: () => Window | null | undefined): () => void {
  const onMessage = (event: MessageEvent) => {
    const source = frame();
    if (!source || event.source !== source || !isFrameCall(event.data)) return;
    const call = event.data;
    const reply = (answer: { result?: unknown; error?: { message: string; code?: string } }) =>
      source.postMessage({ messageId: call.messageId, ...answer }, '*');
    if (call.isHeartbeat) return source.postMessage({ messageId: call.messageId, isHeartbeat: true }, '*');
    const method = (api as unknown as Record<string, unknown>)[call.method];
    if (!FRAME_METHODS.has(call.method) || typeof method !== 'function')
      return reply({ error: { message: `Method not allowed: ${call.method}`, code: '101' } });
    try {
      reply({ result: method.apply(api, call.params ?? []) });
    } catch (error) {
      reply({ error: { message: error instanceof Error ? error.message : 'Unknown error' } });
    }
  };
  window.addEventListener('message', onMessage);
  return () => window.removeEventListener('message', onMessage);
}

/** Session-only and LMS-set elements are not carried into the next session; entry is set afresh. */
const SESSION_ONLY = ['entry', 'exit', 'session_time', '_version', '_children', '_count'];

function withoutSessionFields(cmi: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(cmi)) {
    if (SESSION_ONLY.includes(key)) continue;
    copy[key] =
      key === 'core' && value && typeof value === 'object'
        ? withoutSessionFields(value as Record<string, unknown>)
        : value;
  }
  return copy;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * SCORM's `cmi.entry` for the session starting now, from how the stored one ended: a suspended
 * session resumes; so does one that ended with no exit at all but left its place (the tab was
 * closed); a finished one (logout, normal) starts with an empty entry.
 */
export function entryAfter(saved: Record<string, unknown> | null, version: ScormVersion): string {
  if (!saved) return 'ab-initio';
  const core = version === '1.2' ? ((saved.core as Record<string, unknown> | undefined) ?? {}) : saved;
  const exit = text(core.exit);
  const leftPlace = text(saved.suspend_data) !== '' || text(core.lesson_location ?? saved.location) !== '';
  if (exit === 'suspend') return 'resume';
  if (exit === '' || exit === 'time-out') return leftPlace ? 'resume' : exit === '' ? 'ab-initio' : '';
  return '';
}

/**
 * Never blocks the package: a commit is handed to the player (which sends it to the API, with the
 * session's CSRF token) and reported as accepted at once. Every commit carries the whole CMI data,
 * so a failed one is made good by the next.
 */
function playerHttpService(commit: ScormCommit, startAt: number): IHttpService {
  let sequence = startAt;
  return {
    processHttpRequest(_url, params, immediate): ResultObject {
      const body = params as { cmi?: Record<string, unknown> };
      sequence += 1;
      commit(body.cmi ?? {}, sequence, immediate);
      return { result: 'true', errorCode: 0 };
    },
    updateSettings() {},
  };
}

/**
 * Starts the SCORM 1.2 or 2004 API in this window with the stored CMI data loaded, so the learner
 * resumes where they were; the package's sandboxed frame reaches it by postMessage (and a same-origin
 * frame would find it as `window.API` / `window.API_1484_11`).
 */
export async function startScormRuntime({
  version,
  saved,
  learner,
  commit,
  frame,
}: {
  version: ScormVersion;
  saved: PlayerScorm | null;
  learner: { id: string; name: string };
  commit: ScormCommit;
  /** The package's frame window, once it is there. */
  frame: () => Window | null | undefined;
}): Promise<ScormRuntime> {
  const settings: Settings = {
    autocommit: true,
    autocommitSeconds: 5,
    // Any string: scorm-again only commits when it has one; the player's service sends the data.
    lmsCommitUrl: 'heed:player',
    dataCommitFormat: 'json',
    sendFullCommit: true,
    logLevel: 5,
    httpService: playerHttpService(commit, saved?.sequence ?? 0),
  };
  const stored = saved && saved.sequence > 0 ? (saved.cmi as Record<string, unknown>) : null;
  let api: ScormApi;
  if (version === '1.2') {
    const module = (await import('scorm-again/scorm12')) as unknown as Record<string, new (s: Settings) => ScormApi>;
    const Api = module.Scorm12API ?? module.default!;
    api = new Api(settings);
    if (stored) api.loadFromJSON(withoutSessionFields(stored));
    const core = api.cmi.core as Record<string, unknown>;
    core.student_id = learner.id;
    core.student_name = learner.name;
    core.entry = entryAfter(stored, version);
    (window as unknown as { API?: ScormApi }).API = api;
  } else {
    const module = (await import('scorm-again/scorm2004')) as unknown as Record<string, new (s: Settings) => ScormApi>;
    const Api = module.Scorm2004API ?? module.default!;
    api = new Api(settings);
    if (stored) api.loadFromJSON(withoutSessionFields(stored));
    api.cmi.learner_id = learner.id;
    api.cmi.learner_name = learner.name;
    api.cmi.entry = entryAfter(stored, version);
    (window as unknown as { API_1484_11?: ScormApi }).API_1484_11 = api;
  }
  const stopAnswering = answerFrame(api, frame);
  return {
    launchUrl(contentUrl) {
      const start = encodeURIComponent(JSON.stringify(startingData(api)));
      return `${contentUrl.split('#')[0]}#${SCORM_START_PARAM}=${start}`;
    },
    stop() {
      stopAnswering();
      const target = window as unknown as { API?: unknown; API_1484_11?: unknown };
      if (target.API === api) target.API = undefined;
      if (target.API_1484_11 === api) target.API_1484_11 = undefined;
    },
  };
}
