import { Writable } from 'node:stream';
import { constants } from 'node:zlib';
import { ZipWriter } from '../../platform/files/zip-writer.ts';

// SCORM packages made by code, so that what they do is plain to read. Two small fixture packages for the
// tests (a SCORM 1.2 and a SCORM 2004 course of two pages each; test/fixtures/scorm-packages.ts), and the
// demo's two courses (`demoScormFiles`): several pages of real content and a short knowledge check.
// Their pages call the runtime API the player provides: initialise, resume from the stored location
// and suspend data, record the page reached, then a score and a completion, commit and finish.

const page = (title: string, body: string, script: string) => `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${title}</title>
<link rel="stylesheet" href="style.css">
</head>
<body>
<main>
<h1>${title}</h1>
${body}
</main>
<script src="runtime.js"></script>
<script>
${script}
</script>
</body>
</html>
`;

const STYLE = 'body{font-family:system-ui,sans-serif;margin:2rem}button{margin-right:.5rem}#state{color:#555}\n';

const BODY = `<p id="page">Page 1 of 2: what a fire door is for.</p>
<p id="state">Not started.</p>
<button id="next" type="button">Next page</button>
<button id="finish" type="button">Finish the course</button>`;

/** SCORM 1.2: the API object is `API`, found on a parent window (or this one). */
const RUNTIME_12 = `function findAPI(win) {
  for (var i = 0; win && i < 10; i++) {
    if (win.API) return win.API;
    if (win.parent === win) break;
    win = win.parent;
  }
  return null;
}
var api = findAPI(window) || (window.opener ? findAPI(window.opener) : null);
`;

const SCRIPT_12 = `var state = document.getElementById('state');
var started = api && api.LMSInitialize('') === 'true';
var saved = started ? api.LMSGetValue('cmi.suspend_data') : '';
var location0 = started ? api.LMSGetValue('cmi.core.lesson_location') : '';
if (location0 === 'halfway') {
  document.getElementById('page').textContent = 'Page 2 of 2: keep fire doors closed.';
  state.textContent = 'Resumed at halfway (' + saved + ').';
} else state.textContent = started ? 'Started.' : 'No SCORM runtime found.';
document.getElementById('next').onclick = function () {
  document.getElementById('page').textContent = 'Page 2 of 2: keep fire doors closed.';
  api.LMSSetValue('cmi.core.lesson_location', 'halfway');
  api.LMSSetValue('cmi.suspend_data', '{"page":2,"seen":[1]}');
  api.LMSSetValue('cmi.core.lesson_status', 'incomplete');
  api.LMSSetValue('cmi.core.exit', 'suspend');
  api.LMSCommit('');
  state.textContent = 'Saved at halfway.';
};
document.getElementById('finish').onclick = function () {
  api.LMSSetValue('cmi.core.score.raw', '90');
  api.LMSSetValue('cmi.core.score.min', '0');
  api.LMSSetValue('cmi.core.score.max', '100');
  api.LMSSetValue('cmi.suspend_data', '{"page":2,"seen":[1,2]}');
  api.LMSSetValue('cmi.core.lesson_status', 'passed');
  api.LMSCommit('');
  api.LMSFinish('');
  state.textContent = 'Passed with 90.';
};
`;

const MANIFEST_12 = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="heed.fixture.scorm12" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="org-fire">
    <organization identifier="org-fire">
      <title>Fire Doors (SCORM 1.2)</title>
      <item identifier="item-1" identifierref="res-1">
        <title>Fire doors</title>
        <adlcp:masteryscore>80</adlcp:masteryscore>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="res-1" type="webcontent" adlcp:scormtype="sco" href="index.html">
      <file href="index.html"/>
      <file href="runtime.js"/>
      <file href="style.css"/>
    </resource>
  </resources>
</manifest>
`;

/** SCORM 2004: the API object is `API_1484_11`. */
const RUNTIME_2004 = RUNTIME_12.replace(/win\.API\b/g, 'win.API_1484_11');

const SCRIPT_2004 = `var state = document.getElementById('state');
var started = api && api.Initialize('') === 'true';
var saved = started ? api.GetValue('cmi.suspend_data') : '';
var location0 = started ? api.GetValue('cmi.location') : '';
if (location0 === 'halfway') {
  document.getElementById('page').textContent = 'Page 2 of 2: keep fire doors closed.';
  state.textContent = 'Resumed at halfway (' + saved + ').';
} else state.textContent = started ? 'Started.' : 'No SCORM runtime found.';
document.getElementById('next').onclick = function () {
  document.getElementById('page').textContent = 'Page 2 of 2: keep fire doors closed.';
  api.SetValue('cmi.location', 'halfway');
  api.SetValue('cmi.suspend_data', '{"page":2,"seen":[1]}');
  api.SetValue('cmi.completion_status', 'incomplete');
  api.SetValue('cmi.exit', 'suspend');
  api.Commit('');
  state.textContent = 'Saved at halfway.';
};
document.getElementById('finish').onclick = function () {
  api.SetValue('cmi.score.scaled', '0.85');
  api.SetValue('cmi.score.raw', '85');
  api.SetValue('cmi.score.min', '0');
  api.SetValue('cmi.score.max', '100');
  api.SetValue('cmi.suspend_data', '{"page":2,"seen":[1,2]}');
  api.SetValue('cmi.completion_status', 'completed');
  api.SetValue('cmi.success_status', 'passed');
  api.SetValue('cmi.exit', 'normal');
  api.Commit('');
  api.Terminate('');
  state.textContent = 'Completed and passed with 85.';
};
`;

const MANIFEST_2004 = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="heed.fixture.scorm2004" version="1"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>2004 4th Edition</schemaversion>
  </metadata>
  <organizations default="org-evac">
    <organization identifier="org-evac">
      <title>Evacuation &amp; Assembly (SCORM 2004)</title>
      <item identifier="item-1" identifierref="res-1">
        <title>Evacuation</title>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="res-1" type="webcontent" adlcp:scormType="sco" xml:base="course/" href="start.html?lang=en">
      <file href="start.html"/>
      <file href="runtime.js"/>
      <file href="style.css"/>
    </resource>
  </resources>
</manifest>
`;

export type ScormFixture = 'scorm12' | 'scorm2004';

/** The files of a fixture package, by path. */
export function scormFiles(fixture: ScormFixture): Record<string, string> {
  if (fixture === 'scorm12')
    return {
      'imsmanifest.xml': MANIFEST_12,
      'index.html': page('Fire Doors', BODY, SCRIPT_12),
      'runtime.js': RUNTIME_12,
      'style.css': STYLE,
    };
  return {
    'imsmanifest.xml': MANIFEST_2004,
    'course/start.html': page('Evacuation', BODY, SCRIPT_2004),
    'course/runtime.js': RUNTIME_2004,
    'course/style.css': STYLE,
  };
}

// ——— The demo's packages ———

export interface DemoScormPage {
  heading: string;
  paragraphs: readonly string[];
}

export interface DemoScormQuestion {
  prompt: string;
  /** The options; the first is the right one (shown in this order). */
  options: readonly string[];
  right: number;
}

export interface DemoScormSpec {
  version: '1.2' | '2004';
  identifier: string;
  title: string;
  pages: readonly DemoScormPage[];
  check: readonly DemoScormQuestion[];
  /** The share of right answers (0–100) that passes. */
  masteryScore: number;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The runtime calls of each version, by what they do. */
const API_NAMES = {
  '1.2': {
    object: 'API',
    init: 'LMSInitialize',
    get: 'LMSGetValue',
    set: 'LMSSetValue',
    commit: 'LMSCommit',
    finish: 'LMSFinish',
    location: 'cmi.core.lesson_location',
    exit: 'cmi.core.exit',
    raw: 'cmi.core.score.raw',
    min: 'cmi.core.score.min',
    max: 'cmi.core.score.max',
  },
  '2004': {
    object: 'API_1484_11',
    init: 'Initialize',
    get: 'GetValue',
    set: 'SetValue',
    commit: 'Commit',
    finish: 'Terminate',
    location: 'cmi.location',
    exit: 'cmi.exit',
    raw: 'cmi.score.raw',
    min: 'cmi.score.min',
    max: 'cmi.score.max',
  },
} as const;

function demoBody(spec: DemoScormSpec): string {
  const pages = spec.pages.map(
    (p, i) => `<section class="page" data-page="${i + 1}" hidden>
<h2>${escapeHtml(p.heading)}</h2>
${p.paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n')}
</section>`,
  );
  const questions = spec.check.map(
    (q, i) => `<fieldset>
<legend>${escapeHtml(q.prompt)}</legend>
${q.options.map((o, j) => `<label><input type="radio" name="q${i}" value="${j}"> ${escapeHtml(o)}</label>`).join('\n')}
</fieldset>`,
  );
  const check = `<section class="page" data-page="${spec.pages.length + 1}" hidden>
<h2>Check your understanding</h2>
${questions.join('\n')}
<button id="finish" type="button">Submit and finish</button>
</section>`;
  return `${pages.join('\n')}
${check}
<nav>
<button id="previous" type="button">Previous page</button>
<button id="next" type="button">Next page</button>
<span id="position"></span>
</nav>
<p id="state" role="status">Not started.</p>`;
}

function demoScript(spec: DemoScormSpec): string {
  const n = API_NAMES[spec.version];
  const right = JSON.stringify(spec.check.map((q) => q.right));
  const finish =
    spec.version === '1.2'
      ? `api.LMSSetValue('cmi.core.lesson_status', passed ? 'passed' : 'failed');`
      : `api.SetValue('cmi.score.scaled', String(score / 100));
  api.SetValue('cmi.completion_status', 'completed');
  api.SetValue('cmi.success_status', passed ? 'passed' : 'failed');`;
  const progress =
    spec.version === '1.2'
      ? `api.LMSSetValue('cmi.core.lesson_status', 'incomplete');`
      : `api.SetValue('cmi.completion_status', 'incomplete');
  api.SetValue('cmi.progress_measure', String(Math.min(1, (page - 1) / (pages.length - 1))));`;
  return `var state = document.getElementById('state');
var pages = document.querySelectorAll('.page');
var started = api && api.${n.init}('') === 'true';
var page = 1;
var resumeAt = started ? parseInt(api.${n.get}('${n.location}'), 10) : NaN;
if (resumeAt >= 1 && resumeAt <= pages.length) page = resumeAt;
function show() {
  for (var i = 0; i < pages.length; i++) pages[i].hidden = i !== page - 1;
  document.getElementById('previous').disabled = page === 1;
  document.getElementById('next').disabled = page === pages.length;
  document.getElementById('position').textContent = 'Page ' + page + ' of ' + pages.length;
}
function save() {
  if (!started) return;
  api.${n.set}('${n.location}', String(page));
  api.${n.set}('cmi.suspend_data', JSON.stringify({ page: page }));
  ${progress}
  api.${n.set}('${n.exit}', 'suspend');
  api.${n.commit}('');
}
show();
state.textContent = !started ? 'No SCORM runtime found.' : page > 1 ? 'Resumed at page ' + page + '.' : 'Started.';
document.getElementById('previous').onclick = function () { page -= 1; show(); save(); };
document.getElementById('next').onclick = function () { page += 1; show(); save(); state.textContent = 'Saved at page ' + page + '.'; };
document.getElementById('finish').onclick = function () {
  var right = ${right};
  var correct = 0;
  for (var i = 0; i < right.length; i++) {
    var chosen = document.querySelector('input[name="q' + i + '"]:checked');
    if (chosen && Number(chosen.value) === right[i]) correct += 1;
  }
  var score = Math.round((100 * correct) / right.length);
  var passed = score >= ${spec.masteryScore};
  if (started) {
    api.${n.set}('${n.raw}', String(score));
    api.${n.set}('${n.min}', '0');
    api.${n.set}('${n.max}', '100');
    ${finish}
    api.${n.set}('${n.exit}', passed ? 'normal' : 'suspend');
    api.${n.commit}('');
    if (passed) api.${n.finish}('');
  }
  state.textContent = passed ? 'Passed with ' + score + '.' : 'Scored ' + score + ': read the pages again and retry.';
};
`;
}

function demoManifest(spec: DemoScormSpec): string {
  const title = escapeHtml(spec.title);
  if (spec.version === '1.2')
    return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${spec.identifier}" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="org-1">
    <organization identifier="org-1">
      <title>${title}</title>
      <item identifier="item-1" identifierref="res-1">
        <title>${title}</title>
        <adlcp:masteryscore>${spec.masteryScore}</adlcp:masteryscore>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="res-1" type="webcontent" adlcp:scormtype="sco" href="index.html">
      <file href="index.html"/>
      <file href="runtime.js"/>
      <file href="style.css"/>
    </resource>
  </resources>
</manifest>
`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${spec.identifier}" version="1"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>2004 4th Edition</schemaversion>
  </metadata>
  <organizations default="org-1">
    <organization identifier="org-1">
      <title>${title}</title>
      <item identifier="item-1" identifierref="res-1">
        <title>${title}</title>
        <imsss:sequencing>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="mastery" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>${(spec.masteryScore / 100).toFixed(2)}</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>
          </imsss:objectives>
        </imsss:sequencing>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="res-1" type="webcontent" adlcp:scormType="sco" xml:base="content/" href="index.html">
      <file href="index.html"/>
      <file href="runtime.js"/>
      <file href="style.css"/>
    </resource>
  </resources>
</manifest>
`;
}

const DEMO_STYLE = `body{font-family:system-ui,sans-serif;margin:2rem;max-width:44rem;line-height:1.5;color:#1f2933}
h1{font-size:1.6rem}h2{font-size:1.25rem}fieldset{border:1px solid #cbd2d9;border-radius:6px;margin:0 0 1rem}
label{display:block;margin:.25rem 0}nav{margin-top:1.5rem}button{margin-right:.5rem}#state{color:#52606d}
`;

/** The files of a demo package, by path (a SCORM 2004 package keeps its pages under `content/`). */
export function demoScormFiles(spec: DemoScormSpec): Record<string, string> {
  const runtime = spec.version === '1.2' ? RUNTIME_12 : RUNTIME_2004;
  const dir = spec.version === '1.2' ? '' : 'content/';
  return {
    'imsmanifest.xml': demoManifest(spec),
    [`${dir}index.html`]: page(spec.title, demoBody(spec), demoScript(spec)),
    [`${dir}runtime.js`]: runtime,
    [`${dir}style.css`]: DEMO_STYLE,
  };
}

/** A zip of `files` (path → text), each entry deflated. */
export async function zipFiles(files: Record<string, string>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  const zip = new ZipWriter(out);
  for (const [name, content] of Object.entries(files)) {
    const entry = zip.openDeflated(name, { level: constants.Z_BEST_COMPRESSION, backlogBytes: 1 << 20 });
    await entry.write(Buffer.from(content));
    await entry.end();
  }
  const finished = new Promise((resolve) => out.once('finish', resolve));
  zip.finish();
  await finished;
  return Buffer.concat(chunks);
}

export const scormPackage = (fixture: ScormFixture) => zipFiles(scormFiles(fixture));
