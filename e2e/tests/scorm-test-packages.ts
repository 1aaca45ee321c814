import { crc32 } from 'node:zlib';

/**
 * SCORM packages written for the browser tests: small, readable, each showing one behaviour of real vendors' courses.
 */

/** A zip of the given text files, stored (no compression): enough for a test package built from source. */
export function storedZip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(text);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MANIFEST_2004 = (title: string) => `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="resume-confirm" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="ORG"><organization identifier="ORG"><title>${title}</title>
    <item identifier="ITEM" identifierref="RES"><title>${title}</title></item>
  </organization></organizations>
  <resources><resource identifier="RES" type="webcontent" adlcp:scormType="sco" href="index.html"/></resources>
</manifest>`;

const MANIFEST_12 = (title: string) => `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="resume-silent" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="ORG"><organization identifier="ORG"><title>${title}</title>
    <item identifier="ITEM" identifierref="RES"><title>${title}</title></item>
  </organization></organizations>
  <resources><resource identifier="RES" type="webcontent" adlcp:scormtype="sco" href="index.html"/></resources>
</manifest>`;

/**
 * The page layout of authoring tools: the course fills its frame, its own navigation (Back, Next, Exit) in a bar at
 * the bottom. A frame taller than the window hides that bar below the fold.
 */
const COURSE_STYLE = `<style>
html, body { height: 100%; margin: 0; font-family: sans-serif; }
body { display: flex; flex-direction: column; }
main { flex: 1; padding: 1.5rem; overflow: auto; }
footer { display: flex; gap: .5rem; justify-content: flex-end; padding: .75rem 1.5rem; background: #1d3557; }
footer button { font-size: 1rem; padding: .5rem 1rem; }
</style>`;

const NAVIGATION = `<footer>
<button type="button" id="back">Zurück</button>
<button type="button" id="next">Weiter</button>
<button type="button" id="exit">Beenden</button>
</footer>`;

/** The chapters of the confirm() course; the last one completes it. */
const FIRST_AID_PAGES = ['Notruf absetzen', 'Stabile Seitenlage', 'Herz-Lungen-Wiederbelebung', 'Zusammenfassung'];

/**
 * SCORM 2004, the pattern of Rustici's samples and Articulate-style players: on a resumed attempt the course asks
 * "resume where you left off?" with confirm() and jumps to `cmi.location` only when the answer is yes.
 */
export function confirmResumePackage(): Buffer {
  return storedZip({
    'imsmanifest.xml': MANIFEST_2004('Erste Hilfe: Fortsetzen mit Rückfrage'),
    'index.html': `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><title>Erste Hilfe</title>${COURSE_STYLE}</head><body>
<main><h1 id="title"></h1><p id="entry"></p><p id="page"></p></main>
${NAVIGATION}
<script>
var api = window.parent.API_1484_11;
var pages = ${JSON.stringify(FIRST_AID_PAGES)};
var current = 0;
api.Initialize('');
function show(index) {
  current = index;
  document.getElementById('title').textContent = pages[index];
  document.getElementById('page').textContent = 'Seite ' + (index + 1) + ' von ' + pages.length;
  api.SetValue('cmi.location', String(index));
  api.SetValue('cmi.exit', 'suspend');
  api.SetValue('cmi.completion_status', index === pages.length - 1 ? 'completed' : 'incomplete');
  api.Commit('');
}
var entry = api.GetValue('cmi.entry');
document.getElementById('entry').textContent = 'Einstieg: ' + entry;
var bookmark = api.GetValue('cmi.location');
if (entry === 'resume' && bookmark !== '' &&
    window.confirm('Möchten Sie dort weitermachen, wo Sie aufgehört haben?')) show(Number(bookmark));
else show(0);
document.getElementById('back').onclick = function () { if (current > 0) show(current - 1); };
document.getElementById('next').onclick = function () { if (current < pages.length - 1) show(current + 1); };
document.getElementById('exit').onclick = function () { api.Terminate(''); };
</script></body></html>`,
  });
}

/**
 * SCORM 1.2, the silent pattern: the course goes straight to `cmi.core.lesson_location` and restores the learner's
 * answers from `cmi.suspend_data`, asking nothing.
 */
export function silentResumePackage(): Buffer {
  return storedZip({
    'imsmanifest.xml': MANIFEST_12('Bildschirmarbeit: Fortsetzen ohne Rückfrage'),
    'index.html': `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><title>Bildschirmarbeit</title>${COURSE_STYLE}</head><body>
<main><h1 id="title"></h1><p id="page"></p>
<label for="notes">Meine Einstellungen am Arbeitsplatz</label><br><textarea id="notes" rows="3" cols="40"></textarea>
</main>
${NAVIGATION}
<script>
var api = window.parent.API;
var pages = ['Monitor ausrichten', 'Stuhl einstellen', 'Pausen planen'];
var current = 0;
api.LMSInitialize('');
var notes = document.getElementById('notes');
function save() {
  api.LMSSetValue('cmi.core.lesson_location', String(current));
  api.LMSSetValue('cmi.suspend_data', JSON.stringify({ notes: notes.value }));
  api.LMSSetValue('cmi.core.exit', 'suspend');
  api.LMSSetValue('cmi.core.lesson_status', current === pages.length - 1 ? 'completed' : 'incomplete');
  api.LMSCommit('');
}
function show(index) {
  current = index;
  document.getElementById('title').textContent = pages[index];
  document.getElementById('page').textContent = 'Seite ' + (index + 1) + ' von ' + pages.length;
}
var bookmark = api.LMSGetValue('cmi.core.lesson_location');
var saved = api.LMSGetValue('cmi.suspend_data');
if (saved) notes.value = JSON.parse(saved).notes || '';
show(bookmark === '' ? 0 : Number(bookmark));
notes.onchange = save;
document.getElementById('back').onclick = function () { if (current > 0) { show(current - 1); save(); } };
document.getElementById('next').onclick = function () { if (current < pages.length - 1) { show(current + 1); save(); } };
document.getElementById('exit').onclick = function () { save(); api.LMSFinish(''); };
</script></body></html>`,
  });
}

/**
 * SCORM 1.2, a course that tries what third-party code in a course could try against the dashboard: read its storage
 * through the frames above it, read cookies, call its API with the member's credentials. Each attempt is listed with
 * its outcome ("blocked", or "READ …" with what it got); then it completes through SCORM as any course does.
 */
export function isolationProbePackage(): Buffer {
  return storedZip({
    'imsmanifest.xml': MANIFEST_12('Abschottung: Kurs als fremder Code'),
    'index.html': `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><title>Abschottung</title>${COURSE_STYLE}</head><body>
<main><h1>Abschottung</h1><ul id="probes"></ul><p id="status">läuft</p></main>
<script>
var pending = 0;
function report(name, outcome) {
  var item = document.createElement('li');
  var result = document.createElement('strong');
  item.setAttribute('data-probe', name);
  item.textContent = name + ': ';
  result.textContent = outcome;
  item.appendChild(result);
  document.getElementById('probes').appendChild(item);
}
function got(value) {
  return value === null || value === undefined || value === '' ? 'blocked' : 'READ ' + String(value).slice(0, 120);
}
function attempt(name, read) {
  try { report(name, got(read())); } catch (error) { report(name, 'blocked'); }
}
function request(name, url) {
  pending += 1;
  fetch(url, { credentials: 'include' })
    .then(function (response) { return response.ok ? response.text() : null; })
    .then(function (text) { report(name, got(text)); }, function () { report(name, 'blocked'); })
    .then(function () { pending -= 1; if (pending === 0) finish(); });
}
// The dashboard's storage, through every window above the course, and the course origin's own.
attempt('storage-top', function () { return window.top.localStorage.getItem('isolation-secret'); });
attempt('storage-parent', function () { return window.parent.localStorage.getItem('isolation-secret'); });
attempt('storage-grandparent', function () { return window.parent.parent.localStorage.getItem('isolation-secret'); });
attempt('storage-own', function () { return window.localStorage.getItem('isolation-secret'); });
attempt('cookie', function () { return document.cookie; });
attempt('dashboard-document', function () { return window.top.document.cookie || window.top.document.title; });
attempt('dashboard-api-object', function () { return window.top.API ? 'the real API' : null; });
// The dashboard's API with the member's credentials, by its origin and by a path on the course's own origin.
var origins = location.ancestorOrigins;
request('api-dashboard', origins[origins.length - 1] + '/api/member/state');
request('api-relative', '/api/member/state');
var api = window.parent.API;
api.LMSInitialize('');
function finish() {
  api.LMSSetValue('cmi.core.lesson_location', 'geprüft');
  api.LMSSetValue('cmi.core.lesson_status', 'completed');
  api.LMSCommit('');
  document.getElementById('status').textContent = 'abgeschlossen';
}
</script></body></html>`,
  });
}

/**
 * SCORM 2004, a course whose script library and stylesheet come from a CDN (`cdnOrigin`) and that cannot start
 * without them, as exports of authoring tools that load jQuery or their player from a CDN. It also tries a script
 * from a host the course origin does not allow (`blockedOrigin`), which must stay out.
 */
export function cdnLibraryPackage(cdnOrigin: string, blockedOrigin: string): Buffer {
  return storedZip({
    'imsmanifest.xml': MANIFEST_2004('Kurs mit Bibliothek vom CDN'),
    'index.html': `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><title>CDN</title>${COURSE_STYLE}
<link rel="stylesheet" href="${cdnOrigin}/lib/course-lib.css">
<script src="${cdnOrigin}/lib/course-lib.js"></script>
<script src="${blockedOrigin}/lib/tracker.js"></script>
</head><body>
<main><h1 id="title">Bibliothek fehlt</h1><p id="version"></p><p id="tracker"></p></main>
<footer><button type="button" id="done">Abschließen</button></footer>
<script>
var api = window.parent.API_1484_11;
document.getElementById('tracker').textContent = window.trackerLoaded ? 'Fremdes Skript geladen' : 'Fremdes Skript blockiert';
if (window.CourseLib) {
  api.Initialize('');
  document.getElementById('title').textContent = CourseLib.title();
  document.getElementById('version').textContent = 'Bibliothek ' + CourseLib.version;
  document.getElementById('done').onclick = function () { CourseLib.complete(api); };
}
</script></body></html>`,
  });
}

/**
 * The manifest of a sequenced SCORM 2004 course (docs/scorm.md "Sequencing"): a pre-test whose pass (written to the
 * global objective `g-mastery`) skips the lesson and the final test, a lesson, and a final test that sends a failed
 * learner back to the lesson (post-condition "previous": remediation). The course rolls up satisfied and completed
 * when any part is satisfied; flow and choice are on; the final test may be tried 3 times.
 */
export const SEQUENCED_MANIFEST = (title: string) => `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="sequenced-first-aid" version="1" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
  xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3" xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="ORG">
    <organization identifier="ORG" structure="hierarchical"><title>${title}</title>
      <item identifier="PRETEST" identifierref="R_PRETEST"><title>Einstufungstest</title>
        <adlcp:data><adlcp:map targetID="notes" writeSharedData="true"/></adlcp:data>
        <imsss:sequencing>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="pretest" satisfiedByMeasure="false">
              <imsss:mapInfo targetObjectiveID="g-mastery" readSatisfiedStatus="false" writeSatisfiedStatus="true"/>
            </imsss:primaryObjective>
          </imsss:objectives>
        </imsss:sequencing>
      </item>
      <item identifier="LESSON" identifierref="R_LESSON"><title>Lektion: Notruf und Seitenlage</title>
        <adlcp:data><adlcp:map targetID="notes" readSharedData="true" writeSharedData="false"/></adlcp:data>
        <imsss:sequencing>
          <imsss:sequencingRules>
            <imsss:preConditionRule>
              <imsss:ruleConditions><imsss:ruleCondition condition="satisfied"/></imsss:ruleConditions>
              <imsss:ruleAction action="skip"/>
            </imsss:preConditionRule>
          </imsss:sequencingRules>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="lesson">
              <imsss:mapInfo targetObjectiveID="g-mastery" readSatisfiedStatus="true"/>
            </imsss:primaryObjective>
          </imsss:objectives>
        </imsss:sequencing>
      </item>
      <item identifier="POSTTEST" identifierref="R_POSTTEST"><title>Abschlusstest</title>
        <imsss:sequencing>
          <imsss:sequencingRules>
            <imsss:preConditionRule>
              <imsss:ruleConditions><imsss:ruleCondition condition="satisfied"/></imsss:ruleConditions>
              <imsss:ruleAction action="skip"/>
            </imsss:preConditionRule>
            <imsss:postConditionRule>
              <imsss:ruleConditions><imsss:ruleCondition operator="not" condition="satisfied"/></imsss:ruleConditions>
              <imsss:ruleAction action="previous"/>
            </imsss:postConditionRule>
          </imsss:sequencingRules>
          <imsss:limitConditions attemptLimit="3"/>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="posttest">
              <imsss:mapInfo targetObjectiveID="g-mastery" readSatisfiedStatus="true" writeSatisfiedStatus="true"/>
            </imsss:primaryObjective>
          </imsss:objectives>
        </imsss:sequencing>
        <adlnav:presentation><adlnav:navigationInterface><adlnav:hideLMSUI>previous</adlnav:hideLMSUI></adlnav:navigationInterface></adlnav:presentation>
      </item>
      <imsss:sequencing>
        <imsss:controlMode choice="true" flow="true"/>
        <imsss:rollupRules>
          <imsss:rollupRule childActivitySet="any">
            <imsss:rollupConditions><imsss:rollupCondition condition="satisfied"/></imsss:rollupConditions>
            <imsss:rollupAction action="satisfied"/>
          </imsss:rollupRule>
          <imsss:rollupRule childActivitySet="any">
            <imsss:rollupConditions><imsss:rollupCondition condition="satisfied"/></imsss:rollupConditions>
            <imsss:rollupAction action="completed"/>
          </imsss:rollupRule>
        </imsss:rollupRules>
      </imsss:sequencing>
    </organization>
  </organizations>
  <resources>
    <resource identifier="R_PRETEST" type="webcontent" adlcp:scormType="sco" href="index.html"/>
    <resource identifier="R_LESSON" type="webcontent" adlcp:scormType="sco" href="lesson.html"/>
    <resource identifier="R_POSTTEST" type="webcontent" adlcp:scormType="sco" href="posttest.html"/>
  </resources>
</manifest>`;

/**
 * One SCO of the sequenced course: a test (buttons "Bestanden" / "Nicht bestanden", each ends the SCO with
 * `adl.nav.request` continue) or the lesson ("Lektion abschließen"). The pre-test notes its result in the shared data
 * store `notes` (adl.data, the manifest's adlcp:data), which the lesson shows.
 */
const sequencedSco = (title: string, kind: 'test' | 'lesson') => `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><title>${title}</title>${COURSE_STYLE}</head><body>
<main><h1>${title}</h1><p id="entry"></p><p id="shared"></p></main>
<footer>
${
  kind === 'test'
    ? '<button type="button" id="pass">Bestanden</button><button type="button" id="fail">Nicht bestanden</button>'
    : '<button type="button" id="done">Lektion abschließen</button>'
}
</footer>
<script>
var api = window.parent.API_1484_11;
api.Initialize('');
document.getElementById('entry').textContent = 'Einstieg: ' + api.GetValue('cmi.entry');
if (api.GetValue('adl.data._count') === '1' && api.GetValue('adl.data.0.id') === 'notes') {
  document.getElementById('shared').textContent = 'Notiz: ' + (api.GetValue('adl.data.0.store') || '(leer)');
}
function end(success, scaled) {
  if (success) api.SetValue('adl.data.0.store', 'Einstufungstest ' + success);
  api.SetValue('cmi.completion_status', 'completed');
  if (success) { api.SetValue('cmi.success_status', success); api.SetValue('cmi.score.scaled', scaled); }
  api.SetValue('adl.nav.request', 'continue');
  api.Terminate('');
}
${
  kind === 'test'
    ? "document.getElementById('pass').onclick = function () { end('passed', '0.9'); };\ndocument.getElementById('fail').onclick = function () { end('failed', '0.3'); };"
    : "document.getElementById('done').onclick = function () { end(null); };"
}
</script></body></html>`;

export function sequencedCoursePackage(title = 'Erste Hilfe – sequenziert'): Buffer {
  return storedZip({
    'imsmanifest.xml': SEQUENCED_MANIFEST(title),
    'index.html': sequencedSco('Einstufungstest', 'test'),
    'lesson.html': sequencedSco('Lektion: Notruf und Seitenlage', 'lesson'),
    'posttest.html': sequencedSco('Abschlusstest', 'test'),
  });
}

/** SCORM 1.2, three SCOs without sequencing (as multi-SCO exports are): each sets `completed` by its button. */
export function multiSco12Package(): Buffer {
  const parts = ['Gefahrstoffe erkennen', 'Lagern und Kennzeichnen', 'Schutzmaßnahmen'];
  const files: Record<string, string> = {
    'imsmanifest.xml': `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="multi-sco-12" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="ORG"><organization identifier="ORG"><title>Gefahrstoffe in drei Teilen</title>
    <item identifier="MODULE"><title>Grundlagen</title>
${parts.map((part, index) => `      <item identifier="SCO${index + 1}" identifierref="R${index + 1}"><title>${part}</title></item>`).join('\n')}
    </item>
  </organization></organizations>
  <resources>
${parts.map((_, index) => `    <resource identifier="R${index + 1}" type="webcontent" adlcp:scormtype="sco" href="${index === 0 ? 'index' : `sco${index + 1}`}.html"/>`).join('\n')}
  </resources>
</manifest>`,
  };
  for (const [index, part] of parts.entries()) {
    files[index === 0 ? 'index.html' : `sco${index + 1}.html`] = `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><title>${part}</title>${COURSE_STYLE}</head><body>
<main><h1>${part}</h1></main>
<footer><button type="button" id="done">Teil abschließen</button></footer>
<script>
var api = window.parent.API;
api.LMSInitialize('');
document.getElementById('done').onclick = function () {
  api.LMSSetValue('cmi.core.lesson_status', 'completed');
  api.LMSCommit('');
};
</script></body></html>`;
  }
  return storedZip(files);
}
