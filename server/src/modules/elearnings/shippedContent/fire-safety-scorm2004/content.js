/* Demo course 2 (SCORM 2004 4th edition): fire safety, German and English. */
window.SCORM_VERSION = '2004';
window.COURSE = {
  passingPercent: 66,
  texts: {
    de: {
      title: 'Brandschutz im Betrieb',
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
        'Sie haben die Brandschutzunterweisung erfolgreich abgeschlossen. Mit „Kurs abschließen“ erhalten Sie Ihre Teilnahmebescheinigung.',
      failedText: 'Sie brauchen mindestens zwei richtige Antworten. Versuchen Sie es noch einmal.',
      noLms: 'Der Kurs läuft ohne Lernplattform: Ihr Fortschritt wird nicht gespeichert.',
      pages: [
        {
          heading: 'Brände verhüten',
          paragraphs: [
            'Die meisten Brände im Betrieb entstehen durch defekte Elektrogeräte, Rauchen und Unachtsamkeit.',
            'Halten Sie Fluchtwege und Brandschutztüren stets frei.',
          ],
        },
        {
          heading: 'Richtig handeln im Brandfall',
          paragraphs: [
            'Ruhe bewahren, Brand melden (Notruf 112), in Sicherheit bringen, Löschversuch unternehmen.',
            'Benutzen Sie im Brandfall keine Aufzüge und gehen Sie zum Sammelplatz.',
          ],
          notes: true,
        },
        {
          heading: 'Feuerlöscher einsetzen',
          paragraphs: [
            'Löschen Sie mit dem Wind, von vorn nach hinten und von unten nach oben.',
            'Setzen Sie mehrere Löscher gleichzeitig statt nacheinander ein.',
          ],
        },
      ],
      quiz: [
        {
          question: 'Was tun Sie zuerst, wenn es brennt?',
          options: ['Ruhe bewahren und den Brand melden', 'Aufzug benutzen', 'Sachen packen'],
          correct: 0,
        },
        {
          question: 'Wie setzen Sie einen Feuerlöscher ein?',
          options: ['Gegen den Wind', 'Mit dem Wind, von vorn nach hinten', 'Von oben nach unten'],
          correct: 1,
        },
        {
          question: 'Dürfen Brandschutztüren verkeilt werden?',
          options: ['Ja, im Sommer', 'Nur nachts', 'Nein, niemals'],
          correct: 2,
        },
      ],
    },
    en: {
      title: 'Fire safety at work',
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
        'You have completed the fire safety instruction. Choose "Finish course" to receive your certificate of participation.',
      failedText: 'You need at least two correct answers. Please try again.',
      noLms: 'The course runs without a learning platform: your progress is not saved.',
      pages: [
        {
          heading: 'Preventing fires',
          paragraphs: [
            'Most fires at work are caused by faulty electrical equipment, smoking and carelessness.',
            'Always keep escape routes and fire doors clear.',
          ],
        },
        {
          heading: 'What to do in a fire',
          paragraphs: [
            'Stay calm, raise the alarm (call 112), get to safety, then try to put the fire out.',
            'Never use lifts in a fire; go to the assembly point.',
          ],
          notes: true,
        },
        {
          heading: 'Using a fire extinguisher',
          paragraphs: [
            'Fight the fire with the wind behind you, from front to back and from bottom to top.',
            'Use several extinguishers at the same time rather than one after another.',
          ],
        },
      ],
      quiz: [
        {
          question: 'What do you do first when there is a fire?',
          options: ['Stay calm and raise the alarm', 'Take the lift', 'Pack my things'],
          correct: 0,
        },
        {
          question: 'How do you use a fire extinguisher?',
          options: ['Against the wind', 'With the wind, front to back', 'From top to bottom'],
          correct: 1,
        },
        {
          question: 'May fire doors be wedged open?',
          options: ['Yes, in summer', 'Only at night', 'No, never'],
          correct: 2,
        },
      ],
    },
  },
};
