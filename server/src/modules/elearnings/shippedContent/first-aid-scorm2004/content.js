/*
 * Demo course 3 (SCORM 2004 4th edition, sequenced): first aid at work, German and English. One file for the five
 * SCOs of the manifest; the item's parameters (?part=…) choose the part: an entry check, three modules, the final test.
 * Sources: DGUV Vorschrift 1 §§ 24-28, DGUV Information 204-022 "Erste Hilfe im Betrieb", ERC guidelines.
 */
window.SCORM_VERSION = '2004';
(() => {
  const ui = {
    de: {
      progress: 'Seite {n} von {total}',
      back: 'Zurück',
      next: 'Weiter',
      complete: 'Modul abschließen',
      submit: 'Antworten prüfen',
      retry: 'Test wiederholen',
      notesLabel: 'Ihre Notizen (werden mit Ihrem Fortschritt gespeichert)',
      passedHeading: 'Bestanden',
      failedHeading: 'Noch nicht bestanden',
      resultHeading: 'Auswertung',
      scoreText: 'Ihr Ergebnis: {score} %',
      passMarkText: 'Bestanden ab {pass} %',
      noLms: 'Der Kurs läuft ohne Lernplattform: Ihr Fortschritt wird nicht gespeichert.',
    },
    en: {
      progress: 'Page {n} of {total}',
      back: 'Back',
      next: 'Next',
      complete: 'Complete module',
      submit: 'Check answers',
      retry: 'Retake test',
      notesLabel: 'Your notes (saved with your progress)',
      passedHeading: 'Passed',
      failedHeading: 'Not passed yet',
      resultHeading: 'Your results',
      scoreText: 'Your score: {score} %',
      passMarkText: 'Pass mark: {pass} %',
      noLms: 'The course runs without a learning platform: your progress is not saved.',
    },
  };

  const parts = {
    entry: {
      graded: false,
      de: {
        title: 'Eingangscheck: Was wissen Sie schon?',
        finish: 'Weiter zu den Lernmodulen',
        quizHeading: 'Eingangscheck: Was wissen Sie schon?',
        resultText:
          'Der Eingangscheck wird nicht bewertet. Die Lernmodule erklären alles, was Sie für den Abschlusstest brauchen:',
        pages: [],
        quiz: [
          {
            question: 'Unter welcher Nummer erreichen Sie in Deutschland Rettungsdienst und Feuerwehr?',
            options: ['110', '112', '116 117'],
            correct: 1,
            explanation:
              '112 ist der Notruf für Rettungsdienst und Feuerwehr, in ganz Europa. 110 ist die Polizei, 116 117 der ärztliche Bereitschaftsdienst.',
          },
          {
            question: 'Was tun Sie an einem Unfallort als Erstes?',
            options: [
              'Die verletzte Person sofort hinlegen',
              'Auf die eigene Sicherheit achten und die Unfallstelle absichern',
              'Die Personalien von Zeugen aufnehmen',
            ],
            correct: 1,
            explanation:
              'Eigenschutz geht vor: erst die Gefahr erkennen und die Unfallstelle absichern (Maschine abschalten, Strom trennen), dann helfen.',
          },
          {
            question: 'Muss auch ein Pflaster auf einer kleinen Schnittwunde dokumentiert werden?',
            options: [
              'Nein, nur Unfälle mit Arztbesuch',
              'Ja, jede Erste-Hilfe-Leistung',
              'Nur auf Wunsch der verletzten Person',
            ],
            correct: 1,
            explanation:
              'Jede Erste-Hilfe-Leistung wird im Verbandbuch oder Meldeblock eingetragen: Sie belegt den Arbeitsunfall, falls später Folgen auftreten.',
          },
        ],
      },
      en: {
        title: 'Entry check: what do you know already?',
        finish: 'Continue to the modules',
        quizHeading: 'Entry check: what do you know already?',
        resultText: 'The entry check is not marked. The modules cover everything you need for the final test:',
        pages: [],
        quiz: [
          {
            question: 'Which number reaches the ambulance service and the fire brigade in Germany?',
            options: ['110', '112', '116 117'],
            correct: 1,
            explanation:
              '112 is the emergency number for the ambulance service and the fire brigade throughout Europe. 110 is the police, 116 117 the out-of-hours GP service.',
          },
          {
            question: 'What do you do first at the scene of an accident?',
            options: [
              'Lay the injured person down straight away',
              'Look after your own safety and make the scene safe',
              'Take the names of witnesses',
            ],
            correct: 1,
            explanation:
              'Your own safety comes first: recognise the danger and make the scene safe (stop the machine, isolate the power), then help.',
          },
          {
            question: 'Does a plaster on a small cut have to be recorded?',
            options: [
              'No, only accidents that need a doctor',
              'Yes, every first-aid treatment',
              'Only if the injured person asks',
            ],
            correct: 1,
            explanation:
              'Every first-aid treatment is recorded in the accident book (Verbandbuch or Meldeblock): it proves the accident at work should complications follow later.',
          },
        ],
      },
    },
    emergency: {
      de: {
        title: 'Modul 1: Notfall erkennen, Notruf absetzen',
        pages: [
          {
            heading: 'Die Rettungskette',
            paragraphs: [
              'Erste Hilfe beginnt mit den Sofortmaßnahmen: Unfallstelle absichern, die Person aus der Gefahrenzone retten, lebensrettende Maßnahmen. Es folgen Notruf, weitere Erste Hilfe, Rettungsdienst und Krankenhaus.',
              'Achten Sie immer zuerst auf Ihre eigene Sicherheit: Maschine abschalten, Strom trennen, bei Gasgeruch oder Rauch den Bereich nicht betreten. Ziehen Sie Einmalhandschuhe aus dem Verbandkasten an.',
            ],
          },
          {
            heading: 'Notruf 112',
            paragraphs: [
              'Wählen Sie 112, von jedem Telefon ohne Vorwahl. Gibt es im Betrieb eine interne Notrufnummer oder eine Leitstelle, steht sie auf dem Aushang zur Ersten Hilfe.',
              'Wo ist der Notfallort (Adresse, Gebäude, Halle, Tor)? Was ist geschehen? Wie viele Verletzte oder Erkrankte? Welche Verletzungen oder Krankheitszeichen? Warten Sie auf Rückfragen, die Leitstelle beendet das Gespräch.',
              'Schicken Sie jemanden zur Einfahrt, der den Rettungsdienst zum Notfallort einweist, und verständigen Sie die Ersthelferin oder den Ersthelfer Ihres Bereichs.',
            ],
          },
          {
            heading: 'Betreuen bis der Rettungsdienst kommt',
            paragraphs: [
              'Bleiben Sie bei der betroffenen Person, sprechen Sie mit ihr und erklären Sie, was Sie tun. Schützen Sie sie vor Kälte und Nässe, zum Beispiel mit der Rettungsdecke.',
              'Geben Sie nichts zu essen oder zu trinken und keine Medikamente. Prüfen Sie immer wieder Bewusstsein und Atmung.',
            ],
          },
        ],
      },
      en: {
        title: 'Module 1: Recognising an emergency, calling for help',
        pages: [
          {
            heading: 'The chain of survival',
            paragraphs: [
              'First aid starts with the immediate measures: make the scene safe, move the person out of danger, life-saving measures. Then come the emergency call, further first aid, the ambulance service and the hospital.',
              'Always look after your own safety first: stop the machine, isolate the power, do not enter an area with a smell of gas or smoke. Put on the disposable gloves from the first-aid box.',
            ],
          },
          {
            heading: 'Emergency number 112',
            paragraphs: [
              'Dial 112 from any phone, without an area code. If the site has an internal emergency number or control room, it is on the first-aid notice.',
              'Where is the emergency (address, building, hall, gate)? What has happened? How many people are injured or ill? What injuries or symptoms? Wait for questions: the control room ends the call.',
              'Send someone to the entrance to guide the ambulance to the scene, and call the first aider for your area.',
            ],
          },
          {
            heading: 'Looking after the casualty until help arrives',
            paragraphs: [
              'Stay with the casualty, talk to them and explain what you are doing. Protect them from cold and wet, for example with the foil blanket.',
              'Give nothing to eat or drink and no medicines. Keep checking whether they are responsive and breathing.',
            ],
          },
        ],
      },
    },
    lifesaving: {
      de: {
        title: 'Modul 2: Lebensrettende Maßnahmen',
        pages: [
          {
            heading: 'Bewusstsein und Atmung prüfen',
            paragraphs: [
              'Sprechen Sie die Person laut an und fassen Sie sie an den Schultern an. Reagiert sie nicht, rufen Sie laut um Hilfe.',
              'Machen Sie die Atemwege frei: Kopf vorsichtig nach hinten neigen, Kinn anheben. Prüfen Sie höchstens 10 Sekunden lang, ob die Person normal atmet: sehen, hören, fühlen. Vereinzelte Schnappatmung ist keine normale Atmung.',
            ],
          },
          {
            heading: 'Bewusstlos, normale Atmung: stabile Seitenlage',
            paragraphs: [
              'Bringen Sie die Person in die stabile Seitenlage: Der Kopf ist leicht nach hinten geneigt, der Mund ist der tiefste Punkt, damit Erbrochenes und Blut abfließen können.',
              'Setzen Sie den Notruf 112 ab, falls noch nicht geschehen, decken Sie die Person zu und kontrollieren Sie die Atmung ständig. Hört sie auf, normal zu atmen: sofort Wiederbelebung.',
            ],
          },
          {
            heading: 'Keine normale Atmung: Wiederbelebung',
            paragraphs: [
              'Notruf 112 absetzen und einen Defibrillator (AED) holen lassen. Beginnen Sie sofort mit der Herzdruckmassage: Handballen auf die Mitte des Brustkorbs, 5 bis 6 cm tief drücken, 100 bis 120 Mal pro Minute.',
              'Nach 30 Kompressionen 2 Beatmungen; wenn Sie nicht beatmen können oder wollen, drücken Sie ohne Pause weiter. Hören Sie erst auf, wenn der Rettungsdienst übernimmt oder die Person wieder normal atmet.',
            ],
          },
          {
            heading: 'Der AED',
            paragraphs: [
              'Ein automatisierter externer Defibrillator (AED) darf von jedem benutzt werden. Einschalten und den Sprachanweisungen folgen: Oberkörper frei machen, die Elektroden aufkleben wie abgebildet.',
              'Während der Analyse und der Schockabgabe berührt niemand die Person. Danach sofort mit der Herzdruckmassage weitermachen. Wo der nächste AED hängt, steht auf dem Aushang zur Ersten Hilfe.',
            ],
          },
        ],
      },
      en: {
        title: 'Module 2: Life-saving measures',
        pages: [
          {
            heading: 'Checking response and breathing',
            paragraphs: [
              'Speak loudly to the person and gently shake their shoulders. If there is no response, shout for help.',
              'Open the airway: tilt the head back gently and lift the chin. Check for no more than 10 seconds whether they are breathing normally: look, listen, feel. Occasional gasps are not normal breathing.',
            ],
          },
          {
            heading: 'Unresponsive, breathing normally: recovery position',
            paragraphs: [
              'Put the person in the recovery position: the head tilted slightly back, the mouth the lowest point, so that vomit and blood can drain.',
              'Call 112 if nobody has yet, cover the person and keep checking their breathing. If they stop breathing normally, start resuscitation at once.',
            ],
          },
          {
            heading: 'Not breathing normally: resuscitation',
            paragraphs: [
              'Call 112 and send someone for a defibrillator (AED). Start chest compressions at once: the heel of your hand in the centre of the chest, press down 5 to 6 cm, 100 to 120 times a minute.',
              'After 30 compressions give 2 rescue breaths; if you cannot or will not give breaths, carry on with compressions without a break. Only stop when the ambulance crew takes over or the person starts breathing normally.',
            ],
          },
          {
            heading: 'The AED',
            paragraphs: [
              'Anyone may use an automated external defibrillator (AED). Switch it on and follow the spoken instructions: bare the chest and attach the pads as shown.',
              'Nobody touches the person while the AED analyses and delivers a shock. Then continue chest compressions straight away. The first-aid notice shows where the nearest AED is.',
            ],
          },
        ],
      },
    },
    organisation: {
      de: {
        title: 'Modul 3: Erste Hilfe im Betrieb',
        pages: [
          {
            heading: 'Ersthelferinnen und Ersthelfer',
            paragraphs: [
              'Die Unternehmerin oder der Unternehmer sorgt für eine wirksame Erste Hilfe (DGUV Vorschrift 1, §§ 24 bis 26). Bei 2 bis 20 anwesenden Versicherten ist mindestens eine Ersthelferin oder ein Ersthelfer da.',
              'Bei mehr als 20 anwesenden Versicherten sind es in Verwaltungs- und Handelsbetrieben 5 %, in sonstigen Betrieben (zum Beispiel Produktion und Logistik) 10 %, in jeder Schicht. Ersthelfer werden bei einer ermächtigten Stelle in 9 Unterrichtseinheiten ausgebildet und alle zwei Jahre fortgebildet.',
            ],
          },
          {
            heading: 'Verbandkasten, Aushang, AED',
            paragraphs: [
              'Verbandkästen (DIN 13157 oder DIN 13169) hängen gut erreichbar und sind gekennzeichnet. Verbrauchtes Material wird sofort ersetzt.',
              'Der Aushang zur Ersten Hilfe nennt die Notrufnummern, die Ersthelferinnen und Ersthelfer, den Standort von Verbandkasten und AED und den nächsten Durchgangsarzt (D-Arzt).',
              'Notieren Sie hier: Wer ist Ersthelferin oder Ersthelfer in Ihrem Bereich? Wo hängen der nächste Verbandkasten und der nächste AED?',
            ],
            notes: true,
          },
          {
            heading: 'Melden und dokumentieren',
            paragraphs: [
              'Melden Sie jeden Unfall sofort Ihrer oder Ihrem Vorgesetzten (DGUV Vorschrift 1, § 28). Jede Erste-Hilfe-Leistung wird dokumentiert, auch ein Pflaster: im Verbandbuch oder Meldeblock mit Datum, Uhrzeit, Ort, Hergang, Art der Verletzung, Maßnahmen, Zeugen und den Namen der verletzten und der helfenden Person.',
              'Die Aufzeichnungen werden fünf Jahre aufbewahrt und vertraulich behandelt. Sie belegen den Arbeitsunfall, wenn sich eine kleine Verletzung später entzündet.',
              'Nach einem Arbeitsunfall geht es zum Durchgangsarzt, wenn die Arbeitsunfähigkeit über den Unfalltag hinaus dauert oder die Behandlung voraussichtlich länger als eine Woche. Bei mehr als drei Tagen Arbeitsunfähigkeit erstattet der Betrieb die Unfallanzeige an die Berufsgenossenschaft.',
            ],
          },
        ],
      },
      en: {
        title: 'Module 3: First aid at our workplace',
        pages: [
          {
            heading: 'First aiders',
            paragraphs: [
              'The employer makes sure that effective first aid is available (DGUV Regulation 1, sections 24 to 26). With 2 to 20 insured persons present there is at least one first aider.',
              'With more than 20 present it is 5 % in offices and shops and 10 % in other workplaces (production and logistics, for example), on every shift. First aiders are trained by an approved body in 9 teaching units and refreshed every two years.',
            ],
          },
          {
            heading: 'First-aid box, notice, AED',
            paragraphs: [
              'First-aid boxes (DIN 13157 or DIN 13169) hang within easy reach and are signposted. Anything used is replaced straight away.',
              'The first-aid notice lists the emergency numbers, the first aiders, where the first-aid box and the AED are, and the nearest accident insurance consultant (D-Arzt).',
              'Make a note here: who is the first aider in your area? Where are the nearest first-aid box and the nearest AED?',
            ],
            notes: true,
          },
          {
            heading: 'Reporting and recording',
            paragraphs: [
              'Report every accident to your manager straight away (DGUV Regulation 1, section 28). Every first-aid treatment is recorded, even a plaster: in the accident book (Verbandbuch or Meldeblock) with date, time, place, what happened, the injury, the treatment given, witnesses and the names of the injured person and the first aider.',
              'The records are kept for five years and treated as confidential. They prove the accident at work if a small injury becomes infected later.',
              'After an accident at work, see the accident insurance consultant (D-Arzt) if you are unfit for work beyond the day of the accident or treatment is likely to take more than a week. If you are unfit for work for more than three days, the company reports the accident to the statutory accident insurer (Berufsgenossenschaft).',
            ],
          },
        ],
      },
    },
    final: {
      passingPercent: 80,
      de: {
        title: 'Abschlusstest Erste Hilfe',
        finish: 'Kurs abschließen',
        quizHeading: 'Abschlusstest Erste Hilfe',
        passedText:
          'Sie haben die Unterweisung zur Ersten Hilfe erfolgreich abgeschlossen. Mit „Kurs abschließen“ erhalten Sie Ihre Teilnahmebescheinigung.',
        failedText:
          'Sie brauchen mindestens vier richtige Antworten. Sehen Sie sich die Module noch einmal an oder versuchen Sie es erneut.',
        pages: [],
        quiz: [
          {
            question: 'Eine Kollegin ist bewusstlos und atmet normal. Was tun Sie?',
            options: [
              'Auf den Rücken legen und die Beine hochlagern',
              'Stabile Seitenlage, Notruf 112, die Atmung ständig kontrollieren',
              'Ihr etwas zu trinken geben',
            ],
            correct: 1,
          },
          {
            question: 'Ein Kollege reagiert nicht und atmet nicht normal. Was tun Sie?',
            options: [
              'Abwarten, bis der Ersthelfer kommt',
              'Stabile Seitenlage und Atmung kontrollieren',
              'Notruf 112, AED holen lassen, sofort Herzdruckmassage: 30 Mal drücken, 2 Mal beatmen',
            ],
            correct: 2,
          },
          {
            question: 'Wer darf einen AED benutzen?',
            options: [
              'Jeder: einschalten und den Sprachanweisungen folgen',
              'Nur Ärztinnen und Ärzte',
              'Nur ausgebildete Ersthelferinnen und Ersthelfer',
            ],
            correct: 0,
          },
          {
            question:
              'In einer Produktionshalle arbeiten pro Schicht 60 Beschäftigte. Wie viele Ersthelfer müssen mindestens anwesend sein?',
            options: ['1', '3', '6'],
            correct: 2,
          },
          {
            question: 'Sie haben eine kleine Schnittwunde mit einem Pflaster versorgt. Was gilt?',
            options: [
              'Nichts weiter, es war ja kein Arztbesuch nötig',
              'Im Verbandbuch oder Meldeblock eintragen; die Aufzeichnung wird fünf Jahre aufbewahrt',
              'Sofort eine Unfallanzeige an die Berufsgenossenschaft schicken',
            ],
            correct: 1,
          },
        ],
      },
      en: {
        title: 'First aid final test',
        finish: 'Finish course',
        quizHeading: 'First aid final test',
        passedText:
          'You have completed the first aid instruction. Choose "Finish course" to receive your certificate of participation.',
        failedText: 'You need at least four correct answers. Look at the modules again or try once more.',
        pages: [],
        quiz: [
          {
            question: 'A colleague is unresponsive and breathing normally. What do you do?',
            options: [
              'Lay her on her back and raise her legs',
              'Recovery position, call 112, keep checking her breathing',
              'Give her something to drink',
            ],
            correct: 1,
          },
          {
            question: 'A colleague is unresponsive and not breathing normally. What do you do?',
            options: [
              'Wait for the first aider',
              'Recovery position and check his breathing',
              'Call 112, send for an AED, start chest compressions at once: 30 compressions, 2 rescue breaths',
            ],
            correct: 2,
          },
          {
            question: 'Who may use an AED?',
            options: [
              'Anyone: switch it on and follow the spoken instructions',
              'Only doctors',
              'Only trained first aiders',
            ],
            correct: 0,
          },
          {
            question:
              'A production hall has 60 employees on each shift. How many first aiders must be present at least?',
            options: ['1', '3', '6'],
            correct: 2,
          },
          {
            question: 'You have put a plaster on a small cut. What applies?',
            options: [
              'Nothing else, no doctor was needed',
              'Record it in the accident book (Verbandbuch or Meldeblock); the record is kept for five years',
              'Send an accident report to the Berufsgenossenschaft straight away',
            ],
            correct: 1,
          },
        ],
      },
    },
  };

  const match = /[?&]part=([a-z]+)/.exec(window.location.search);
  const part = parts[match ? match[1] : 'entry'] || parts.entry;
  window.COURSE = {
    sequenced: true,
    graded: part.graded !== false,
    passingPercent: part.passingPercent || 0,
    texts: {
      de: Object.assign({}, ui.de, part.de),
      en: Object.assign({}, ui.en, part.en),
    },
  };
})();
