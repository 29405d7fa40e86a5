// With a model, every number in its answer must come from a tool result (issue 13). This checks an
// answer's figures against what the tools returned, renders the results plainly when the check fails, and
// strips what the chat never shows (raw HTML, images, external links).
import { keepInAppLinks } from './safe-markdown';

export interface ToolOutcome {
  tool: string;
  args: unknown;
  result: unknown;
}

const NUMBER = /(?<![\w.])-?\d[\d,]*(?:\.\d+)?/g;

function decimals(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** The figures written in a text (thousands separators allowed), with their written precision. */
export function figuresIn(text: string): { value: number; decimals: number }[] {
  const figures: { value: number; decimals: number }[] = [];
  for (const match of text.matchAll(NUMBER)) {
    const raw = match[0].replace(/,/g, '');
    const value = Number(raw);
    if (Number.isFinite(value)) figures.push({ value, decimals: decimals(raw) });
  }
  return figures;
}

/** Every number a tool result holds (values, and figures inside its strings such as dates and periods). */
function collect(value: unknown, into: number[], depth = 0): void {
  if (depth > 12) return;
  if (typeof value === 'number' && Number.isFinite(value)) into.push(value);
  else if (typeof value === 'string') for (const figure of figuresIn(value)) into.push(figure.value);
  else if (Array.isArray(value)) for (const item of value) collect(item, into, depth + 1);
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) {
      collect(key, into, depth + 1);
      collect(item, into, depth + 1);
    }
}

/**
 * The figures of `answer` that no tool result (nor the user's own words) supports. A figure is supported
 * when some source number equals it as written (rounded to its decimals), also read as minor units (÷100:
 * money in cents) or as a fraction shown in percent (×100). Ordered-list markers are not figures.
 */
export function unsupportedFigures(answer: string, outcomes: ToolOutcome[], userText: string[]): number[] {
  const sources: number[] = [];
  for (const outcome of outcomes) collect(outcome.result, sources);
  for (const text of userText) collect(text, sources);
  const candidates = new Set<number>();
  for (const source of sources) {
    candidates.add(source);
    candidates.add(source / 100);
    candidates.add(source * 100);
  }
  const text = answer.replace(/^\s*\d+[.)]\s/gm, '').replace(/\]\([^)]*\)/g, ']');
  return figuresIn(text)
    .filter((figure) => {
      const tolerance = 0.5 * 10 ** -figure.decimals + 1e-9;
      for (const candidate of candidates)
        if (Math.abs(Math.abs(candidate) - Math.abs(figure.value)) <= tolerance) return false;
      return true;
    })
    .map((figure) => figure.value);
}

const cell = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text
    .replace(/\|/g, '\\|')
    .replace(/[\r\n]+/g, ' ')
    .slice(0, 200);
};

function renderValue(value: unknown): string {
  if (Array.isArray(value)) {
    if (!value.length) return '(none)';
    if (value.every((row) => row && typeof row === 'object' && !Array.isArray(row))) {
      const rows = value.slice(0, 20) as Record<string, unknown>[];
      const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))].slice(0, 8);
      const lines = [`| ${columns.join(' | ')} |`, `| ${columns.map(() => '---').join(' | ')} |`];
      for (const row of rows) lines.push(`| ${columns.map((column) => cell(row[column])).join(' | ')} |`);
      if (value.length > rows.length) lines.push('', `(${value.length - rows.length} more rows)`);
      return lines.join('\n');
    }
    return value
      .slice(0, 50)
      .map((item) => `- ${cell(item)}`)
      .join('\n');
  }
  if (value && typeof value === 'object') {
    return Object.entries(value)
      .slice(0, 40)
      .map(([key, item]) =>
        item && typeof item === 'object' ? `- **${key}**:\n\n${renderValue(item)}\n` : `- **${key}**: ${cell(item)}`,
      )
      .join('\n');
  }
  return cell(value);
}

/** The tool results as plain markdown: what the assistant found, without the model's words. */
export function renderOutcomes(outcomes: ToolOutcome[]): string {
  if (!outcomes.length)
    return "I couldn't find the figures for that in the agency's data. Try asking about a client, a role, a period or a metric.";
  const parts = [
    "I couldn't check every figure of the answer against the agency's data, so here is what the data says:",
  ];
  for (const outcome of outcomes.slice(-5)) {
    parts.push(`**${outcome.tool.replace(/_/g, ' ')}** (${cell(outcome.args)})\n\n${renderValue(outcome.result)}`);
  }
  return parts.join('\n\n');
}

/**
 * Drops raw HTML, images and links that leave the app (the chat renders markdown; only links to the
 * app's own pages stay, whatever their Markdown form: safe-markdown.ts).
 */
export function sanitiseAnswer(markdown: string): string {
  return keepInAppLinks(markdown);
}
