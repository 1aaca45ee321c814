import { ZipFile } from 'yazl';
import type { DocumentBlock, ShippedTemplate } from './model';

/**
 * Writes a shipped template as a Word document (Office Open XML), so that a client opens it in Word or LibreOffice
 * and fills in its own machine, hazards and names. Only direct formatting, no style sheet: the few parts a DOCX needs.
 * The bytes are the same on every run (fixed time stamps): an unchanged document is recognised as unchanged.
 */

const MTIME = new Date('2026-01-01T00:00:00Z');
const WORD_NS =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A run of text; `size` in points. */
function run(text: string, options: { bold?: boolean; size?: number; colour?: string } = {}): string {
  const properties = [
    options.bold ? '<w:b/>' : '',
    options.colour ? `<w:color w:val="${options.colour}"/>` : '',
    options.size ? `<w:sz w:val="${options.size * 2}"/><w:szCs w:val="${options.size * 2}"/>` : '',
  ].join('');
  return `<w:r>${properties ? `<w:rPr>${properties}</w:rPr>` : ''}<w:t xml:space="preserve">${xml(text)}</w:t></w:r>`;
}

function paragraph(content: string, properties = ''): string {
  return `<w:p><w:pPr><w:spacing w:before="0" w:after="100"/>${properties}</w:pPr>${content}</w:p>`;
}

const CELL_BORDERS =
  '<w:tcBorders><w:top w:val="single" w:sz="4" w:color="808080"/><w:left w:val="single" w:sz="4" w:color="808080"/><w:bottom w:val="single" w:sz="4" w:color="808080"/><w:right w:val="single" w:sz="4" w:color="808080"/></w:tcBorders>';

function cell(content: string, width: number, shading?: string): string {
  const fill = shading ? `<w:shd w:val="clear" w:color="auto" w:fill="${shading}"/>` : '';
  return `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="dxa"/>${CELL_BORDERS}${fill}</w:tcPr>${paragraph(content)}</w:tc>`;
}

function table(widths: readonly number[], rows: readonly string[]): string {
  const grid = widths.map((width) => `<w:gridCol w:w="${width}"/>`).join('');
  return `<w:tbl><w:tblPr><w:tblW w:w="${widths.reduce((sum, width) => sum + width, 0)}" w:type="dxa"/><w:tblLayout w:type="fixed"/></w:tblPr><w:tblGrid>${grid}</w:tblGrid>${rows.join('')}</w:tbl>`;
}

/** The usable width of an A4 page with 2 cm margins, in twentieths of a point. */
const PAGE_WIDTH = 9638;

function block(item: DocumentBlock, accentColour: string): string {
  switch (item.kind) {
    case 'section':
      return paragraph(
        run(item.text, { bold: true, size: 12, colour: 'FFFFFF' }),
        `<w:shd w:val="clear" w:color="auto" w:fill="${accentColour}"/><w:spacing w:before="200" w:after="100"/><w:keepNext/>`,
      );
    case 'paragraph':
      return paragraph(run(item.text, { bold: item.bold }));
    case 'bullets':
      return item.items.map((text) => paragraph(run(`•\t${text}`), '<w:ind w:left="360" w:hanging="360"/>')).join('');
    case 'fields':
      return table(
        [3200, PAGE_WIDTH - 3200],
        item.labels.map(
          (label) => `<w:tr>${cell(run(label, { bold: true }), 3200, 'F2F2F2')}${cell('', PAGE_WIDTH - 3200)}</w:tr>`,
        ),
      );
    case 'checkboxes':
      return paragraph(run(item.items.map((text) => `☐ ${text}`).join('     ')));
    case 'table': {
      const header = `<w:tr><w:trPr><w:tblHeader/></w:trPr>${item.headers
        .map((text, index) => cell(run(text, { bold: true }), item.widths[index] ?? 1000, 'F2F2F2'))
        .join('')}</w:tr>`;
      const rows = Array.from(
        { length: item.emptyRows },
        (_, row) =>
          `<w:tr><w:trPr><w:trHeight w:val="480"/></w:trPr>${item.headers
            .map((_, index) =>
              cell(index === 0 && item.numbered ? run(String(row + 1)) : '', item.widths[index] ?? 1000),
            )
            .join('')}</w:tr>`,
      );
      return table(item.widths, [header, ...rows]);
    }
    case 'signatures': {
      const width = Math.floor(PAGE_WIDTH / item.captions.length);
      const noBorder =
        '<w:tcBorders><w:top w:val="single" w:sz="6" w:color="000000"/><w:left w:val="nil"/><w:bottom w:val="nil"/><w:right w:val="nil"/></w:tcBorders>';
      const cells = item.captions
        .map(
          (caption) =>
            `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="dxa"/>${noBorder}<w:tcMar><w:right w:w="400" w:type="dxa"/></w:tcMar></w:tcPr>${paragraph(run(caption, { size: 9 }))}</w:tc>`,
        )
        .join('');
      return `${paragraph('', '<w:spacing w:before="600"/>')}<w:tbl><w:tblPr><w:tblW w:w="${PAGE_WIDTH}" w:type="dxa"/></w:tblPr><w:tblGrid>${item.captions.map(() => `<w:gridCol w:w="${width}"/>`).join('')}</w:tblGrid><w:tr>${cells}</w:tr></w:tbl>`;
    }
  }
}

/** The document's main part: the headline bar, then the blocks; A4 with 2 cm margins. */
export function documentXml(template: ShippedTemplate): string {
  const head = [
    paragraph(
      run(template.heading, { bold: true, size: 20, colour: 'FFFFFF' }),
      `<w:jc w:val="center"/><w:shd w:val="clear" w:color="auto" w:fill="${template.accentColour}"/>`,
    ),
    paragraph(run(template.subheading, { size: 10 }), '<w:jc w:val="center"/><w:spacing w:after="200"/>'),
  ];
  const body = [...head, ...template.blocks.map((item) => block(item, template.accentColour))].join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document ${WORD_NS}><w:body>${body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1134" w:right="1134" w:bottom="1134" w:left="1134" w:header="567" w:footer="567" w:gutter="0"/></w:sectPr></w:body></w:document>`;
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`;

const PACKAGE_RELATIONSHIPS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`;

function coreProperties(template: ShippedTemplate): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${xml(template.title)}</dc:title></cp:coreProperties>`;
}

export async function writeDocx(template: ShippedTemplate): Promise<Buffer> {
  const zip = new ZipFile();
  const parts: Array<[string, string]> = [
    ['[Content_Types].xml', CONTENT_TYPES],
    ['_rels/.rels', PACKAGE_RELATIONSHIPS],
    ['docProps/core.xml', coreProperties(template)],
    ['word/document.xml', documentXml(template)],
  ];
  for (const [name, content] of parts) zip.addBuffer(Buffer.from(content, 'utf8'), name, { mtime: MTIME });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
