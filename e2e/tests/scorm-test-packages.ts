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
