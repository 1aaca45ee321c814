/*
 * The frame page of the course origin (docs/scorm.md "Isolation"): it holds the SCORM API the course looks for on its
 * parent window, as an LMS frameset does, and shows the course's launch file in a frame inside it. The API is
 * scorm-again's CrossFrameAPI (loaded before this script as the global `CrossFrameAPI`), which answers the course at
 * once from a copy of the run-time data and passes every call by postMessage to the player on the dashboard's origin,
 * where the real API and the commits live.
 *
 * The copy is filled before the course starts: courses read `cmi.entry`, the bookmark and `suspend_data` right after
 * Initialize, in the same breath, when an answer from the player could not have arrived yet. Array counts
 * (`…_count`) are kept here as the course appends, so that a course adding several interactions in a row numbers
 * them right.
 */
(() => {
  const script = document.currentScript;
  const parentOrigin = script.getAttribute('data-parent-origin');
  const version = script.getAttribute('data-scorm-version');
  const source = script.getAttribute('data-src');
  const title = script.getAttribute('data-title');
  /** The course starts after this long even when the player has not answered (it then reads empty values). */
  const WARM_UP_MS = 5000;

  const remote = new window.CrossFrameAPI(parentOrigin, window.parent, { timeout: 10000 });
  // The CrossFrameAPI keeps its copy in `_cache` (scorm-again 3.4.3, pinned).
  const cache = remote._cache;

  /** `cmi.interactions.3.id` set: `cmi.interactions._count` is 4 from now on, when 3 was the next free index. */
  const countAppended = (key) => {
    const parts = String(key).split('.');
    for (let at = 1; at < parts.length - 1; at += 1) {
      if (!/^\d+$/.test(parts[at])) continue;
      const countKey = `${parts.slice(0, at).join('.')}._count`;
      const index = Number(parts[at]);
      if (index === Number(cache.get(countKey) || 0)) cache.set(countKey, String(index + 1));
    }
  };

  /** The player's run-time data, flattened (`cmi.core.lesson_location` → value), into the copy with array counts. */
  const fill = (flat) => {
    if (!flat || typeof flat !== 'object') return;
    const counts = new Map();
    for (const [key, value] of Object.entries(flat)) {
      if (value !== null && typeof value === 'object') {
        // An empty array comes as {}.
        if (!counts.has(`${key}._count`)) counts.set(`${key}._count`, 0);
        continue;
      }
      if (!cache.has(key)) cache.set(key, String(value));
      const parts = key.split('.');
      for (let at = 1; at < parts.length - 1; at += 1) {
        if (!/^\d+$/.test(parts[at])) continue;
        const countKey = `${parts.slice(0, at).join('.')}._count`;
        counts.set(countKey, Math.max(counts.get(countKey) || 0, Number(parts[at]) + 1));
      }
    }
    for (const [key, count] of counts) if (!cache.has(key)) cache.set(key, String(count));
    if (!cache.has('cmi._version')) cache.set('cmi._version', version === '1.2' ? '3.4' : '1.0');
  };

  const prefix = version === '1.2' ? 'LMS' : '';
  const methods =
    version === '1.2'
      ? ['LMSInitialize', 'LMSFinish', 'LMSGetValue', 'LMSCommit', 'LMSGetLastError']
      : ['Initialize', 'Terminate', 'GetValue', 'Commit', 'GetLastError'];
  const api = {};
  // Values go as strings, as SCORM has them (a course passing a number gets what a same-origin LMS would store).
  for (const name of [...methods, `${prefix}GetErrorString`, `${prefix}GetDiagnostic`]) {
    api[name] = (...args) => remote[name](...args.map((arg) => (arg === undefined || arg === null ? '' : String(arg))));
  }
  api[`${prefix}SetValue`] = (key, value) => {
    const result = remote[`${prefix}SetValue`](String(key), value === undefined || value === null ? '' : String(value));
    countAppended(key);
    return result;
  };

  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    clearTimeout(timer);
    if (version === '1.2') window.API = api;
    else window.API_1484_11 = api;
    const frame = document.createElement('iframe');
    frame.title = title;
    frame.setAttribute('allow', 'fullscreen; autoplay');
    frame.src = source;
    document.body.appendChild(frame);
  };
  const timer = setTimeout(start, WARM_UP_MS);
  remote
    ._post('getFlattenedCMI', [])
    .then(fill)
    .catch(() => undefined)
    .then(start);
})();
