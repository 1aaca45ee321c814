import { INSPECTION_SCALE, question, type TypeContent, text } from './model';

const EMPLOYER: readonly [string, string] = ['Arbeitgeber / Führungskraft', 'Employer / line manager'];
const STAFF: readonly [string, string] = ['Beschäftigte im Arbeitsbereich', 'Staff in the work area'];

/** General workplace hazards, one page per GDA hazard factor group (inspection by a responsible person). */
export const GENERAL_HAZARDS: TypeContent = {
  identifier: 'general-hazards',
  kind: 'inspection',
  position: 1,
  title: text('Allgemeine Gefährdungen am Arbeitsplatz', 'General workplace hazards'),
  description: text(
    'Begehung eines Arbeitsbereichs nach den Gefährdungsfaktoren der GDA (§ 5 ArbSchG). Die beurteilende Person wird dokumentiert.',
    'Walk-through of a work area by the GDA hazard factor groups (§5 ArbSchG). The assessing person is documented.',
  ),
  scale: INSPECTION_SCALE,
  groups: [
    {
      key: 'mechanical',
      title: text('Mechanische Gefährdungen', 'Mechanical hazards'),
      questions: [
        question(
          'mech-moving-parts',
          'mechanical',
          [
            'Sind bewegte Maschinenteile (Wellen, Riemen, Walzen) durch feste oder verriegelte Schutzeinrichtungen gesichert?',
            'Are moving machine parts (shafts, belts, rollers) guarded by fixed or interlocked guards?',
          ],
          ['Quetschen, Scheren, Erfassen', 'Crushing, shearing, entanglement'],
          ['Maschinen und Anlagen', 'Machinery and plant'],
          ['Maschinenbediener', 'Machine operators'],
          [
            ['technical', 'Trennende Schutzeinrichtungen mit Verriegelung nachrüsten', 'Retrofit interlocked guards'],
            [
              'organisational',
              'Prüfung der Schutzeinrichtungen vor Schichtbeginn festlegen',
              'Require a guard check before each shift',
            ],
          ],
        ),
        question(
          'mech-slip-trip',
          'mechanical',
          [
            'Sind Verkehrswege eben, rutschhemmend, frei von Stolperstellen und ausreichend breit?',
            'Are traffic routes level, slip-resistant, free of trip hazards and wide enough?',
          ],
          ['Stolpern, Rutschen, Stürzen', 'Slips, trips and falls'],
          ['Fußböden und Verkehrswege', 'Floors and traffic routes'],
          STAFF,
          [
            [
              'technical',
              'Rutschhemmenden Bodenbelag (mind. R9) verlegen, Kabelbrücken einsetzen',
              'Lay slip-resistant flooring (at least R9), use cable covers',
            ],
            [
              'organisational',
              'Ordnung und Reinigung mit festen Zuständigkeiten regeln',
              'Assign housekeeping and cleaning duties',
            ],
            [
              'personal',
              'Sicherheitsschuhe mit rutschhemmender Sohle tragen',
              'Wear safety footwear with slip-resistant soles',
            ],
          ],
        ),
        question(
          'mech-fall-height',
          'mechanical',
          [
            'Sind Arbeitsplätze und Verkehrswege mit Absturzhöhe über 1 m durch Geländer gesichert?',
            'Are workplaces and routes with a fall height above 1 m protected by guard rails?',
          ],
          ['Absturz', 'Falls from height'],
          ['Bühnen, Galerien, Leitern', 'Platforms, mezzanines, ladders'],
          STAFF,
          [
            [
              'technical',
              'Dreiteiliges Geländer (Handlauf, Knie- und Fußleiste) anbringen',
              'Fit three-part guard rails (handrail, knee rail, toe board)',
            ],
            [
              'organisational',
              'Leitern nur für kurzzeitige Arbeiten zulassen und jährlich prüfen',
              'Allow ladders for short tasks only and inspect them annually',
            ],
            [
              'personal',
              'Persönliche Schutzausrüstung gegen Absturz bereitstellen und unterweisen',
              'Provide fall-arrest equipment and training',
            ],
          ],
        ),
        question(
          'mech-transport',
          'mechanical',
          [
            'Sind Fahrwege von Flurförderzeugen und Fußwege getrennt und gekennzeichnet?',
            'Are routes for forklift trucks separated from and marked apart from pedestrian routes?',
          ],
          ['Angefahren werden durch Flurförderzeuge', 'Being struck by industrial trucks'],
          ['Innerbetrieblicher Transport', 'In-house transport'],
          ['Beschäftigte im Lager und in der Logistik', 'Warehouse and logistics staff'],
          [
            [
              'technical',
              'Fußwege durch Geländer oder Poller abtrennen',
              'Separate pedestrian routes with barriers or bollards',
            ],
            [
              'organisational',
              'Verkehrsregeln und Höchstgeschwindigkeit festlegen; nur beauftragte Fahrer mit Fahrausweis',
              'Set traffic rules and speed limits; authorised licensed drivers only',
            ],
            ['personal', 'Warnkleidung in Fahrbereichen tragen', 'Wear high-visibility clothing in vehicle areas'],
          ],
        ),
      ],
    },
    {
      key: 'electrical',
      title: text('Elektrische Gefährdungen', 'Electrical hazards'),
      questions: [
        question(
          'elec-inspection',
          'electrical',
          [
            'Werden ortsveränderliche elektrische Betriebsmittel regelmäßig durch eine Elektrofachkraft geprüft (DGUV Vorschrift 3)?',
            'Is portable electrical equipment inspected regularly by a qualified electrician (DGUV regulation 3)?',
          ],
          ['Elektrischer Schlag', 'Electric shock'],
          ['Elektrische Betriebsmittel', 'Electrical equipment'],
          STAFF,
          [
            [
              'organisational',
              'Prüffristen festlegen und Prüfplaketten führen',
              'Set inspection intervals and keep inspection labels',
            ],
            [
              'technical',
              'Schadhafte Geräte sofort der Benutzung entziehen',
              'Take damaged equipment out of use immediately',
            ],
          ],
        ),
        question(
          'elec-rcd',
          'electrical',
          [
            'Sind Steckdosenstromkreise durch Fehlerstrom-Schutzeinrichtungen (RCD, 30 mA) geschützt?',
            'Are socket circuits protected by residual current devices (RCD, 30 mA)?',
          ],
          ['Körperdurchströmung bei Isolationsfehlern', 'Current through the body on insulation faults'],
          ['Elektrische Anlage', 'Electrical installation'],
          STAFF,
          [
            [
              'technical',
              'RCD nachrüsten oder ortsveränderliche PRCD einsetzen',
              'Retrofit RCDs or use portable PRCDs',
            ],
            [
              'organisational',
              'Funktion der RCD halbjährlich mit der Prüftaste testen',
              'Test RCDs with the test button every six months',
            ],
          ],
        ),
        question(
          'elec-cabinets',
          'electrical',
          [
            'Sind Schaltschränke verschlossen und nur Elektrofachkräften zugänglich?',
            'Are switch cabinets locked and accessible to qualified electricians only?',
          ],
          ['Berühren aktiver Teile', 'Contact with live parts'],
          ['Schaltanlagen und Verteiler', 'Switchgear and distribution boards'],
          STAFF,
          [
            ['technical', 'Schaltschränke abschließen und kennzeichnen', 'Lock and label switch cabinets'],
            [
              'organisational',
              'Schlüsselverwaltung auf Elektrofachkräfte beschränken',
              'Restrict keys to qualified electricians',
            ],
          ],
        ),
      ],
    },
    {
      key: 'hazardous-substances',
      title: text('Gefahrstoffe', 'Hazardous substances'),
      questions: [
        question(
          'subst-register',
          'hazardous-substances',
          [
            'Ist ein aktuelles Gefahrstoffverzeichnis mit Sicherheitsdatenblättern vorhanden?',
            'Is there an up-to-date register of hazardous substances with safety data sheets?',
          ],
          ['Unbekannte Gefahrstoffexposition', 'Unknown exposure to hazardous substances'],
          ['Einkauf und Lagerung von Gefahrstoffen', 'Purchasing and storage of hazardous substances'],
          STAFF,
          [
            [
              'substitution',
              'Ersatzstoffe mit geringerer Gefährdung prüfen (Substitutionsprüfung)',
              'Check for less hazardous substitutes',
            ],
            [
              'organisational',
              'Gefahrstoffverzeichnis jährlich aktualisieren',
              'Update the substance register annually',
            ],
          ],
        ),
        question(
          'subst-instructions',
          'hazardous-substances',
          [
            'Liegen Betriebsanweisungen nach § 14 GefStoffV aus und wurden die Beschäftigten unterwiesen?',
            'Are operating instructions under §14 GefStoffV displayed and have staff been instructed?',
          ],
          ['Hautkontakt, Einatmen von Gefahrstoffen', 'Skin contact with and inhalation of hazardous substances'],
          ['Umgang mit Gefahrstoffen', 'Handling of hazardous substances'],
          ['Beschäftigte mit Gefahrstoffumgang', 'Staff handling hazardous substances'],
          [
            [
              'organisational',
              'Betriebsanweisungen erstellen und jährlich unterweisen',
              'Write operating instructions and instruct staff annually',
            ],
            [
              'personal',
              'Schutzhandschuhe und Schutzbrille nach Sicherheitsdatenblatt bereitstellen',
              'Provide gloves and goggles as the safety data sheet requires',
            ],
          ],
        ),
        question(
          'subst-ventilation',
          'hazardous-substances',
          [
            'Werden Dämpfe, Stäube und Rauche an der Entstehungsstelle abgesaugt?',
            'Are vapours, dusts and fumes extracted at source?',
          ],
          ['Einatmen von Stäuben, Dämpfen und Rauchen', 'Inhalation of dusts, vapours and fumes'],
          ['Arbeitsverfahren mit Emissionen', 'Processes with emissions'],
          STAFF,
          [
            [
              'technical',
              'Absaugung an der Quelle installieren und prüfen',
              'Install and test local exhaust ventilation',
            ],
            [
              'personal',
              'Atemschutz (z. B. FFP2) für verbleibende Tätigkeiten',
              'Respiratory protection (e.g. FFP2) for remaining tasks',
            ],
          ],
        ),
      ],
    },
    {
      key: 'fire-explosion',
      title: text('Brand- und Explosionsgefährdungen', 'Fire and explosion hazards'),
      questions: [
        question(
          'fire-escape',
          'fire-explosion',
          [
            'Sind Flucht- und Rettungswege frei, gekennzeichnet und beleuchtet?',
            'Are escape routes clear, signposted and lit?',
          ],
          ['Eingeschlossen werden im Brandfall', 'Being trapped in a fire'],
          ['Flucht- und Rettungswege', 'Escape routes'],
          ['Alle Personen im Gebäude', 'Everyone in the building'],
          [
            [
              'technical',
              'Sicherheitsbeleuchtung und Rettungszeichen nach ASR A2.3',
              'Emergency lighting and escape signs as per ASR A2.3',
            ],
            [
              'organisational',
              'Fluchtwege wöchentlich kontrollieren, Räumungsübung jährlich',
              'Check escape routes weekly, hold an evacuation drill annually',
            ],
          ],
        ),
        question(
          'fire-extinguishers',
          'fire-explosion',
          [
            'Sind geeignete Feuerlöscher in ausreichender Zahl vorhanden, geprüft und erreichbar?',
            'Are suitable fire extinguishers available in sufficient number, inspected and accessible?',
          ],
          ['Brandausbreitung', 'Fire spread'],
          ['Brandschutzeinrichtungen', 'Fire protection equipment'],
          ['Alle Personen im Gebäude', 'Everyone in the building'],
          [
            [
              'technical',
              'Feuerlöscher nach ASR A2.2 ergänzen und alle zwei Jahre prüfen lassen',
              'Add extinguishers as per ASR A2.2 and have them serviced every two years',
            ],
            [
              'organisational',
              'Brandschutzhelfer benennen (mind. 5 % der Beschäftigten)',
              'Appoint fire wardens (at least 5% of staff)',
            ],
          ],
        ),
        question(
          'fire-flammables',
          'fire-explosion',
          [
            'Werden entzündbare Flüssigkeiten nur in zugelassenen Sicherheitsschränken gelagert?',
            'Are flammable liquids stored only in approved safety cabinets?',
          ],
          ['Brand und Explosion', 'Fire and explosion'],
          ['Lagerung entzündbarer Stoffe', 'Storage of flammable substances'],
          STAFF,
          [
            ['substitution', 'Weniger entzündbare Produkte einsetzen', 'Use less flammable products'],
            ['technical', 'Sicherheitsschränke nach EN 14470-1 verwenden', 'Use safety cabinets to EN 14470-1'],
            [
              'organisational',
              'Mengen am Arbeitsplatz auf den Tagesbedarf begrenzen',
              "Limit quantities at the workplace to a day's needs",
            ],
          ],
        ),
      ],
    },
    {
      key: 'thermal',
      title: text('Thermische Gefährdungen', 'Thermal hazards'),
      questions: [
        question(
          'therm-hot-surfaces',
          'thermal',
          [
            'Sind heiße oder sehr kalte Oberflächen gegen unbeabsichtigtes Berühren gesichert?',
            'Are hot or very cold surfaces protected against accidental contact?',
          ],
          ['Verbrennungen, Erfrierungen', 'Burns, cold injuries'],
          ['Heiße und kalte Anlagenteile', 'Hot and cold plant parts'],
          STAFF,
          [
            ['technical', 'Isolierung oder Berührungsschutz anbringen', 'Fit insulation or contact guards'],
            ['personal', 'Hitze- bzw. Kälteschutzhandschuhe bereitstellen', 'Provide heat or cold protective gloves'],
          ],
        ),
        question(
          'therm-hot-media',
          'thermal',
          [
            'Sind Arbeiten mit heißen Medien (Dampf, Heißwasser, Öl) durch Verfahren und Schutzausrüstung abgesichert?',
            'Is work with hot media (steam, hot water, oil) made safe by procedures and protective equipment?',
          ],
          ['Verbrühungen', 'Scalds'],
          ['Heiße Medien', 'Hot media'],
          STAFF,
          [
            ['organisational', 'Freigabeverfahren vor dem Öffnen von Leitungen', 'Permit-to-work before opening lines'],
            ['personal', 'Gesichtsschutz und Schutzkleidung tragen', 'Wear face shields and protective clothing'],
          ],
        ),
      ],
    },
    {
      key: 'physical-agents',
      title: text('Spezielle physikalische Einwirkungen', 'Special physical agents'),
      questions: [
        question(
          'phys-noise',
          'physical-agents',
          [
            'Liegt der Tages-Lärmexpositionspegel unter 80 dB(A), oder sind Lärmbereiche gekennzeichnet und Gehörschutz vorhanden?',
            'Is the daily noise exposure below 80 dB(A), or are noise areas marked and hearing protection provided?',
          ],
          ['Lärmschwerhörigkeit', 'Noise-induced hearing loss'],
          ['Maschinen und Arbeitsverfahren', 'Machinery and processes'],
          STAFF,
          [
            ['substitution', 'Lärmarme Maschinen und Verfahren auswählen', 'Choose low-noise machinery and processes'],
            ['technical', 'Kapselung und schallabsorbierende Decken', 'Enclosures and sound-absorbing ceilings'],
            [
              'personal',
              'Gehörschutz bereitstellen, ab 85 dB(A) Tragepflicht',
              'Provide hearing protection, mandatory from 85 dB(A)',
            ],
          ],
        ),
        question(
          'phys-vibration',
          'physical-agents',
          [
            'Ist die Belastung durch Hand-Arm- und Ganzkörpervibrationen ermittelt und unter den Auslösewerten?',
            'Has exposure to hand-arm and whole-body vibration been determined and kept below the action values?',
          ],
          ['Durchblutungs-, Knochen- und Gelenkschäden', 'Circulatory, bone and joint damage'],
          ['Handgeführte Maschinen, Fahrzeuge', 'Hand-held machines, vehicles'],
          STAFF,
          [
            [
              'technical',
              'Vibrationsgedämpfte Werkzeuge und gefederte Sitze',
              'Vibration-damped tools and suspension seats',
            ],
            [
              'organisational',
              'Expositionszeiten begrenzen, Tätigkeiten wechseln',
              'Limit exposure times, rotate tasks',
            ],
          ],
        ),
        question(
          'phys-radiation',
          'physical-agents',
          [
            'Sind Arbeitsplätze mit optischer Strahlung (Schweißen, Laser, UV) abgeschirmt?',
            'Are workplaces with optical radiation (welding, lasers, UV) screened?',
          ],
          ['Augen- und Hautschäden durch Strahlung', 'Eye and skin damage from radiation'],
          ['Schweiß- und Laserarbeitsplätze', 'Welding and laser workstations'],
          ['Beschäftigte und Personen in der Nähe', 'Staff and bystanders'],
          [
            [
              'technical',
              'Schweißvorhänge und Laserschutzwände aufstellen',
              'Put up welding curtains and laser barriers',
            ],
            [
              'personal',
              'Schweißerschutzschild bzw. Laserschutzbrille tragen',
              'Wear welding shields or laser safety goggles',
            ],
          ],
        ),
      ],
    },
    {
      key: 'work-environment',
      title: text('Arbeitsumgebungsbedingungen', 'Work environment'),
      questions: [
        question(
          'env-lighting',
          'work-environment',
          [
            'Entspricht die Beleuchtungsstärke der ASR A3.4 (z. B. 500 lx an Büroarbeitsplätzen) ohne Blendung?',
            'Does lighting meet ASR A3.4 (e.g. 500 lx at office workstations) without glare?',
          ],
          ['Ermüdung, Unfälle durch schlechte Sicht', 'Fatigue, accidents from poor visibility'],
          ['Beleuchtung', 'Lighting'],
          STAFF,
          [
            [
              'technical',
              'Leuchten nachrüsten oder tauschen, Blendschutz anbringen',
              'Add or replace luminaires, fit glare control',
            ],
            [
              'organisational',
              'Beleuchtung regelmäßig messen und Leuchtmittel warten',
              'Measure lighting regularly and maintain lamps',
            ],
          ],
        ),
        question(
          'env-climate',
          'work-environment',
          [
            'Liegt die Raumtemperatur im Bereich der ASR A3.5 und ist ausreichend Lüftung vorhanden?',
            'Is the room temperature within ASR A3.5 and is ventilation sufficient?',
          ],
          ['Hitze- oder Kältebelastung, Zugluft', 'Heat or cold stress, draughts'],
          ['Raumklima', 'Indoor climate'],
          STAFF,
          [
            [
              'technical',
              'Sonnenschutz, Lüftungs- oder Klimatechnik nachrüsten',
              'Install sun shading, ventilation or air conditioning',
            ],
            [
              'organisational',
              'Bei über 26 °C Arbeitszeiten anpassen und Getränke bereitstellen',
              'Above 26 °C adjust working hours and provide drinks',
            ],
          ],
        ),
        question(
          'env-space',
          'work-environment',
          [
            'Ist an jedem Arbeitsplatz ausreichend Bewegungsfläche (mind. 1,5 m²) vorhanden?',
            'Does every workplace have enough free movement area (at least 1.5 m²)?',
          ],
          ['Beengte Verhältnisse, Anstoßen', 'Cramped conditions, striking objects'],
          ['Raumgestaltung', 'Room layout'],
          STAFF,
          [
            [
              'organisational',
              'Arbeitsplätze neu anordnen, Lagerflächen auslagern',
              'Rearrange workplaces, move storage elsewhere',
            ],
          ],
        ),
      ],
    },
    {
      key: 'physical-strain',
      title: text('Physische Belastung', 'Physical strain'),
      questions: [
        question(
          'strain-lifting',
          'physical-strain',
          [
            'Werden Lasten über 15 kg nur mit Hebehilfen oder zu zweit bewegt (Leitmerkmalmethode beurteilt)?',
            'Are loads over 15 kg moved only with lifting aids or by two people (assessed by the key indicator method)?',
          ],
          ['Muskel-Skelett-Erkrankungen durch Heben und Tragen', 'Musculoskeletal disorders from lifting and carrying'],
          ['Manuelle Lastenhandhabung', 'Manual handling'],
          ['Beschäftigte im Lager und in der Produktion', 'Warehouse and production staff'],
          [
            [
              'technical',
              'Hubtische, Vakuumheber oder Rollwagen bereitstellen',
              'Provide lift tables, vacuum lifters or trolleys',
            ],
            ['organisational', 'Gebindegrößen verringern, Tätigkeiten wechseln', 'Reduce package sizes, rotate tasks'],
            ['personal', 'Unterweisung in rückengerechtem Heben', 'Training in safe lifting'],
          ],
        ),
        question(
          'strain-posture',
          'physical-strain',
          [
            'Können Tätigkeiten ohne dauerhafte Zwangshaltungen (Bücken, Knien, Arme über Kopf) ausgeführt werden?',
            'Can tasks be done without sustained awkward postures (bending, kneeling, arms above the head)?',
          ],
          ['Zwangshaltungen', 'Awkward postures'],
          ['Arbeitsplatzgestaltung', 'Workplace design'],
          STAFF,
          [
            [
              'technical',
              'Arbeitshöhen anpassen (höhenverstellbare Tische, Drehteller)',
              'Adjust working heights (height-adjustable tables, turntables)',
            ],
            ['organisational', 'Kurzpausen und Haltungswechsel einplanen', 'Plan short breaks and changes of posture'],
          ],
        ),
        question(
          'strain-repetitive',
          'physical-strain',
          [
            'Sind sich häufig wiederholende Bewegungen mit hoher Taktfrequenz durch Tätigkeitswechsel unterbrochen?',
            'Are highly repetitive movements broken up by task rotation?',
          ],
          ['Überlastung von Hand, Arm und Schulter', 'Overuse of hand, arm and shoulder'],
          ['Arbeitsorganisation', 'Work organisation'],
          STAFF,
          [
            ['technical', 'Teilautomatisierung repetitiver Arbeitsschritte', 'Partly automate repetitive steps'],
            ['organisational', 'Job-Rotation und Mischarbeit einführen', 'Introduce job rotation and varied work'],
          ],
        ),
      ],
    },
    {
      key: 'mental-load',
      title: text('Psychische Belastung', 'Mental load'),
      questions: [
        question(
          'mental-time-pressure',
          'mental-load',
          [
            'Ist die Arbeitsmenge in der verfügbaren Zeit ohne dauernden Zeitdruck zu schaffen?',
            'Can the workload be done in the time available without constant time pressure?',
          ],
          ['Zeit- und Leistungsdruck', 'Time and performance pressure'],
          EMPLOYER,
          STAFF,
          [
            [
              'organisational',
              'Personalbemessung und Aufgabenverteilung prüfen',
              'Review staffing levels and the distribution of tasks',
            ],
          ],
        ),
        question(
          'mental-lone-work',
          'mental-load',
          [
            'Ist bei Alleinarbeit eine Notfallverbindung oder Personen-Notsignal-Anlage sichergestellt?',
            'Is an emergency link or lone-worker alarm ensured for lone working?',
          ],
          ['Hilflosigkeit bei Alleinarbeit', 'No help available when working alone'],
          EMPLOYER,
          ['Allein arbeitende Beschäftigte', 'Lone workers'],
          [
            [
              'technical',
              'Personen-Notsignal-Anlage (DGUV Regel 112-139) einsetzen',
              'Use a lone-worker alarm system (DGUV rule 112-139)',
            ],
            ['organisational', 'Regelmäßige Kontrollanrufe vereinbaren', 'Agree regular check-in calls'],
          ],
        ),
        question(
          'mental-violence',
          'mental-load',
          [
            'Gibt es bei Kundenkontakt ein Vorgehen gegen Übergriffe und Bedrohungen?',
            'Is there a procedure against assault and threats in customer contact?',
          ],
          ['Gewalt und Bedrohung durch Dritte', 'Violence and threats by third parties'],
          ['Kundenkontakt', 'Customer contact'],
          ['Beschäftigte mit Kundenkontakt', 'Customer-facing staff'],
          [
            [
              'technical',
              'Alarmknöpfe und zweite Fluchtmöglichkeit im Beratungsraum',
              'Alarm buttons and a second exit in counselling rooms',
            ],
            [
              'organisational',
              'Deeskalationstraining und Nachsorge nach Vorfällen',
              'De-escalation training and aftercare after incidents',
            ],
          ],
        ),
      ],
    },
  ],
};
