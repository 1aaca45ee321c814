/*
 * The demo courses' engine: a few pages and a scored quiz, in German and English, speaking SCORM 1.2 or SCORM 2004
 * to the LMS runtime on a parent window, as authoring tools' exports do. window.COURSE (content.js) holds the
 * pages; the manifest decides the version (window.SCORM_VERSION in content.js).
 * One SCO of a course of several (window.COURSE set by content.js from the item's parameters) may be
 * - a lesson (no quiz): its last page completes it ("complete"),
 * - an ungraded check (graded: false): the quiz reports score and completion, never passed / failed,
 * - a graded test (the default): passed / failed by the pass mark the LMS hands over from the manifest
 *   (cmi.student_data.mastery_score in SCORM 1.2, cmi.scaled_passing_score in SCORM 2004), else passingPercent.
 * In a sequenced course (sequenced: true) finishing a SCO asks the LMS for the next activity (adl.nav.request
 * "continue") before Terminate, as sequenced exports do.
 */
(() => {
  const course = window.COURSE;
  const v12 = window.SCORM_VERSION === '1.2';

  function findApi(name) {
    let win = window;
    for (let depth = 0; win && depth < 10; depth += 1) {
      if (win[name]) return win[name];
      if (win.parent === win) break;
      win = win.parent;
    }
    return null;
  }

  const api = findApi(v12 ? 'API' : 'API_1484_11');
  const lms = {
    init: () => (api ? String(v12 ? api.LMSInitialize('') : api.Initialize('')) === 'true' : false),
    get: (key) => (api ? String(v12 ? api.LMSGetValue(key) : api.GetValue(key)) : ''),
    set: (key, value) => {
      if (api) {
        if (v12) api.LMSSetValue(key, String(value));
        else api.SetValue(key, String(value));
      }
    },
    commit: () => {
      if (api) {
        if (v12) api.LMSCommit('');
        else api.Commit('');
      }
    },
    finish: () => {
      if (api) {
        if (v12) api.LMSFinish('');
        else api.Terminate('');
      }
    },
  };
  const keys = v12
    ? {
        location: 'cmi.core.lesson_location',
        exit: 'cmi.core.exit',
        language: 'cmi.student_preference.language',
        entry: 'cmi.core.entry',
      }
    : { location: 'cmi.location', exit: 'cmi.exit', language: 'cmi.learner_preference.language', entry: 'cmi.entry' };

  const connected = lms.init();

  /** The pass mark in percent: the manifest's, as the LMS hands it to the SCO, else the course's own. */
  function passMark() {
    const stated = v12 ? lms.get('cmi.student_data.mastery_score') : lms.get('cmi.scaled_passing_score');
    const value = Number(stated);
    if (stated === '' || !Number.isFinite(value)) return course.passingPercent;
    return v12 ? value : Math.round(value * 100);
  }
  const language = (lms.get(keys.language) || document.documentElement.lang || 'de').slice(0, 2) === 'en' ? 'en' : 'de';
  const t = course.texts[language];
  document.documentElement.lang = language;
  document.title = t.title;

  let state = { page: 0, answers: {}, notes: '', finished: false };
  if (connected) {
    try {
      const saved = lms.get('cmi.suspend_data');
      if (saved) state = Object.assign(state, JSON.parse(saved));
    } catch {
      /* a broken bookmark starts from the beginning */
    }
    const bookmark = Number(lms.get(keys.location));
    if (Number.isFinite(bookmark) && bookmark > 0) state.page = bookmark;
    const status = v12 ? lms.get('cmi.core.lesson_status') : lms.get('cmi.completion_status');
    if (!status || status === 'not attempted' || status === 'unknown') {
      if (v12) lms.set('cmi.core.lesson_status', 'incomplete');
      else lms.set('cmi.completion_status', 'incomplete');
    }
  }

  const pages = t.pages;
  const lesson = !t.quiz || t.quiz.length === 0;
  const graded = course.graded !== false;
  const quizIndex = pages.length;
  const resultIndex = pages.length + 1;
  const main = document.getElementById('course');

  function save() {
    state.page = Math.min(state.page, resultIndex);
    lms.set(keys.location, String(state.page));
    lms.set('cmi.suspend_data', JSON.stringify(state));
    lms.set(keys.exit, state.finished ? '' : 'suspend');
    lms.commit();
  }

  function el(tag, attributes, children) {
    const node = document.createElement(tag);
    Object.keys(attributes || {}).forEach((key) => {
      if (key === 'text') node.textContent = attributes[key];
      else node.setAttribute(key, attributes[key]);
    });
    (children || []).forEach((child) => {
      node.appendChild(child);
    });
    return node;
  }

  function nav(buttons) {
    return el('nav', { class: 'nav' }, buttons);
  }

  function button(label, onClick, id) {
    const node = el('button', { type: 'button', id: id, text: label });
    node.addEventListener('click', onClick);
    return node;
  }

  function go(page) {
    state.page = page;
    save();
    render();
  }

  function scoreOf() {
    let correct = 0;
    t.quiz.forEach((question, index) => {
      if (Number(state.answers[index]) === question.correct) correct += 1;
    });
    return Math.round((correct / t.quiz.length) * 100);
  }

  /** Ends the SCO; a sequenced course's SCO asks for the next activity first. */
  function finish() {
    save();
    if (!v12 && course.sequenced) lms.set('adl.nav.request', 'continue');
    lms.finish();
  }

  function completeLesson() {
    if (v12) lms.set('cmi.core.lesson_status', 'completed');
    else lms.set('cmi.completion_status', 'completed');
    state.finished = true;
    finish();
  }

  function submitQuiz() {
    const score = scoreOf();
    if (!graded) {
      // A check of what the learner knows already: a score and completion, no pass or fail.
      if (v12) {
        lms.set('cmi.core.score.min', '0');
        lms.set('cmi.core.score.max', '100');
        lms.set('cmi.core.score.raw', String(score));
        lms.set('cmi.core.lesson_status', 'completed');
      } else {
        lms.set('cmi.score.min', '0');
        lms.set('cmi.score.max', '100');
        lms.set('cmi.score.raw', String(score));
        lms.set('cmi.score.scaled', String(score / 100));
        lms.set('cmi.completion_status', 'completed');
      }
      state.finished = true;
      go(resultIndex);
      return;
    }
    const passed = score >= passMark();
    if (v12) {
      lms.set('cmi.core.score.min', '0');
      lms.set('cmi.core.score.max', '100');
      lms.set('cmi.core.score.raw', String(score));
      lms.set('cmi.core.lesson_status', passed ? 'passed' : 'failed');
    } else {
      lms.set('cmi.score.min', '0');
      lms.set('cmi.score.max', '100');
      lms.set('cmi.score.raw', String(score));
      lms.set('cmi.score.scaled', String(score / 100));
      lms.set('cmi.success_status', passed ? 'passed' : 'failed');
      lms.set('cmi.completion_status', passed ? 'completed' : 'incomplete');
    }
    state.finished = passed;
    go(resultIndex);
  }

  function render() {
    main.textContent = '';
    const total = lesson ? pages.length : pages.length + 1;
    if (lesson && state.page >= pages.length) state.page = pages.length - 1;
    if (state.page < quizIndex) {
      const page = pages[state.page];
      const section = el('section', { 'aria-labelledby': 'page-title' }, [
        el('p', {
          class: 'progress',
          text: t.progress.replace('{n}', String(state.page + 1)).replace('{total}', String(total)),
        }),
        el('h1', { id: 'page-title', text: page.heading }),
      ]);
      page.paragraphs.forEach((text) => {
        section.appendChild(el('p', { text: text }));
      });
      if (page.notes) {
        const label = el('label', { for: 'notes', text: t.notesLabel });
        const area = el('textarea', { id: 'notes', rows: '5' });
        area.value = state.notes || '';
        area.addEventListener('change', () => {
          state.notes = area.value;
          save();
        });
        section.appendChild(label);
        section.appendChild(area);
      }
      const buttons = [];
      if (state.page > 0)
        buttons.push(
          button(
            t.back,
            () => {
              go(state.page - 1);
            },
            'back',
          ),
        );
      if (lesson && state.page === pages.length - 1) buttons.push(button(t.complete, completeLesson, 'complete'));
      else
        buttons.push(
          button(
            t.next,
            () => {
              go(state.page + 1);
            },
            'next',
          ),
        );
      section.appendChild(nav(buttons));
      main.appendChild(section);
    } else if (state.page === quizIndex) {
      const form = el('form', { 'aria-labelledby': 'quiz-title' }, [
        el('p', {
          class: 'progress',
          text: t.progress.replace('{n}', String(total)).replace('{total}', String(total)),
        }),
        el('h1', { id: 'quiz-title', text: t.quizHeading }),
      ]);
      t.quiz.forEach((question, index) => {
        const fieldset = el('fieldset', {}, [el('legend', { text: question.question })]);
        question.options.forEach((option, optionIndex) => {
          const id = `q${index}o${optionIndex}`;
          const input = el('input', { type: 'radio', name: `q${index}`, id: id, value: String(optionIndex) });
          if (Number(state.answers[index]) === optionIndex && state.answers[index] !== undefined) input.checked = true;
          input.addEventListener('change', () => {
            state.answers[index] = optionIndex;
            save();
          });
          fieldset.appendChild(el('div', { class: 'option' }, [input, el('label', { for: id, text: option })]));
        });
        form.appendChild(fieldset);
      });
      form.appendChild(
        nav([
          button(
            t.back,
            () => {
              go(state.page - 1);
            },
            'back',
          ),
          button(t.submit, submitQuiz, 'submit-quiz'),
        ]),
      );
      main.appendChild(form);
    } else {
      const score = scoreOf();
      const passed = state.finished;
      const result = el('section', { 'aria-labelledby': 'result-title' }, [
        el('h1', {
          id: 'result-title',
          text: graded ? (passed ? t.passedHeading : t.failedHeading) : t.resultHeading,
        }),
        el('p', { id: 'score', text: t.scoreText.replace('{score}', String(score)) }),
        ...(graded && t.passMarkText
          ? [el('p', { id: 'pass-mark', text: t.passMarkText.replace('{pass}', String(passMark())) })]
          : []),
        el('p', { text: graded ? (passed ? t.passedText : t.failedText) : t.resultText }),
      ]);
      if (!graded) {
        // What each answer should have been: the check is for learning, not for passing.
        t.quiz.forEach((question) => {
          result.appendChild(el('p', { class: 'feedback', text: question.explanation || '' }));
        });
      }
      result.appendChild(
        nav(
          passed
            ? [button(t.finish, finish, 'finish')]
            : [
                button(
                  t.retry,
                  () => {
                    state.answers = {};
                    go(quizIndex);
                  },
                  'retry',
                ),
              ],
        ),
      );
      main.appendChild(result);
    }
    const heading = main.querySelector('h1');
    if (heading) {
      heading.setAttribute('tabindex', '-1');
      heading.focus();
    }
  }

  // Leaving in the middle: a suspended attempt, resumed next time (the LMS commits it on page close).
  window.addEventListener('pagehide', () => {
    if (!state.finished) {
      lms.set(keys.exit, 'suspend');
      lms.set('cmi.suspend_data', JSON.stringify(state));
    }
  });

  if (!connected) {
    main.appendChild(el('p', { role: 'alert', text: t.noLms }));
  }
  render();
})();
