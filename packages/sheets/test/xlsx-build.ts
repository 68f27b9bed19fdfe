/**
 * Hand-built XLSX files for the reader's tests (never committed): a zip writer (stored or deflated
 * entries, sizes honest or stated otherwise), and a workbook made of the XML a test gives, so a
 * test can hold exactly what another program would write (1904 dates, inline strings, cells
 * without `r`, gaps, merges, formulas) and the zip in any entry order.
 */
import { open } from 'node:fs/promises';
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipPart {
  name: string;
  /** The entry's bytes as stored in the zip (deflated when `method` is 8). */
  data: Buffer;
  crc: number;
  /** The uncompressed size. */
  size: number;
  /** The uncompressed size to write down (the real one unless a test lies). */
  stated: number;
  /** 0 stored, 8 deflated (default), anything else as a test wants it. */
  method?: number;
}

/** A part from its content, deflated unless `method` says otherwise. */
function zipPart(name: string, content: string | Buffer, method = 8): ZipPart {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  return { name, data: method === 8 ? deflateRawSync(bytes) : bytes, crc: crc32(bytes), size: bytes.length, stated: bytes.length, method };
}

/** Writes a zip of the parts, in their order, each with its stated size. */
export async function writeZip(path: string, parts: ZipPart[]): Promise<void> {
  const file = await open(path, 'w');
  try {
    const central: Buffer[] = [];
    let offset = 0;
    for (const e of parts) {
      const name = Buffer.from(e.name);
      const method = e.method ?? 8;
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(method, 8);
      local.writeUInt32LE(e.crc >>> 0, 14);
      local.writeUInt32LE(e.data.length, 18);
      local.writeUInt32LE(e.stated, 22);
      local.writeUInt16LE(name.length, 26);
      await file.write(Buffer.concat([local, name, e.data]));
      const cd = Buffer.alloc(46);
      cd.writeUInt32LE(0x02014b50, 0);
      cd.writeUInt16LE(20, 4);
      cd.writeUInt16LE(20, 6);
      cd.writeUInt16LE(method, 10);
      cd.writeUInt32LE(e.crc >>> 0, 16);
      cd.writeUInt32LE(e.data.length, 20);
      cd.writeUInt32LE(e.stated, 24);
      cd.writeUInt16LE(name.length, 28);
      cd.writeUInt32LE(offset, 42);
      central.push(cd, name);
      offset += 30 + name.length + e.data.length;
    }
    const cd = Buffer.concat(central);
    const eocd = Buffer.alloc(22);
    eocd.writeUInt32LE(0x06054b50, 0);
    eocd.writeUInt16LE(parts.length, 8);
    eocd.writeUInt16LE(parts.length, 10);
    eocd.writeUInt32LE(cd.length, 12);
    eocd.writeUInt32LE(offset, 16);
    await file.write(Buffer.concat([cd, eocd]));
  } finally {
    await file.close();
  }
}

const MAIN = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

interface BuiltSheet {
  name: string;
  /** The inside of `<sheetData>`. */
  rows: string;
  /** Merged ranges ("A1:B2"), written after the cells as every program does. */
  merges?: string[];
}

export interface BuiltWorkbook {
  sheets: BuiltSheet[];
  /** `<si>` elements, whole. */
  sharedStrings?: string[];
  /** Custom number formats: [id, format code] (the code as XML attribute text). */
  numFmts?: Array<[number, string]>;
  /** The numFmtId of each cell style (style 0 first). */
  cellXfs?: number[];
  date1904?: boolean;
  /** Zip method of every entry (default 8, deflate). */
  method?: number;
  /** The method of the worksheets alone, when it differs. */
  sheetMethod?: number;
}

/** A worksheet part's XML, as writeWorkbook writes it. */
export function sheetXml(s: BuiltSheet): string {
  const merges = s.merges ? `<mergeCells count="${s.merges.length}">${s.merges.map((m) => `<mergeCell ref="${m}"/>`).join('')}</mergeCells>` : '';
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet ${MAIN}><sheetData>${s.rows}</sheetData>${merges}<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>`;
}

/** Writes the workbook: content types, workbook and its relationships, styles, shared strings, then the sheets. */
export async function writeWorkbook(path: string, book: BuiltWorkbook): Promise<void> {
  const method = book.method ?? 8;
  const sheetRels = book.sheets.map((_, i) => `<Relationship Id="rId${i + 10}" Type="${REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('');
  const parts = [
    zipPart('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>', method),
    zipPart('xl/workbook.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook ${MAIN} xmlns:r="${REL}"><workbookPr${book.date1904 ? ' date1904="1"' : ''}/><sheets>${book.sheets.map((s, i) => `<sheet name="${s.name}" sheetId="${i + 1}" r:id="rId${i + 10}"/>`).join('')}</sheets></workbook>`, method),
    zipPart('xl/_rels/workbook.xml.rels', `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/styles" Target="styles.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="/xl/sharedStrings.xml"/>${sheetRels}</Relationships>`, method),
    zipPart('xl/styles.xml', `<?xml version="1.0" encoding="UTF-8"?><styleSheet ${MAIN}><numFmts>${(book.numFmts ?? []).map(([id, code]) => `<numFmt numFmtId="${id}" formatCode="${code}"/>`).join('')}</numFmts><cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs><cellXfs>${(book.cellXfs ?? [0]).map((id) => `<xf numFmtId="${id}" fontId="0"/>`).join('')}</cellXfs></styleSheet>`, method),
    zipPart('xl/sharedStrings.xml', `<?xml version="1.0" encoding="UTF-8"?><sst ${MAIN}>${(book.sharedStrings ?? []).join('')}</sst>`, method),
    ...book.sheets.map((s, i) => zipPart(`xl/worksheets/sheet${i + 1}.xml`, sheetXml(s), book.sheetMethod ?? method)),
  ];
  await writeZip(path, parts);
}
