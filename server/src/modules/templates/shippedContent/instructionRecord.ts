import type { ShippedTemplate } from './model';

/**
 * The record of a safety instruction with the participants' signatures (ArbSchG § 12, DGUV Vorschrift 1 § 4: the
 * instruction is given before work starts, repeated at least once a year, and documented).
 */
export const INSTRUCTION_RECORD_DE: ShippedTemplate = {
  key: 'instruction-record-de',
  category: 'forms',
  title: 'Unterweisungsnachweis (Vorlage)',
  filename: 'Unterweisungsnachweis-Vorlage.docx',
  accentColour: '2E7D32',
  heading: 'UNTERWEISUNGSNACHWEIS',
  subheading:
    'Unterweisung nach § 12 Arbeitsschutzgesetz und § 4 DGUV Vorschrift 1 – vor Aufnahme der Tätigkeit, danach mindestens einmal jährlich',
  blocks: [
    {
      kind: 'fields',
      labels: [
        'Unternehmen / Standort',
        'Abteilung / Arbeitsbereich',
        'Datum und Dauer der Unterweisung',
        'Unterweisende Person (Name, Funktion)',
      ],
    },
    { kind: 'section', text: 'Anlass der Unterweisung' },
    {
      kind: 'checkboxes',
      items: ['Erstunterweisung', 'Wiederholungsunterweisung', 'Anlassbezogen (Unfall, neue Arbeitsmittel, Änderung)'],
    },
    { kind: 'section', text: 'Inhalte der Unterweisung' },
    {
      kind: 'bullets',
      items: [
        '[Gefährdungen am Arbeitsplatz und Schutzmaßnahmen aus der Gefährdungsbeurteilung]',
        '[Betriebsanweisungen: Nummer und Titel]',
        '[Persönliche Schutzausrüstung: Benutzung, Pflege, Aufbewahrung]',
        'Verhalten im Notfall: Erste Hilfe, Ersthelfer/-innen, Brandschutz, Flucht- und Rettungswege, Sammelstelle',
        'Meldung von Unfällen, Beinaheunfällen und Mängeln',
      ],
    },
    {
      kind: 'paragraph',
      text: 'Verwendete Unterlagen: [Betriebsanweisungen, Betriebsanleitungen, Sicherheitsdatenblätter]',
    },
    { kind: 'section', text: 'Teilnehmende' },
    {
      kind: 'paragraph',
      text: 'Mit meiner Unterschrift bestätige ich, dass ich an der Unterweisung teilgenommen und die Inhalte verstanden habe. Fragen konnte ich stellen.',
    },
    {
      kind: 'table',
      headers: ['Nr.', 'Name, Vorname', 'Abteilung / Tätigkeit', 'Unterschrift'],
      widths: [700, 3300, 2600, 3038],
      emptyRows: 15,
      numbered: true,
    },
    {
      kind: 'signatures',
      captions: ['Datum, Unterschrift der unterweisenden Person', 'Datum, Unterschrift Vorgesetzte/-r'],
    },
    {
      kind: 'paragraph',
      text: 'Aufbewahrung: mindestens bis zur nächsten Wiederholungsunterweisung, empfohlen zwei Jahre.',
    },
  ],
};

export const INSTRUCTION_RECORD_EN: ShippedTemplate = {
  key: 'instruction-record-en',
  category: 'forms',
  title: 'Safety instruction record (template)',
  filename: 'Safety-instruction-record-template.docx',
  accentColour: '2E7D32',
  heading: 'SAFETY INSTRUCTION RECORD',
  subheading:
    'Instruction under section 12 of the Occupational Safety and Health Act (ArbSchG) and section 4 of DGUV Regulation 1 – before work starts, then at least once a year',
  blocks: [
    {
      kind: 'fields',
      labels: [
        'Company / site',
        'Department / work area',
        'Date and duration of the instruction',
        'Instructor (name, role)',
      ],
    },
    { kind: 'section', text: 'Reason for the instruction' },
    {
      kind: 'checkboxes',
      items: ['Initial instruction', 'Repeat instruction', 'Special occasion (accident, new equipment, change)'],
    },
    { kind: 'section', text: 'Topics covered' },
    {
      kind: 'bullets',
      items: [
        '[Hazards at the workplace and the protective measures from the risk assessment]',
        '[Operating instructions: number and title]',
        '[Personal protective equipment: use, care, storage]',
        'Emergencies: first aid, first aiders, fire protection, escape routes, assembly point',
        'Reporting accidents, near misses and defects',
      ],
    },
    { kind: 'paragraph', text: 'Documents used: [operating instructions, manufacturer manuals, safety data sheets]' },
    { kind: 'section', text: 'Participants' },
    {
      kind: 'paragraph',
      text: 'By signing, I confirm that I took part in the instruction and understood its content. I had the opportunity to ask questions.',
    },
    {
      kind: 'table',
      headers: ['No.', 'Surname, first name', 'Department / activity', 'Signature'],
      widths: [700, 3300, 2600, 3038],
      emptyRows: 15,
      numbered: true,
    },
    { kind: 'signatures', captions: ['Date, signature of the instructor', 'Date, signature of the supervisor'] },
    { kind: 'paragraph', text: 'Keep at least until the next repeat instruction; two years are recommended.' },
  ],
};
