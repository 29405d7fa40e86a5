/**
 * Builds the resume evaluation set: varied resumes (seeded: the same set every run) with the fields a
 * recruiter would type from them. Formats: plain text, DOCX (paragraphs, a table, header and footer),
 * one-column PDF, two-column PDF (a sidebar), PDF with the experience in a table, two-page PDF with a
 * running header and footer. Plus the hand-written resumes of handwritten.ts.
 */
import { AlignmentType, Document, Footer, Header, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import { parsePhoneNumberWithError } from 'libphonenumber-js/max';
import PDFDocument from 'pdfkit';
import { seededRandom } from '../../src/lib/seeded-random';
import { FIELDS, LANGUAGES, NAMES, PLACES, SCHOOLS, SUMMARIES, type Field, type Place, type SkillSpelling } from './people';

export interface Expected {
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  location: string | null;
  linkedin_url: string | null;
  github_url: string | null;
  portfolio_url: string | null;
  current_title: string | null;
  current_company: string | null;
  years_experience: number | null;
  skills: string[];
}

export interface EvalResume {
  id: string;
  format: 'txt' | 'docx' | 'pdf';
  layout: string;
  bytes: Buffer;
  expected: Expected;
  /** Two pages or more (for the timing of two-page PDFs). */
  pages: number;
}

type Rand = () => number;
const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
const chance = (rand: Rand, p: number) => rand() < p;
function shuffle<T>(rand: Rand, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const ascii = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

// ---------------------------------------------------------------------------------------------------------
// Phones

function phoneOf(rand: Rand, place: Place): { e164: string; written: string } {
  for (;;) {
    const national = place.mobile.replace(/x/g, () => String(Math.floor(rand() * 10)));
    const e164 = `+${place.callingCode}${national}`;
    try {
      const parsed = parsePhoneNumberWithError(e164);
      if (!parsed.isValid()) continue;
      const style = Math.floor(rand() * 5);
      let written: string;
      if (style === 0) written = parsed.formatInternational();
      else if (style === 1) written = parsed.formatNational();
      else if (style === 2) written = e164;
      else if (style === 3)
        written = place.trunk
          ? `+${place.callingCode} (${place.trunk})${parsed.formatNational().replace(/^0/, '')}`
          : parsed.formatInternational().replace(/ /g, '.');
      else written = parsed.formatInternational().replace(/ /g, '-');
      return { e164, written };
    } catch {
      continue;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Dates

const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTHS_LONG = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const MONTHS_DE = ['Jan.', 'Feb.', 'März', 'Apr.', 'Mai', 'Juni', 'Juli', 'Aug.', 'Sept.', 'Okt.', 'Nov.', 'Dez.'];
const PRESENT = ['Present', 'present', 'Current', 'Now', 'heute', 'actuel', 'Today'];
type DateStyle = 'short' | 'long' | 'mm/yyyy' | 'yyyy-mm' | 'yyyy' | 'de';

function writeMonth(index: number, style: DateStyle): string {
  const year = Math.floor(index / 12);
  const month = index % 12;
  switch (style) {
    case 'short':
      return `${MONTHS_EN[month]} ${year}`;
    case 'long':
      return `${MONTHS_LONG[month]} ${year}`;
    case 'mm/yyyy':
      return `${String(month + 1).padStart(2, '0')}/${year}`;
    case 'yyyy-mm':
      return `${year}-${String(month + 1).padStart(2, '0')}`;
    case 'yyyy':
      return String(year);
    case 'de':
      return `${MONTHS_DE[month]} ${year}`;
  }
}

// ---------------------------------------------------------------------------------------------------------
// A resume as content, before layout

interface Job {
  title: string;
  company: string;
  start: number;
  end: number | null;
  city: string;
  bullets: string[];
}

interface Content {
  name: string;
  headline: string | null;
  contact: string[];
  summary: string | null;
  jobs: Job[];
  jobStyle: number;
  dateStyle: DateStyle;
  present: string;
  dash: string;
  headings: { experience: string; skills: string; education: string; summary: string; languages: string };
  skillsLines: string[];
  education: Array<{ institution: string; degree: string; year: number }>;
  languages: string[];
}

const NOW = new Date();
const NOW_INDEX = NOW.getUTCFullYear() * 12 + NOW.getUTCMonth();

function range(content: Content, job: Job): string {
  const end = job.end === null ? content.present : writeMonth(job.end, content.dateStyle);
  return `${writeMonth(job.start, content.dateStyle)}${content.dash}${end}`;
}

/** The lines of one job as this resume writes its entries. */
function jobLines(content: Content, job: Job): Array<{ text: string; kind: 'entry' | 'bullet' }> {
  const dates = range(content, job);
  const head: string[] = (() => {
    switch (content.jobStyle) {
      case 0:
        return [`${job.title}, ${job.company}\t${dates}`];
      case 1:
        return [job.title, `${job.company} | ${job.city} | ${dates}`];
      case 2:
        return [`${job.company} — ${job.city}`, `${job.title}\t${dates}`];
      case 3:
        return [dates, `${job.title} at ${job.company}`];
      case 4:
        return [`${job.title} | ${job.company} | ${dates}`];
      default:
        return [`${job.company}`, `${job.title} (${dates})`];
    }
  })();
  return [
    ...head.map((text) => ({ text, kind: 'entry' as const })),
    ...job.bullets.map((text) => ({ text, kind: 'bullet' as const })),
  ];
}

function makeContent(rand: Rand, index: number): { content: Content; expected: Expected } {
  const person = NAMES[index % NAMES.length]!;
  const place = pick(rand, PLACES);
  const field: Field = pick(rand, FIELDS);
  const phone = chance(rand, 0.95) ? phoneOf(rand, place) : null;
  const domain = pick(rand, ['gmail.com', 'outlook.com', 'proton.me', 'yahoo.co.uk', 'web.de', 'example.org', 'mail.com']);
  const user = chance(rand, 0.8)
    ? `${ascii(person.first).slice(0, 12) || 'wei'}${pick(rand, ['.', '_', ''])}${ascii(person.last) || 'wang'}`
    : `${pick(rand, ['hello', 'contact', 'jobs', 'me'])}${Math.floor(rand() * 90 + 10)}`;
  const email = `${user}@${domain}`;
  const handle = `${ascii(person.first).slice(0, 8) || 'wei'}-${ascii(person.last) || 'wang'}${Math.floor(rand() * 900 + 100)}`;
  const linkedin = chance(rand, 0.7) ? `linkedin.com/in/${handle}` : null;
  const github = field.name === 'software' || field.name === 'data' ? (chance(rand, 0.6) ? `github.com/${handle}` : null) : null;
  const portfolio = chance(rand, 0.25) ? `${ascii(person.last) || 'wang'}${pick(rand, ['.dev', '.design', '-portfolio.com', '.me'])}` : null;

  // Skills: a few from the field, each in one of its spellings.
  const chosen: SkillSpelling[] = shuffle(rand, field.skills).slice(0, 5 + Math.floor(rand() * 5));
  const spelled = chosen.map((skill) => ({ canonical: skill[0], written: pick(rand, skill.slice(1)) }));
  const sectionSkills = spelled.slice(0, Math.max(3, spelled.length - 2));
  const bulletSkills = spelled.slice(sectionSkills.length - 1);
  const languages = shuffle(rand, LANGUAGES).slice(0, chance(rand, 0.6) ? 2 : 0);

  // Jobs: newest first; the newest current in most resumes.
  const jobCount = 1 + Math.floor(rand() * 4);
  const jobs: Job[] = [];
  let end: number | null = chance(rand, 0.8) ? null : NOW_INDEX - 1 - Math.floor(rand() * 10);
  let bulletSkillIndex = 0;
  const titles = shuffle(rand, field.titles);
  const companies = shuffle(rand, field.companies);
  for (let k = 0; k < jobCount; k += 1) {
    const endIndex = end ?? NOW_INDEX;
    const length = 10 + Math.floor(rand() * 40);
    const start = endIndex - length;
    const bullets = shuffle(rand, field.bullets)
      .slice(0, 2 + Math.floor(rand() * 2))
      .map((template) =>
        template.replace(/\{skill\}/g, () => {
          const skill = bulletSkills[bulletSkillIndex % Math.max(1, bulletSkills.length)] ?? spelled[0]!;
          bulletSkillIndex += 1;
          return skill.written;
        }),
      );
    jobs.push({ title: titles[k % titles.length]!, company: companies[k % companies.length]!, start, end, city: place.location.split(',')[0]!, bullets });
    end = start - Math.floor(rand() * 4);
  }
  const dateStyle = pick(rand, ['short', 'long', 'mm/yyyy', 'yyyy-mm', 'yyyy', 'short', 'de'] as const);
  const negative = chance(rand, 0.25) ? shuffle(rand, field.skills).find((skill) => !chosen.includes(skill)) : undefined;
  const summary = chance(rand, 0.7)
    ? `${pick(rand, SUMMARIES)}${negative ? ` Not interested in ${negative[1]} roles.` : ''}`
    : negative
      ? `Not interested in ${negative[1]} work.`
      : null;

  const school = pick(rand, SCHOOLS);
  const education = [{ institution: school.institution, degree: pick(rand, school.degrees), year: Math.floor((jobs[jobs.length - 1]!.start - 6) / 12) }];
  const contactParts = [
    place.location,
    ...(phone ? [phone.written] : []),
    email,
    ...(linkedin ? [linkedin] : []),
    ...(github ? [github] : []),
    ...(portfolio ? [portfolio] : []),
  ];
  const name = person.written ?? (chance(rand, 0.2) ? `${person.first} ${person.last}`.toUpperCase() : `${person.first} ${person.last}`);
  const skillsLines = (() => {
    const written = sectionSkills.map((skill) => skill.written);
    const style = Math.floor(rand() * 3);
    if (style === 0) return [written.join(', ')];
    if (style === 1) return [written.join(' · ')];
    return written.map((skill) => `• ${skill}`);
  })();
  const content: Content = {
    name,
    headline: chance(rand, 0.5) ? jobs[0]!.title : null,
    contact: contactParts,
    summary,
    jobs,
    jobStyle: Math.floor(rand() * 6),
    dateStyle,
    present: dateStyle === 'de' ? 'heute' : pick(rand, PRESENT),
    dash: pick(rand, [' – ', ' - ', ' to ', '–', ' — ']),
    headings: {
      experience: pick(rand, ['Experience', 'Work History', 'Employment', 'Professional Experience', 'WORK EXPERIENCE', 'Career History', 'EMPLOYMENT HISTORY']),
      skills: pick(rand, ['Skills', 'Technical Skills', 'Core Competencies', 'KEY SKILLS', 'Skills & Tools']),
      education: pick(rand, ['Education', 'EDUCATION', 'Academic Background']),
      summary: pick(rand, ['Summary', 'Profile', 'PROFESSIONAL SUMMARY', 'About Me']),
      languages: pick(rand, ['Languages', 'LANGUAGES']),
    },
    skillsLines,
    education,
    languages: languages.map((language) => `${language[1]} (${pick(rand, ['native', 'fluent', 'C1', 'B2', 'professional'])})`),
  };
  const months = jobs.reduce((sum, job) => sum + ((job.end ?? NOW_INDEX) + 1 - job.start), 0);
  const expected: Expected = {
    first_name: person.first,
    last_name: person.last,
    email,
    phone: phone?.e164 ?? null,
    location: place.location,
    linkedin_url: linkedin ? `https://${linkedin}` : null,
    github_url: github ? `https://${github}` : null,
    portfolio_url: portfolio ? `https://${portfolio}` : null,
    current_title: jobs[0]!.title,
    current_company: jobs[0]!.company,
    years_experience: Math.round((months / 12) * 10) / 10,
    skills: [
      ...new Set([
        ...sectionSkills.map((skill) => skill.canonical),
        ...bulletSkills.slice(0, bulletSkillIndex).map((skill) => skill.canonical),
        ...languages.map((language) => language[0]),
      ]),
    ].filter((skill) => skill !== negative?.[0]),
  };
  return { content, expected };
}

// ---------------------------------------------------------------------------------------------------------
// Layouts

type Block = { text: string; style: 'name' | 'headline' | 'contact' | 'heading' | 'entry' | 'bullet' | 'body' };

function mainBlocks(content: Content, withContact = true, withSidebarParts = true): Block[] {
  const blocks: Block[] = [{ text: content.name, style: 'name' }];
  if (content.headline) blocks.push({ text: content.headline, style: 'headline' });
  if (withContact) blocks.push({ text: content.contact.join(' | '), style: 'contact' });
  if (content.summary) blocks.push({ text: content.headings.summary, style: 'heading' }, { text: content.summary, style: 'body' });
  blocks.push({ text: content.headings.experience, style: 'heading' });
  for (const job of content.jobs)
    for (const line of jobLines(content, job))
      blocks.push({ text: line.kind === 'bullet' ? `• ${line.text}` : line.text, style: line.kind });
  if (withSidebarParts) blocks.push(...sideBlocks(content));
  return blocks;
}

function sideBlocks(content: Content): Block[] {
  const blocks: Block[] = [{ text: content.headings.skills, style: 'heading' }];
  for (const line of content.skillsLines) blocks.push({ text: line, style: 'body' });
  blocks.push({ text: content.headings.education, style: 'heading' });
  for (const item of content.education)
    blocks.push({ text: item.institution, style: 'entry' }, { text: `${item.degree}, ${item.year}`, style: 'body' });
  if (content.languages.length) {
    blocks.push({ text: content.headings.languages, style: 'heading' });
    for (const language of content.languages) blocks.push({ text: language, style: 'body' });
  }
  return blocks;
}

function renderText(content: Content): Buffer {
  const lines: string[] = [];
  for (const block of mainBlocks(content)) {
    if (block.style === 'heading') lines.push('', block.text.toUpperCase() === block.text ? block.text : `${block.text}:`);
    else lines.push(block.text.replace(/\t/g, '    '));
  }
  return Buffer.from(lines.join('\n'), 'utf8');
}

const FONT_REGULAR = 'Helvetica';
const FONT_BOLD = 'Helvetica-Bold';
/** pdfkit's standard fonts cannot draw CJK or Cyrillic: those resumes use a Unicode TTF when there is one. */
const UNICODE_FONTS = ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/noto/NotoSansCJK-Regular.ttc'];

function pdfBuffer(draw: (doc: PDFKit.PDFDocument) => void, options: { header?: string; footer?: boolean } = {}): Promise<{ bytes: Buffer; pages: number }> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, bufferPages: true, info: { Title: 'Resume' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('error', reject);
    let pages = 0;
    doc.on('end', () => resolve({ bytes: Buffer.concat(chunks), pages }));
    draw(doc);
    const range = doc.bufferedPageRange();
    pages = range.count;
    for (let page = range.start; page < range.start + range.count; page += 1) {
      doc.switchToPage(page);
      // Writing into the margins must not add pages.
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      if (options.header) doc.font(FONT_REGULAR).fontSize(8).fillColor('#666').text(options.header, 50, 20, { lineBreak: false });
      if (options.footer)
        doc.font(FONT_REGULAR).fontSize(8).fillColor('#666').text(`Page ${page + 1} of ${range.count}`, 50, doc.page.height - 30, { lineBreak: false });
      doc.page.margins.bottom = bottom;
    }
    doc.end();
  });
}

function fontFor(doc: PDFKit.PDFDocument, text: string, bold: boolean) {
  if (/[^\u0000-\u024f\u2000-\u206f•·—–]/.test(text)) {
    const font = UNICODE_FONTS.find((path) => {
      try {
        doc.font(path);
        return true;
      } catch {
        return false;
      }
    });
    if (font) return;
  }
  doc.font(bold ? FONT_BOLD : FONT_REGULAR);
}

function drawBlock(doc: PDFKit.PDFDocument, block: Block, x: number, width: number) {
  const size = { name: 20, headline: 12, contact: 9, heading: 12, entry: 10.5, bullet: 10, body: 10 }[block.style];
  fontFor(doc, block.text, block.style === 'name' || block.style === 'heading' || block.style === 'entry');
  doc.fillColor('#000').fontSize(size);
  if (block.style === 'heading') doc.moveDown(0.6);
  const [left, right] = block.text.split('\t');
  if (right !== undefined) {
    const y = doc.y;
    doc.text(left!, x, y, { width: width * 0.7 });
    const after = doc.y;
    doc.text(right, x + width * 0.7, y, { width: width * 0.3, align: 'right' });
    doc.y = Math.max(after, doc.y);
  } else doc.text(block.text, x, doc.y, { width });
}

async function renderPdfOneColumn(content: Content, options: { header?: boolean; long?: boolean } = {}) {
  return pdfBuffer(
    (doc) => {
      for (const block of mainBlocks(content)) drawBlock(doc, block, 50, doc.page.width - 100);
      if (options.long) {
        // A longer resume: projects and more detail until a second page.
        drawBlock(doc, { text: 'Projects', style: 'heading' }, 50, doc.page.width - 100);
        for (let k = 0; k < 34; k += 1)
          drawBlock(doc, { text: `• Internal project ${k + 1}: planning, delivery and handover to the operations team.`, style: 'bullet' }, 50, doc.page.width - 100);
      }
    },
    options.header ? { header: `${content.name} — Curriculum Vitae`, footer: true } : { footer: Boolean(options.long) },
  );
}

async function renderPdfTwoColumn(content: Content) {
  return pdfBuffer((doc) => {
    const pageWidth = doc.page.width;
    drawBlock(doc, { text: content.name, style: 'name' }, 50, pageWidth - 100);
    if (content.headline) drawBlock(doc, { text: content.headline, style: 'headline' }, 50, pageWidth - 100);
    const top = doc.y + 10;
    // Sidebar: contact, skills, education, languages.
    doc.y = top;
    drawBlock(doc, { text: 'Contact', style: 'heading' }, 50, 150);
    for (const part of content.contact) drawBlock(doc, { text: part, style: 'contact' }, 50, 150);
    for (const block of sideBlocks(content)) drawBlock(doc, block, 50, 150);
    // Main column.
    doc.y = top;
    const main = mainBlocks({ ...content, headline: null }, false, false).slice(1);
    for (const block of main) drawBlock(doc, block, 230, pageWidth - 280);
  });
}

async function renderPdfTable(content: Content) {
  return pdfBuffer((doc) => {
    const width = doc.page.width - 100;
    for (const block of mainBlocks(content, true, false).filter((block) => block.style !== 'entry' && block.style !== 'bullet')) {
      if (block.text === content.headings.experience) break;
      drawBlock(doc, block, 50, width);
    }
    drawBlock(doc, { text: content.headings.experience, style: 'heading' }, 50, width);
    doc.moveDown(0.3);
    for (const job of content.jobs) {
      const y = doc.y;
      doc.font(FONT_REGULAR).fontSize(10);
      doc.text(range(content, job), 50, y, { width: 120 });
      doc.font(FONT_BOLD).text(job.title, 180, y, { width: 170 });
      doc.font(FONT_REGULAR).text(job.company, 360, y, { width: 185 });
      doc.y = y + 16;
      for (const bullet of job.bullets) drawBlock(doc, { text: `• ${bullet}`, style: 'bullet' }, 180, width - 130);
      doc.moveDown(0.4);
    }
    for (const block of sideBlocks(content)) drawBlock(doc, block, 50, width);
  });
}

async function renderDocx(content: Content, withTable: boolean): Promise<Buffer> {
  const paragraphs: Array<Paragraph | Table> = [];
  const blocks = mainBlocks(content);
  let inExperience = false;
  for (const block of blocks) {
    if (block.style === 'heading') inExperience = block.text === content.headings.experience;
    if (withTable && inExperience && block.style !== 'heading') continue;
    paragraphs.push(
      new Paragraph({
        children: [new TextRun({ text: block.text.replace(/\t/g, ' '), bold: ['name', 'heading', 'entry'].includes(block.style), size: block.style === 'name' ? 36 : 22 })],
        alignment: block.style === 'name' ? AlignmentType.CENTER : AlignmentType.LEFT,
      }),
    );
    if (withTable && block.style === 'heading' && inExperience) {
      paragraphs.push(
        new Table({
          width: { size: 100, type: WidthType.PERCENTAGE },
          rows: content.jobs.map(
            (job) =>
              new TableRow({
                children: [
                  new TableCell({ children: [new Paragraph(range(content, job))] }),
                  new TableCell({ children: [new Paragraph({ children: [new TextRun({ text: job.title, bold: true })] }), ...job.bullets.map((bullet) => new Paragraph(`• ${bullet}`))] }),
                  new TableCell({ children: [new Paragraph(job.company)] }),
                ],
              }),
          ),
        }),
      );
    }
  }
  const doc = new Document({
    sections: [
      {
        headers: { default: new Header({ children: [new Paragraph(`${content.name} — Resume`)] }) },
        footers: { default: new Footer({ children: [new Paragraph('References available on request')] }) },
        children: paragraphs,
      },
    ],
  });
  return Packer.toBuffer(doc);
}

export async function generateResumes(count = 64, seed = 31): Promise<EvalResume[]> {
  const rand = seededRandom(seed);
  const out: EvalResume[] = [];
  const layouts = ['txt', 'docx', 'docx-table', 'pdf', 'pdf-two-column', 'pdf-table', 'pdf-two-page', 'pdf-header-footer'] as const;
  for (let index = 0; index < count; index += 1) {
    const { content, expected } = makeContent(rand, index);
    const layout = layouts[index % layouts.length]!;
    let bytes: Buffer;
    let pages = 1;
    let format: EvalResume['format'] = 'pdf';
    if (layout === 'txt') {
      bytes = renderText(content);
      format = 'txt';
    } else if (layout === 'docx' || layout === 'docx-table') {
      bytes = await renderDocx(content, layout === 'docx-table');
      format = 'docx';
    } else {
      const result =
        layout === 'pdf-two-column'
          ? await renderPdfTwoColumn(content)
          : layout === 'pdf-table'
            ? await renderPdfTable(content)
            : await renderPdfOneColumn(content, { header: layout === 'pdf-header-footer', long: layout === 'pdf-two-page' || layout === 'pdf-header-footer' });
      bytes = result.bytes;
      pages = result.pages;
    }
    out.push({ id: `gen-${String(index + 1).padStart(2, '0')}-${layout}`, format, layout, bytes, expected, pages });
  }
  return out;
}
