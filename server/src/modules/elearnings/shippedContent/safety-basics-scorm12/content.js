/* Demo course 1 (SCORM 1.2): general safety instruction, German and English. */
window.SCORM_VERSION = '1.2';
window.COURSE = {
  passingPercent: 66,
  texts: {
    de: {
      title: 'Sicher arbeiten – Grundunterweisung',
      progress: 'Seite {n} von {total}',
      back: 'Zurück',
      next: 'Weiter',
      submit: 'Antworten prüfen',
      finish: 'Kurs abschließen',
      retry: 'Quiz wiederholen',
      notesLabel: 'Ihre Notizen (werden mit Ihrem Fortschritt gespeichert)',
      quizHeading: 'Kurzes Quiz',
      passedHeading: 'Bestanden',
      failedHeading: 'Noch nicht bestanden',
      scoreText: 'Ihr Ergebnis: {score} %',
      passMarkText: 'Bestanden ab {pass} %',
      passedText:
        'Sie haben die Unterweisung erfolgreich abgeschlossen. Mit „Kurs abschließen“ erhalten Sie Ihre Teilnahmebescheinigung.',
      failedText: 'Sie brauchen mindestens zwei richtige Antworten. Versuchen Sie es noch einmal.',
      noLms: 'Der Kurs läuft ohne Lernplattform: Ihr Fortschritt wird nicht gespeichert.',
      pages: [
        {
          heading: 'Willkommen zur Sicherheitsunterweisung',
          paragraphs: [
            'Diese Unterweisung nach § 12 Arbeitsschutzgesetz dauert etwa zehn Minuten.',
            'Sie lernen die wichtigsten Regeln für ein sicheres Arbeiten kennen und beantworten am Ende drei Fragen.',
          ],
        },
        {
          heading: 'Gefahren erkennen',
          paragraphs: [
            'Stolperstellen, ungesicherte Lasten und defekte Geräte sind die häufigsten Unfallursachen.',
            'Melden Sie Mängel sofort Ihrer Führungskraft oder der Fachkraft für Arbeitssicherheit.',
          ],
          notes: true,
        },
        {
          heading: 'Verhalten bei Unfällen',
          paragraphs: [
            'Sichern Sie die Unfallstelle, leisten Sie Erste Hilfe und setzen Sie den Notruf 112 ab.',
            'Jeder Unfall wird im Verbandbuch dokumentiert, auch wenn er klein erscheint.',
          ],
        },
      ],
      quiz: [
        {
          question: 'Wen informieren Sie über einen defekten Stecker?',
          options: ['Niemanden', 'Meine Führungskraft', 'Den Kundendienst'],
          correct: 1,
        },
        { question: 'Welche Nummer wählen Sie im Notfall?', options: ['110', '112', '115'], correct: 1 },
        {
          question: 'Wo wird auch ein kleiner Unfall dokumentiert?',
          options: ['Im Verbandbuch', 'Gar nicht', 'Im Kalender'],
          correct: 0,
        },
      ],
    },
    en: {
      title: 'Working safely – basic instruction',
      progress: 'Page {n} of {total}',
      back: 'Back',
      next: 'Next',
      submit: 'Check answers',
      finish: 'Finish course',
      retry: 'Retake quiz',
      notesLabel: 'Your notes (saved with your progress)',
      quizHeading: 'Short quiz',
      passedHeading: 'Passed',
      failedHeading: 'Not passed yet',
      scoreText: 'Your score: {score} %',
      passMarkText: 'Pass mark: {pass} %',
      passedText:
        'You have completed the instruction. Choose "Finish course" to receive your certificate of participation.',
      failedText: 'You need at least two correct answers. Please try again.',
      noLms: 'The course runs without a learning platform: your progress is not saved.',
      pages: [
        {
          heading: 'Welcome to the safety instruction',
          paragraphs: [
            'This instruction under § 12 of the German Occupational Safety Act takes about ten minutes.',
            'You will learn the most important rules for working safely and answer three questions at the end.',
          ],
        },
        {
          heading: 'Spotting hazards',
          paragraphs: [
            'Trip hazards, unsecured loads and faulty equipment are the most common causes of accidents.',
            'Report defects straight away to your manager or the occupational safety specialist.',
          ],
          notes: true,
        },
        {
          heading: 'What to do after an accident',
          paragraphs: [
            'Secure the scene, give first aid and call the emergency number 112.',
            'Every accident is recorded in the first-aid log, however minor it seems.',
          ],
        },
      ],
      quiz: [
        {
          question: 'Whom do you tell about a faulty plug?',
          options: ['Nobody', 'My manager', 'Customer service'],
          correct: 1,
        },
        { question: 'Which number do you call in an emergency?', options: ['110', '112', '115'], correct: 1 },
        {
          question: 'Where is even a minor accident recorded?',
          options: ['In the first-aid log', 'Nowhere', 'In the calendar'],
          correct: 0,
        },
      ],
    },
  },
};
