import { extractText, getDocumentProxy } from 'unpdf';

/** A PDF's text, every page merged (what a reader of the PDF sees, in reading order). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(bytes);
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}
