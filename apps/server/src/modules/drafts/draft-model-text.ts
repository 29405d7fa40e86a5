import { escapeHtml } from '../../lib/html';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/**
 * A model's answer as safe HTML: its markup is not trusted, so it is read as text (list items kept as "• ",
 * paragraphs and line breaks kept) and written again as escaped paragraphs.
 */
export function modelAnswerToHtml(answer: string): string {
  const text = answer
    .replace(/```(?:html)?/gi, '')
    .replace(/<li[^>]*>/gi, '\n• ')
    .replace(/<\/(?:p|div|ul|ol|h\d)>|<br\s*\/?>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '');
  return text
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
