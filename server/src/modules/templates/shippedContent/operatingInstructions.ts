import type { ShippedTemplate } from './model';

/**
 * Operating instructions for a machine or piece of work equipment (BetrSichV § 12, layout after DGUV Information
 * 211-010: blue bars for work equipment). The bracketed lines say what belongs there; the client replaces them.
 */
export const OPERATING_INSTRUCTIONS_DE: ShippedTemplate = {
  key: 'operating-instructions-equipment-de',
  category: 'operating-instructions',
  title: 'Betriebsanweisung für Arbeitsmittel und Maschinen (Vorlage)',
  filename: 'Betriebsanweisung-Arbeitsmittel-Vorlage.docx',
  accentColour: '1F5AA6',
  heading: 'BETRIEBSANWEISUNG',
  subheading: 'gemäß § 12 Betriebssicherheitsverordnung (BetrSichV) und § 9 Arbeitsschutzgesetz (ArbSchG)',
  blocks: [
    { kind: 'fields', labels: ['Unternehmen', 'Arbeitsbereich / Arbeitsplatz', 'Tätigkeit', 'Nummer / Stand'] },
    { kind: 'section', text: '1. Anwendungsbereich' },
    {
      kind: 'paragraph',
      text: '[Bezeichnung des Arbeitsmittels mit Hersteller, Typ und Inventarnummer; für welche Tätigkeiten es verwendet werden darf und für welche nicht.]',
    },
    { kind: 'section', text: '2. Gefahren für Mensch und Umwelt' },
    {
      kind: 'bullets',
      items: [
        '[Mechanische Gefährdungen: Quetschen, Scheren, Schneiden, Erfassen, Aufwickeln an bewegten Teilen]',
        '[Elektrische Gefährdungen: Berühren spannungsführender Teile bei beschädigten Leitungen]',
        '[Lärm, Vibrationen, heiße Oberflächen, wegfliegende Teile, Stäube – soweit die Gefährdungsbeurteilung sie nennt]',
      ],
    },
    { kind: 'section', text: '3. Schutzmaßnahmen und Verhaltensregeln' },
    {
      kind: 'bullets',
      items: [
        'Das Arbeitsmittel darf nur von unterwiesenen und beauftragten Beschäftigten bedient werden.',
        'Vor Arbeitsbeginn Sichtprüfung: Schutzeinrichtungen vollständig und wirksam, Not-Halt erreichbar, Leitungen unbeschädigt.',
        'Schutzeinrichtungen niemals entfernen, überbrücken oder unwirksam machen.',
        'Eng anliegende Kleidung tragen; keinen Schmuck, lange Haare zusammenbinden.',
        '[Vorgeschriebene persönliche Schutzausrüstung, z. B. Schutzbrille, Gehörschutz, Sicherheitsschuhe, Schutzhandschuhe – nur wo keine Gefahr des Erfassens besteht]',
      ],
    },
    { kind: 'section', text: '4. Verhalten bei Störungen' },
    {
      kind: 'bullets',
      items: [
        'Bei Störungen, Beschädigungen oder ungewöhnlichen Geräuschen: Arbeitsmittel sofort stillsetzen (Not-Halt) und gegen Wiedereinschalten sichern.',
        'Störung der / dem Vorgesetzten melden: [Name, Telefon].',
        'Störungen nur beseitigen, wenn Sie dazu beauftragt und unterwiesen sind.',
      ],
    },
    { kind: 'section', text: '5. Verhalten bei Unfällen – Erste Hilfe' },
    {
      kind: 'bullets',
      items: [
        'Arbeitsmittel stillsetzen (Not-Halt), Unfallstelle sichern, Ruhe bewahren.',
        'Erste Hilfe leisten, Ersthelfer/-in verständigen: [Name, Telefon].',
        'Notruf 112: Wo ist es passiert? Was ist passiert? Wie viele Verletzte? Welche Verletzungen? Warten auf Rückfragen.',
        'Unfall der / dem Vorgesetzten melden und in das Verbandbuch eintragen.',
      ],
    },
    { kind: 'section', text: '6. Instandhaltung, Prüfung, Entsorgung' },
    {
      kind: 'bullets',
      items: [
        'Instandhaltung, Reinigung und Rüsten nur im stillgesetzten und gesicherten Zustand.',
        'Wiederkehrende Prüfungen nach der Gefährdungsbeurteilung durch eine zur Prüfung befähigte Person: [Frist, zuständig].',
        '[Entsorgung von Betriebsstoffen, Spänen und Abfällen]',
      ],
    },
    { kind: 'signatures', captions: ['Datum', 'Unterschrift Unternehmer/-in oder Beauftragte/-r'] },
  ],
};

export const OPERATING_INSTRUCTIONS_EN: ShippedTemplate = {
  key: 'operating-instructions-equipment-en',
  category: 'operating-instructions',
  title: 'Operating instructions for work equipment and machines (template)',
  filename: 'Operating-instructions-work-equipment-template.docx',
  accentColour: '1F5AA6',
  heading: 'OPERATING INSTRUCTIONS',
  subheading:
    'in accordance with section 12 of the German Ordinance on Industrial Safety and Health (BetrSichV) and section 9 of the Occupational Safety and Health Act (ArbSchG)',
  blocks: [
    { kind: 'fields', labels: ['Company', 'Work area / workplace', 'Activity', 'Number / version'] },
    { kind: 'section', text: '1. Scope' },
    {
      kind: 'paragraph',
      text: '[Name of the work equipment with manufacturer, model and inventory number; the work it may be used for and the work it must not be used for.]',
    },
    { kind: 'section', text: '2. Hazards to people and the environment' },
    {
      kind: 'bullets',
      items: [
        '[Mechanical hazards: crushing, shearing, cutting, entanglement and drawing-in at moving parts]',
        '[Electrical hazards: contact with live parts where cables are damaged]',
        '[Noise, vibration, hot surfaces, ejected parts, dust – as far as the risk assessment names them]',
      ],
    },
    { kind: 'section', text: '3. Protective measures and rules of conduct' },
    {
      kind: 'bullets',
      items: [
        'Only instructed and authorised employees may operate the equipment.',
        'Visual check before starting work: guards complete and effective, emergency stop within reach, cables undamaged.',
        'Never remove, bypass or defeat guards or safety devices.',
        'Wear close-fitting clothing; no jewellery; tie back long hair.',
        '[Required personal protective equipment, e.g. safety glasses, hearing protection, safety shoes, gloves – only where there is no risk of entanglement]',
      ],
    },
    { kind: 'section', text: '4. What to do in the event of a malfunction' },
    {
      kind: 'bullets',
      items: [
        'In the event of a malfunction, damage or unusual noise: stop the equipment at once (emergency stop) and secure it against being switched on again.',
        'Report the malfunction to your supervisor: [name, phone].',
        'Clear malfunctions only if you are authorised and instructed to do so.',
      ],
    },
    { kind: 'section', text: '5. What to do in the event of an accident – first aid' },
    {
      kind: 'bullets',
      items: [
        'Stop the equipment (emergency stop), secure the scene, stay calm.',
        'Give first aid and call a first aider: [name, phone].',
        'Emergency call 112: Where did it happen? What happened? How many injured? What injuries? Wait for questions.',
        'Report the accident to your supervisor and record it in the first-aid book.',
      ],
    },
    { kind: 'section', text: '6. Maintenance, inspection, disposal' },
    {
      kind: 'bullets',
      items: [
        'Maintenance, cleaning and set-up only with the equipment stopped and secured.',
        'Periodic inspections as set out in the risk assessment, by a competent person: [interval, responsible].',
        '[Disposal of operating fluids, chips and waste]',
      ],
    },
    { kind: 'signatures', captions: ['Date', 'Signature of the employer or authorised person'] },
  ],
};
