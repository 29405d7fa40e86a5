import { describe, expect, it } from 'vitest';
import type { Draft } from '@recruitdesk/contracts/drafts';
import { recordChip, withAssistantDraft, type ComposeDraft } from './compose-logic';

const window = (overrides: Partial<ComposeDraft> = {}): ComposeDraft => ({
  to: [recordChip('candidate', 7, 'Rhea Submit', 'rhea@talent.test')],
  cc: [],
  bcc: [],
  subject: '',
  bodyHtml: '',
  attachments: [],
  sendAt: '',
  records: [{ type: 'pipeline', id: 3 }],
  ...overrides,
});

const suggestion = (overrides: Partial<Draft> = {}): Draft => ({
  kind: 'submittal',
  engine: 'builtin',
  to: [{ record: 'contact', id: 12, name: 'Hana Hiring', address: 'hana@client.test' }],
  subject: 'Submittal: Rhea Submit for Data Engineer',
  body_html: '<p>Hana, meet Rhea.</p>',
  records: [
    { type: 'pipeline', id: 3 },
    { type: 'role', id: 5 },
  ],
  attachments: [{ kind: 'candidate_resume', id: 7, filename: 'rhea.pdf' }],
  send_individually: false,
  notes: [],
  ...overrides,
});

describe('withAssistantDraft', () => {
  it('addresses the draft to whom it names (a submittal to the hiring manager, not the candidate)', () => {
    const next = withAssistantDraft(window(), suggestion());
    expect(next.to.map((chip) => chip.label)).toEqual([expect.stringContaining('Hana Hiring')]);
    expect(next.subject).toBe('Submittal: Rhea Submit for Data Engineer');
    expect(next.records).toEqual([
      { type: 'pipeline', id: 3 },
      { type: 'role', id: 5 },
    ]);
    expect(next.attachments).toEqual([{ kind: 'candidate_resume', id: 7, filename: 'rhea.pdf' }]);
  });

  it('keeps the window’s recipients when the draft names none', () => {
    const before = window();
    expect(withAssistantDraft(before, suggestion({ to: [] })).to).toEqual(before.to);
  });
});
