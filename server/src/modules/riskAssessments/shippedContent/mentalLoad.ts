import { question, SURVEY_SCALE, type TypeContent, text } from './model';

const EMPLOYER: readonly [string, string] = ['Arbeitgeber / Führungskraft', 'Employer / line manager'];
const UNIT: readonly [string, string] = ['Beschäftigte der Organisationseinheit', 'Staff of the org unit'];

/**
 * Mental load (GDA guidance "Berücksichtigung psychischer Belastung in der Gefährdungsbeurteilung"): an anonymous
 * staff survey evaluated per unit, by the five GDA areas. Every statement is worded so that agreement means no load.
 */
export const MENTAL_LOAD: TypeContent = {
  identifier: 'mental-load',
  kind: 'survey',
  position: 3,
  title: text('Psychische Belastung', 'Mental load'),
  description: text(
    'Anonyme Befragung der Beschäftigten nach den Merkmalsbereichen der GDA. Ergebnisse werden nur je Einheit und erst ab 6 abgeschlossenen Analysen ausgewertet.',
    'Anonymous staff survey by the GDA areas. Results are shown per unit only, and only from 6 completed analyses on.',
  ),
  scale: SURVEY_SCALE,
  groups: [
    {
      key: 'work-content',
      title: text('Arbeitsinhalt / Arbeitsaufgabe', 'Work content and task'),
      questions: [
        question(
          'content-completeness',
          'mental-load',
          [
            'Meine Arbeit ist vollständig: Ich plane, führe aus und kontrolliere das Ergebnis selbst.',
            'My work is complete: I plan it, carry it out and check the result myself.',
          ],
          ['Unvollständige Tätigkeit', 'Incomplete tasks'],
          EMPLOYER,
          UNIT,
          [
            [
              'organisational',
              'Aufgaben so zuschneiden, dass Planung und Kontrolle dazugehören',
              'Design tasks to include planning and checking',
            ],
          ],
        ),
        question(
          'content-latitude',
          'mental-load',
          [
            'Ich kann Reihenfolge und Vorgehen meiner Arbeit selbst bestimmen.',
            'I can decide on the order and method of my work myself.',
          ],
          ['Geringer Handlungsspielraum', 'Little job control'],
          EMPLOYER,
          UNIT,
          [['organisational', 'Handlungs- und Entscheidungsspielräume erweitern', 'Widen decision latitude']],
        ),
        question(
          'content-qualification',
          'mental-load',
          [
            'Meine Qualifikation passt zu den Anforderungen meiner Arbeit.',
            'My qualifications match the demands of my work.',
          ],
          ['Über- oder Unterforderung', 'Being over- or under-challenged'],
          EMPLOYER,
          UNIT,
          [
            [
              'organisational',
              'Aufgaben passend zur Qualifikation verteilen',
              'Allocate tasks to match qualifications',
            ],
            ['personal', 'Weiterbildung anbieten', 'Offer further training'],
          ],
        ),
        question(
          'content-emotional',
          'mental-load',
          [
            'Ich muss bei der Arbeit selten Gefühle unterdrücken oder mit belastenden Situationen umgehen.',
            'At work I seldom have to suppress feelings or deal with distressing situations.',
          ],
          ['Emotionale Inanspruchnahme', 'Emotional demands'],
          ['Kunden-, Patienten- und Bürgerkontakt', 'Contact with customers, patients and the public'],
          UNIT,
          [
            ['organisational', 'Fallbesprechungen oder Supervision einrichten', 'Set up case reviews or supervision'],
            ['personal', 'Training im Umgang mit schwierigen Situationen', 'Training in handling difficult situations'],
          ],
        ),
      ],
    },
    {
      key: 'work-organisation',
      title: text('Arbeitsorganisation', 'Work organisation'),
      questions: [
        question(
          'organisation-time',
          'mental-load',
          [
            'Ich kann meine Arbeit in der vorgesehenen Zeit ohne ständigen Zeitdruck erledigen.',
            'I can do my work in the time allowed without constant time pressure.',
          ],
          ['Zeitdruck, hohe Arbeitsintensität', 'Time pressure, high work intensity'],
          EMPLOYER,
          UNIT,
          [['organisational', 'Personalbemessung und Prioritäten prüfen', 'Review staffing levels and priorities']],
        ),
        question(
          'organisation-interruptions',
          'mental-load',
          [
            'Ich kann ungestört arbeiten und werde selten unterbrochen.',
            'I can work undisturbed and am seldom interrupted.',
          ],
          ['Arbeitsunterbrechungen', 'Interruptions'],
          EMPLOYER,
          UNIT,
          [
            [
              'organisational',
              'Störungsfreie Zeiten und Vertretungen regeln',
              'Arrange interruption-free times and cover',
            ],
            ['technical', 'Rückzugsräume für konzentriertes Arbeiten', 'Quiet rooms for concentrated work'],
          ],
        ),
        question(
          'organisation-hours',
          'mental-load',
          [
            'Meine Arbeitszeiten sind planbar, und Pausen kann ich regelmäßig nehmen.',
            'My working hours are predictable and I can take breaks regularly.',
          ],
          ['Ungünstige Arbeitszeit, fehlende Pausen', 'Unfavourable working hours, missed breaks'],
          EMPLOYER,
          UNIT,
          [
            [
              'organisational',
              'Dienstpläne frühzeitig festlegen, Pausen sicherstellen',
              'Publish rosters early, make sure breaks are taken',
            ],
          ],
        ),
        question(
          'organisation-information',
          'mental-load',
          [
            'Ich erhalte alle Informationen, die ich für meine Arbeit brauche, rechtzeitig.',
            'I receive all the information I need for my work in good time.',
          ],
          ['Informationsmangel', 'Lack of information'],
          EMPLOYER,
          UNIT,
          [
            [
              'organisational',
              'Regelmäßige Teambesprechungen und klare Informationswege',
              'Regular team meetings and clear information channels',
            ],
          ],
        ),
      ],
    },
    {
      key: 'social-relations',
      title: text('Soziale Beziehungen', 'Social relations'),
      questions: [
        question(
          'social-colleagues',
          'mental-load',
          [
            'Ich kann mich bei Schwierigkeiten auf die Unterstützung meiner Kolleginnen und Kollegen verlassen.',
            'I can rely on my colleagues for support when things get difficult.',
          ],
          ['Fehlende soziale Unterstützung', 'Lack of social support'],
          UNIT,
          UNIT,
          [
            [
              'organisational',
              'Teamentwicklung und feste Ansprechpartner fördern',
              'Foster team development and fixed points of contact',
            ],
          ],
        ),
        question(
          'social-leadership',
          'mental-load',
          [
            'Meine Führungskraft gibt mir regelmäßig Rückmeldung und erkennt gute Arbeit an.',
            'My line manager gives me regular feedback and recognises good work.',
          ],
          ['Fehlende Rückmeldung und Anerkennung', 'Lack of feedback and recognition'],
          EMPLOYER,
          UNIT,
          [
            [
              'personal',
              'Führungskräfte in gesundheitsgerechter Führung schulen',
              'Train managers in healthy leadership',
            ],
          ],
        ),
        question(
          'social-conflicts',
          'mental-load',
          ['Konflikte im Team werden offen und fair geklärt.', 'Conflicts in the team are resolved openly and fairly.'],
          ['Konflikte, Mobbing', 'Conflict, bullying'],
          EMPLOYER,
          UNIT,
          [
            [
              'organisational',
              'Konfliktanlaufstelle benennen, Betriebsvereinbarung Partnerschaftliches Verhalten',
              'Name a conflict contact, agree a dignity-at-work policy',
            ],
          ],
        ),
      ],
    },
    {
      key: 'work-environment',
      title: text('Arbeitsumgebung', 'Work environment'),
      questions: [
        question(
          'environment-physical',
          'mental-load',
          [
            'Lärm, Beleuchtung und Raumklima an meinem Arbeitsplatz stören mich nicht.',
            'Noise, lighting and indoor climate at my workplace do not bother me.',
          ],
          ['Belastende Umgebungsbedingungen', 'Stressful environmental conditions'],
          ['Räume und Gebäudetechnik', 'Rooms and building services'],
          UNIT,
          [['technical', 'Akustik, Beleuchtung und Klima verbessern', 'Improve acoustics, lighting and climate']],
        ),
        question(
          'environment-tools',
          'mental-load',
          [
            'Arbeitsmittel und Software funktionieren zuverlässig und unterstützen meine Arbeit.',
            'Work equipment and software work reliably and support my work.',
          ],
          ['Unzureichende Arbeitsmittel', 'Inadequate work equipment'],
          ['IT und Beschaffung', 'IT and purchasing'],
          UNIT,
          [
            [
              'technical',
              'Arbeitsmittel ersetzen oder anpassen, Beschäftigte bei der Auswahl beteiligen',
              'Replace or adapt equipment, involve staff in its choice',
            ],
          ],
        ),
        question(
          'environment-space',
          'mental-load',
          [
            'Ich habe ausreichend Platz und kann mich zum konzentrierten Arbeiten zurückziehen.',
            'I have enough space and can withdraw for concentrated work.',
          ],
          ['Beengte Arbeitsverhältnisse', 'Cramped working conditions'],
          ['Raumplanung', 'Space planning'],
          UNIT,
          [
            [
              'organisational',
              'Raumkonzept mit Ruhe- und Besprechungszonen',
              'Space plan with quiet and meeting zones',
            ],
          ],
        ),
      ],
    },
    {
      key: 'new-forms-of-work',
      title: text('Neue Arbeitsformen', 'New forms of work'),
      questions: [
        question(
          'new-availability',
          'mental-load',
          [
            'Außerhalb meiner Arbeitszeit werde ich nicht dienstlich kontaktiert.',
            'I am not contacted about work outside my working hours.',
          ],
          ['Ständige Erreichbarkeit', 'Being constantly available'],
          EMPLOYER,
          UNIT,
          [['organisational', 'Regeln zur Erreichbarkeit vereinbaren', 'Agree rules on availability']],
        ),
        question(
          'new-mobility',
          'mental-load',
          [
            'Dienstreisen und wechselnde Einsatzorte belasten mich nicht übermäßig.',
            'Business travel and changing places of work do not put me under excessive strain.',
          ],
          ['Mobilitätsanforderungen', 'Mobility demands'],
          EMPLOYER,
          UNIT,
          [['organisational', 'Reisen bündeln, Videokonferenzen nutzen', 'Combine trips, use video conferences']],
        ),
        question(
          'new-remote-contact',
          'mental-load',
          [
            'Auch beim mobilen Arbeiten fühle ich mich gut in das Team eingebunden.',
            'Even when working remotely I feel well included in the team.',
          ],
          ['Soziale Isolation bei mobiler Arbeit', 'Social isolation when working remotely'],
          EMPLOYER,
          UNIT,
          [
            [
              'organisational',
              'Feste Präsenztage und regelmäßige Team-Termine',
              'Fixed office days and regular team meetings',
            ],
          ],
        ),
      ],
    },
  ],
};
