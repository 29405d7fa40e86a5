/**
 * A PDF page's text in reading order, rebuilt from PDF.js text items (their x/y), for documents laid out
 * on a page rather than written as a flow: resumes. Lines are grouped by baseline; a page with a vertical
 * gutter (a two-column resume: a sidebar beside the main column) is read column by column when both sides
 * carry section headings, else row by row (a table of dates, titles and companies), cells separated by a tab.
 * Lines repeated at the top or bottom of several pages (running headers and footers, page numbers) are
 * dropped. Pure: the worker that reads the PDF calls it (modules/resumes/resume-parse.worker.ts).
 */

export interface LayoutItem {
  str: string;
  /** Left edge and baseline, PDF units, y growing upwards. */
  x: number;
  y: number;
  width: number;
  /** The font size (the item's height). */
  size: number;
}

export interface LayoutPage {
  width: number;
  height: number;
  items: LayoutItem[];
}

interface Line {
  y: number;
  size: number;
  items: LayoutItem[];
  left: number;
  right: number;
}

const median = (values: number[]): number => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** Items → lines (same baseline within a third of the font size), each line's items left to right. */
function groupLines(items: LayoutItem[]): Line[] {
  const sorted = items
    .filter((item) => item.str.trim() !== '')
    .sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: Line[] = [];
  for (const item of sorted) {
    const tolerance = Math.max(1, item.size * 0.35);
    // Items on the same baseline may come after items of a lower line (another column): look back a little.
    let line: Line | undefined;
    for (let k = lines.length - 1; k >= 0 && k >= lines.length - 4; k -= 1) {
      if (Math.abs(lines[k]!.y - item.y) <= tolerance) {
        line = lines[k];
        break;
      }
    }
    if (line) {
      line.items.push(item);
      line.left = Math.min(line.left, item.x);
      line.right = Math.max(line.right, item.x + item.width);
      line.size = Math.max(line.size, item.size);
    } else {
      lines.push({ y: item.y, size: item.size, items: [item], left: item.x, right: item.x + item.width });
    }
  }
  for (const line of lines) line.items.sort((a, b) => a.x - b.x);
  return lines.sort((a, b) => b.y - a.y);
}

/** Splits a line's items into runs separated by gaps wider than `gap` (table cells, the two columns). */
function runsOf(items: LayoutItem[], gap: number): LayoutItem[][] {
  const runs: LayoutItem[][] = [];
  let current: LayoutItem[] = [];
  let end = -Infinity;
  for (const item of items) {
    if (current.length > 0 && item.x - end > gap) {
      runs.push(current);
      current = [];
    }
    current.push(item);
    end = Math.max(end, item.x + item.width);
  }
  if (current.length > 0) runs.push(current);
  return runs;
}

/** The text of items on one line: a space where the gap is a word gap, a tab where it is a cell gap. */
function itemsText(items: LayoutItem[]): string {
  let text = '';
  let end: number | null = null;
  for (const item of items) {
    if (end !== null) {
      const gap = item.x - end;
      if (gap > item.size * 1.5) text += '\t';
      else if (gap > item.size * 0.12 && !/\s$/.test(text) && !/^\s/.test(item.str)) text += ' ';
    }
    text += item.str;
    end = item.x + item.width;
  }
  return text.replace(/[ \u00a0]+/g, ' ').trim();
}

const HEADING =
  /^(?:(?:work|professional|employment|career|relevant)\s+)?(?:experience|history|employment|skills?|education|summary|profile|contact|languages?|certifications?|projects?|interests|references|about(?: me)?|objective|competencies|expertise|awards|publications|training|qualifications|tools|technologies|details|personal details|links)(?:\s+(?:history|skills|experience|summary|details|&\s*\w+))?:?$/i;

const looksLikeHeading = (text: string) => HEADING.test(text.trim()) || /^(?:technical|core|key)\s+\w+:?$/i.test(text.trim());

/**
 * The x of a vertical gutter crossed by few lines (at most 15 %), between 20 % and 80 % of the page width,
 * with text on both sides of it on at least 4 lines each; null when there is none.
 */
function findGutter(lines: Line[], width: number): number | null {
  if (lines.length < 8) return null;
  const from = width * 0.2;
  const to = width * 0.8;
  let best: { x: number; crossing: number; run: number } | null = null;
  let runStart: number | null = null;
  const step = 2;
  const limit = Math.floor(lines.length * 0.15);
  const crossings: Array<{ x: number; crossing: number }> = [];
  // Each line's word runs (a wide gap between cells separates two runs) as [left, right] spans.
  const spans = lines.map((line) =>
    runsOf(line.items, line.size * 1.2).map(
      (run) => [run[0]!.x, Math.max(...run.map((item) => item.x + item.width))] as const,
    ),
  );
  for (let x = from; x <= to; x += step) {
    let crossing = 0;
    for (const lineSpans of spans) if (lineSpans.some(([left, right]) => left < x && right > x)) crossing += 1;
    crossings.push({ x, crossing });
  }
  // The widest run of positions with few crossings; its middle is the gutter.
  let runLength = 0;
  for (const { x, crossing } of crossings) {
    if (crossing <= limit) {
      if (runStart === null) runStart = x;
      runLength += step;
      const minCrossing = Math.min(crossing, best?.crossing ?? Infinity);
      if (!best || runLength > best.run) best = { x: runStart + runLength / 2, crossing: minCrossing, run: runLength };
    } else {
      runStart = null;
      runLength = 0;
    }
  }
  if (!best || best.run < 8) return null;
  const gutter = best.x;
  const leftLines = lines.filter((line) => line.items.some((item) => item.x + item.width <= gutter)).length;
  const rightLines = lines.filter((line) => line.items.some((item) => item.x >= gutter)).length;
  return leftLines >= 4 && rightLines >= 4 ? gutter : null;
}

interface OutLine {
  text: string;
  y: number;
  size: number;
}

function pageLines(page: LayoutPage): OutLine[] {
  const lines = groupLines(page.items);
  const gutter = findGutter(lines, page.width);
  const plain = (list: Line[]): OutLine[] =>
    list.map((line) => ({ text: itemsText(line.items), y: line.y, size: line.size }));
  if (gutter === null) return plain(lines);

  // Split every line at the gutter; lines crossing it stay whole (a full-width header, a heading).
  type Part = { side: 'full' | 'left' | 'right'; line: Line };
  const parts: Part[] = [];
  for (const line of lines) {
    const left = line.items.filter((item) => item.x + item.width <= gutter + 1);
    const right = line.items.filter((item) => item.x >= gutter - 1 && !left.includes(item));
    if (left.length + right.length < line.items.length) parts.push({ side: 'full', line });
    else {
      if (left.length) parts.push({ side: 'left', line: { ...line, items: left } });
      if (right.length) parts.push({ side: 'right', line: { ...line, items: right } });
    }
  }
  const headingsOn = (side: 'left' | 'right') =>
    parts.filter((part) => part.side === side && looksLikeHeading(itemsText(part.line.items))).length;
  if (headingsOn('left') === 0 || headingsOn('right') === 0) {
    // A table (or aligned label/value pairs): row by row, the cells apart by a tab.
    return lines.map((line) => ({
      text: runsOf(line.items, line.size * 1.5)
        .map(itemsText)
        .join('\t'),
      y: line.y,
      size: line.size,
    }));
  }
  // Columns: full-width lines in place; between two of them, the left column's lines, then the right's.
  const out: OutLine[] = [];
  let band: Part[] = [];
  const flush = () => {
    for (const side of ['left', 'right'] as const) {
      const sideLines = band.filter((part) => part.side === side).map((part) => part.line);
      const block = plain(sideLines);
      if (block.length && out.length) out.push({ text: '', y: block[0]!.y, size: 0 });
      out.push(...block);
    }
    band = [];
  };
  for (const part of parts) {
    if (part.side === 'full') {
      flush();
      out.push(...plain([part.line]));
    } else band.push(part);
  }
  flush();
  return out;
}

/** Text with digits masked: "Page 2 of 3" and "Page 1 of 3" are the same running footer. */
const shape = (text: string) => text.replace(/\d+/g, '#').replace(/\s+/g, ' ').trim().toLowerCase();
const PAGE_NUMBER = /^(?:page\s*)?#(?:\s*(?:of|\/|von|sur|de)\s*#)?$|^-\s*#\s*-$/;

/** The pages' text in reading order; blank lines between paragraphs and pages. */
export function layoutPdfText(pages: LayoutPage[]): string {
  const perPage = pages.map((page) => ({ page, lines: pageLines(page) }));
  // Running headers and footers: the same line (digits aside) near the top or bottom of two pages or more.
  const counts = new Map<string, number>();
  for (const { page, lines } of perPage) {
    const seen = new Set<string>();
    for (const line of lines) {
      const edge = line.y > page.height * 0.9 || line.y < page.height * 0.1;
      if (edge && line.text) seen.add(shape(line.text));
    }
    for (const key of seen) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const out: string[] = [];
  for (const { page, lines } of perPage) {
    const gaps: number[] = [];
    for (let k = 1; k < lines.length; k += 1) {
      const gap = lines[k - 1]!.y - lines[k]!.y;
      if (gap > 0) gaps.push(gap);
    }
    const usual = median(gaps) || 14;
    let previous: OutLine | null = null;
    for (const line of lines) {
      const key = shape(line.text);
      const edge = line.y > page.height * 0.9 || line.y < page.height * 0.1;
      if (edge && (PAGE_NUMBER.test(key) || (pages.length > 1 && (counts.get(key) ?? 0) >= 2))) continue;
      if (line.text === '') {
        out.push('');
        previous = null;
        continue;
      }
      if (previous && previous.y - line.y > usual * 1.6) out.push('');
      out.push(line.text);
      previous = line;
    }
    out.push('');
  }
  return out.join('\n');
}
