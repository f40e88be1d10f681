// Reads the reports' files as a person opening them would: a PDF's pages and their text (pdf.js), an
// XLSX's sheets and cells (exceljs), a CSV's records (csv-parse) in UTF-8 or Shift_JIS.
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text of each page, without white space (pdf.js splits words where the layout put glyphs apart)
 * and NFKC-normalised (a CJK font's shared glyphs come back as Kangxi radicals: ⾏ for 行).
 */
export async function pdfPages(bytes: Buffer): Promise<string[]> {
  return (await pdfLines(bytes)).map((lines) => compact(lines.join('')));
}

/** Each page's text as the PDF lays it out, a line of a cell at a time (pdf.js gives one item per line run), blank items left out. */
export async function pdfLines(bytes: Buffer): Promise<string[][]> {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[][] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str.trim() : '')).filter(Boolean));
  }
  await document.destroy();
  return pages;
}

/**
 * The fonts a PDF embeds, as its font dictionaries name them (Chromium writes them uncompressed): each
 * font's /Subtype and each embedded face's /BaseFont, subset prefix removed (AAAAAA+BIZUDPGothic-Bold).
 */
export function pdfFonts(bytes: Buffer): { subtypes: Set<string>; faces: Set<string> } {
  const text = bytes.toString('latin1');
  const subtypes = new Set([...text.matchAll(/\/Subtype\s*\/(Type0|Type1|Type3|TrueType|CIDFontType0|CIDFontType2)\b/g)].map((match) => match[1]!));
  const faces = new Set([...text.matchAll(/\/BaseFont\s*\/(?:[A-Z]{6}\+)?([\w-]+)/g)].map((match) => match[1]!));
  return { subtypes, faces };
}

/** Text as pdfPages gives it, to look for in a page. */
export const compact = (text: string) => text.normalize('NFKC').replace(/\s+/g, '');

/** Each sheet's name and rows of cell values (row 1 first; empty rows kept as empty arrays). */
export async function xlsxSheets(bytes: Buffer): Promise<{ name: string; rows: unknown[][] }[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.worksheets.map((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row, number) => {
      rows[number - 1] = (row.values as unknown[]).slice(1);
    });
    return { name: sheet.name, rows: Array.from(rows, (row) => row ?? []) };
  });
}

export function csvRecords(bytes: Buffer, encoding: 'utf8' | 'sjis'): string[][] {
  const text = encoding === 'sjis' ? iconv.decode(bytes, 'cp932') : bytes.toString('utf8').replace(/^\uFEFF/, '');
  return parse(text, { relax_column_count: true }) as string[][];
}
