import { INSPECTION_SCALE, question, type TypeContent, text } from './model';

const USER: readonly [string, string] = ['Beschäftigte am Bildschirmarbeitsplatz', 'VDU users'];
const EMPLOYER: readonly [string, string] = ['Arbeitgeber / Führungskraft', 'Employer / line manager'];
const FURNITURE: readonly [string, string] = ['Büromöbel und Ausstattung', 'Office furniture and equipment'];

/** VDU workstation (Bildschirmarbeitsplatz, ArbStättV Anhang Nr. 6): checked per workstation, naming who assessed. */
export const VDU_WORKSTATION: TypeContent = {
  identifier: 'vdu-workstation',
  kind: 'inspection',
  position: 2,
  title: text('Bildschirmarbeitsplatz', 'VDU workstation'),
  description: text(
    'Prüfung eines Bildschirmarbeitsplatzes nach Anhang Nr. 6 der Arbeitsstättenverordnung. Die beurteilende Person wird dokumentiert.',
    'Check of a display screen workstation under annex 6 of the German Workplaces Ordinance (ArbStättV). The assessing person is documented.',
  ),
  scale: INSPECTION_SCALE,
  groups: [
    {
      key: 'screen',
      title: text('Bildschirm und Darstellung', 'Screen and display'),
      questions: [
        question(
          'screen-position',
          'physical-strain',
          [
            'Steht der Bildschirm frontal, mit der obersten Zeile knapp unter Augenhöhe und 50–80 cm Sehabstand?',
            'Is the screen straight ahead, its top line just below eye level and 50–80 cm away?',
          ],
          ['Nacken- und Augenbelastung', 'Neck and eye strain'],
          FURNITURE,
          USER,
          [
            [
              'technical',
              'Monitorarm oder höhenverstellbaren Standfuß bereitstellen',
              'Provide a monitor arm or height-adjustable stand',
            ],
            [
              'personal',
              'Unterweisung zur Einstellung des Arbeitsplatzes',
              'Instruction in setting up the workstation',
            ],
          ],
        ),
        question(
          'screen-glare',
          'work-environment',
          [
            'Ist der Bildschirm frei von Spiegelungen und Blendung (Blickrichtung parallel zum Fenster)?',
            'Is the screen free of reflections and glare (line of sight parallel to the window)?',
          ],
          ['Blendung und Reflexionen', 'Glare and reflections'],
          ['Raum und Beleuchtung', 'Room and lighting'],
          USER,
          [
            [
              'technical',
              'Verstellbaren Sonnenschutz anbringen, entspiegelten Bildschirm verwenden',
              'Fit adjustable blinds, use an anti-glare screen',
            ],
            [
              'organisational',
              'Arbeitsplatz quer zur Fensterfront ausrichten',
              'Turn the desk at right angles to the windows',
            ],
          ],
        ),
        question(
          'screen-quality',
          'work-environment',
          [
            'Ist die Darstellung scharf, flimmerfrei und in Helligkeit und Kontrast einstellbar?',
            'Is the image sharp, flicker-free and adjustable in brightness and contrast?',
          ],
          ['Ermüdung der Augen', 'Eye fatigue'],
          FURNITURE,
          USER,
          [
            [
              'technical',
              'Bildschirm ersetzen (mind. 22 Zoll, Full HD)',
              'Replace the screen (at least 22 inches, full HD)',
            ],
          ],
        ),
      ],
    },
    {
      key: 'furniture',
      title: text('Tisch, Stuhl und Eingabegeräte', 'Desk, chair and input devices'),
      questions: [
        question(
          'furniture-desk',
          'physical-strain',
          [
            'Ist die Arbeitsfläche mindestens 160 × 80 cm groß und in der Höhe passend (ideal: Sitz-Steh-Tisch)?',
            'Is the desk at least 160 × 80 cm and of a suitable height (ideally sit-stand)?',
          ],
          ['Zwangshaltungen', 'Awkward postures'],
          FURNITURE,
          USER,
          [
            [
              'technical',
              'Höhenverstellbaren Sitz-Steh-Tisch bereitstellen',
              'Provide a height-adjustable sit-stand desk',
            ],
          ],
        ),
        question(
          'furniture-chair',
          'physical-strain',
          [
            'Ist der Bürostuhl in Sitzhöhe, Rückenlehne und Armlehnen verstellbar und in gutem Zustand (EN 1335)?',
            'Is the office chair adjustable in seat height, backrest and armrests and in good condition (EN 1335)?',
          ],
          ['Rückenbeschwerden durch Sitzen', 'Back pain from sitting'],
          FURNITURE,
          USER,
          [
            [
              'technical',
              'Bürodrehstuhl nach EN 1335 beschaffen, ggf. Fußstütze',
              'Buy an EN 1335 office chair, a footrest if needed',
            ],
            ['personal', 'Unterweisung zur Stuhleinstellung', 'Instruction in adjusting the chair'],
          ],
        ),
        question(
          'furniture-input',
          'physical-strain',
          [
            'Sind Tastatur und Maus vom Bildschirm getrennt und mit Handballenauflage nutzbar?',
            'Are keyboard and mouse separate from the screen and usable with the wrists supported?',
          ],
          ['Überlastung von Hand und Unterarm', 'Strain on hand and forearm'],
          FURNITURE,
          USER,
          [
            [
              'technical',
              'Separate Tastatur und ergonomische Maus bereitstellen (auch bei Notebooks)',
              'Provide a separate keyboard and ergonomic mouse (also for laptops)',
            ],
          ],
        ),
      ],
    },
    {
      key: 'environment',
      title: text('Arbeitsumgebung', 'Work environment'),
      questions: [
        question(
          'environment-lighting',
          'work-environment',
          [
            'Beträgt die Beleuchtungsstärke am Arbeitsplatz mindestens 500 lx?',
            'Is the illuminance at the desk at least 500 lx?',
          ],
          ['Sehbelastung durch zu wenig Licht', 'Visual strain from poor light'],
          ['Beleuchtung', 'Lighting'],
          USER,
          [['technical', 'Arbeitsplatzleuchte ergänzen', 'Add a task light']],
        ),
        question(
          'environment-noise',
          'physical-agents',
          [
            'Ist der Lärm so gering, dass konzentriertes Arbeiten möglich ist (unter 55 dB(A) bei geistiger Arbeit)?',
            'Is noise low enough for concentrated work (below 55 dB(A) for mental work)?',
          ],
          ['Konzentrationsstörung durch Lärm', 'Noise disturbing concentration'],
          ['Raumakustik, Drucker, Gespräche', 'Room acoustics, printers, conversations'],
          USER,
          [
            [
              'technical',
              'Akustikelemente und Stellwände, Drucker in separaten Raum',
              'Acoustic panels and screens, move printers to a separate room',
            ],
            [
              'organisational',
              'Ruhezonen und Regeln für Telefonate vereinbaren',
              'Agree quiet zones and rules for phone calls',
            ],
          ],
        ),
        question(
          'environment-space',
          'work-environment',
          [
            'Sind mindestens 1,5 m² freie Bewegungsfläche und Beinfreiheit unter dem Tisch vorhanden?',
            'Is there at least 1.5 m² of free space and legroom under the desk?',
          ],
          ['Beengte Verhältnisse', 'Cramped conditions'],
          ['Raumgestaltung', 'Room layout'],
          USER,
          [
            [
              'organisational',
              'Möblierung neu planen, Rollcontainer umstellen',
              'Re-plan the furniture, move pedestals',
            ],
          ],
        ),
      ],
    },
    {
      key: 'software',
      title: text('Software und Arbeitsaufgabe', 'Software and task'),
      questions: [
        question(
          'software-fit',
          'mental-load',
          [
            'Ist die Software der Aufgabe angemessen, verständlich und fehlertolerant?',
            'Is the software suited to the task, understandable and error-tolerant?',
          ],
          ['Fehlbeanspruchung durch ungeeignete Software', 'Strain from unsuitable software'],
          ['IT und Softwareauswahl', 'IT and software selection'],
          USER,
          [
            [
              'technical',
              'Software nach DIN EN ISO 9241-110 auswählen und anpassen',
              'Choose and adapt software to EN ISO 9241-110',
            ],
            ['personal', 'Schulung in der Anwendung', 'Training in the application'],
          ],
        ),
        question(
          'software-breaks',
          'mental-load',
          [
            'Wird die Bildschirmarbeit durch andere Tätigkeiten oder Pausen regelmäßig unterbrochen?',
            'Is screen work regularly interrupted by other tasks or breaks?',
          ],
          ['Einseitige Belastung durch Dauerbildschirmarbeit', 'One-sided strain from continuous screen work'],
          EMPLOYER,
          USER,
          [
            [
              'organisational',
              'Mischarbeit oder Kurzpausen (5–10 Minuten pro Stunde) einplanen',
              'Plan varied work or short breaks (5–10 minutes an hour)',
            ],
          ],
        ),
        question(
          'software-eye-test',
          'physical-strain',
          [
            'Wurde eine Angebotsvorsorge Bildschirmarbeit (Augen und Sehvermögen, ArbMedVV) angeboten?',
            'Has occupational health screening for VDU work (eyes and vision, ArbMedVV) been offered?',
          ],
          ['Unerkannte Sehbeschwerden', 'Undetected vision problems'],
          EMPLOYER,
          USER,
          [
            [
              'organisational',
              'Angebotsvorsorge über den Betriebsarzt anbieten',
              'Offer screening through the occupational physician',
            ],
            ['personal', 'Bildschirmarbeitsplatzbrille bei Bedarf bereitstellen', 'Provide VDU glasses where needed'],
          ],
        ),
      ],
    },
    {
      key: 'mobile',
      title: text('Mobiles Arbeiten und Telearbeit', 'Mobile and home working'),
      questions: [
        question(
          'mobile-equipment',
          'physical-strain',
          [
            'Stehen für Telearbeit ein externer Bildschirm, Tastatur und Maus zur Verfügung?',
            'Are an external screen, keyboard and mouse available for home working?',
          ],
          ['Zwangshaltungen am Notebook', 'Awkward postures at a laptop'],
          EMPLOYER,
          ['Beschäftigte in Telearbeit', 'Home workers'],
          [['technical', 'Ausstattung für den Telearbeitsplatz stellen', 'Equip the home workstation']],
        ),
        question(
          'mobile-instruction',
          'mental-load',
          [
            'Wurden Beschäftigte zur ergonomischen Einrichtung des mobilen Arbeitsplatzes unterwiesen?',
            'Have staff been instructed in setting up their mobile workstation ergonomically?',
          ],
          ['Fehlende Kenntnis ergonomischer Grundsätze', 'Lack of ergonomic knowledge'],
          EMPLOYER,
          ['Beschäftigte in Telearbeit', 'Home workers'],
          [
            [
              'personal',
              'Unterweisung, z. B. als E-Learning, jährlich wiederholen',
              'Instruct staff, e.g. by e-learning, repeated annually',
            ],
          ],
        ),
        question(
          'mobile-hours',
          'mental-load',
          [
            'Gibt es klare Regeln zu Erreichbarkeit und Arbeitszeiterfassung beim mobilen Arbeiten?',
            'Are there clear rules on availability and time recording for mobile working?',
          ],
          ['Entgrenzung von Arbeit und Freizeit', 'Blurred boundaries between work and private life'],
          EMPLOYER,
          ['Beschäftigte in Telearbeit', 'Home workers'],
          [
            [
              'organisational',
              'Erreichbarkeitszeiten vereinbaren und Arbeitszeit erfassen',
              'Agree availability hours and record working time',
            ],
          ],
        ),
      ],
    },
  ],
};
