import type { TemplateCategory } from '@dash/shared-core/calls';

/** One block of a shipped document, in reading order. */
export type DocumentBlock =
  /** A section headline on a coloured bar (the layout of operating instructions after DGUV Information 211-010). */
  | { kind: 'section'; text: string }
  | { kind: 'paragraph'; text: string; bold?: boolean }
  | { kind: 'bullets'; items: readonly string[] }
  /** Label and blank line to fill in, one row each ("Arbeitsplatz: ______"). */
  | { kind: 'fields'; labels: readonly string[] }
  /** Tick boxes in one line ("☐ Erstunterweisung ☐ Wiederholung"). */
  | { kind: 'checkboxes'; items: readonly string[] }
  /** A table with these column headers and empty rows to fill in by hand (names, signatures). */
  | { kind: 'table'; headers: readonly string[]; widths: readonly number[]; emptyRows: number; numbered?: boolean }
  /** Lines for signatures side by side, the caption under each line. */
  | { kind: 'signatures'; captions: readonly string[] };

/** A starting document every licensee's clients find in their templates from day one. */
export interface ShippedTemplate {
  /** Stable identity: the installed copy is found (and kept up to date) by it. */
  key: string;
  category: TemplateCategory;
  title: string;
  filename: string;
  /** The headline colour: operating instructions use the colour of their kind (blue: machines and equipment). */
  accentColour: string;
  heading: string;
  subheading: string;
  blocks: readonly DocumentBlock[];
}
