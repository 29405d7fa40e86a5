import type { Db } from '../../db/client';
import { emailTemplatesTable, type NewEmailTemplateRow } from '../email-templates/email-templates.table';

// The demo agency's shared email templates (issue 33): outreach, a follow-up, an interview confirmation and the
// submittal the pipeline's "Email submittal" offers.

const TEMPLATES: Pick<NewEmailTemplateRow, 'name' | 'purpose' | 'subject' | 'bodyHtml'>[] = [
  {
    name: 'First outreach',
    purpose: 'general',
    subject: '{{role.title}} at {{client.name}}',
    bodyHtml:
      '<p>Hi {{candidate.first_name}},</p><p>I came across your work as {{candidate.current_title}} and think you ' +
      'would be a strong fit for a {{role.title}} role with {{client.name}} ({{role.location}}). Would you be open ' +
      'to a short call this week?</p><p>Best regards,<br>{{recruiter.full_name}}</p>{{recruiter.signature}}' +
      '<p><small>Not interested in hearing from us? <a href="{{unsubscribe_url}}">Unsubscribe</a>.</small></p>',
  },
  {
    name: 'Friendly follow-up',
    purpose: 'general',
    subject: 'Following up, {{candidate.first_name}}',
    bodyHtml:
      '<p>Hi {{candidate.first_name}},</p><p>Just following up on my note about the {{role.title}} role. Happy to ' +
      'share more details whenever suits you.</p><p>{{recruiter.full_name}}, {{agency.name}}</p>' +
      '{{recruiter.signature}}<p><small><a href="{{unsubscribe_url}}">Unsubscribe</a></small></p>',
  },
  {
    name: 'Interview confirmation',
    purpose: 'general',
    subject: 'Your interview for {{role.title}} at {{client.name}}',
    bodyHtml:
      '<p>Hi {{candidate.first_name}},</p><p>This confirms your interview for the {{role.title}} role at ' +
      '{{client.name}}. Reply to this email if anything changes.</p><p>Good luck!<br>{{recruiter.full_name}}</p>' +
      '{{recruiter.signature}}',
  },
  {
    name: 'Submittal to hiring manager',
    purpose: 'submittal',
    subject: 'Candidate for {{role.title}}: {{candidate.full_name}}',
    bodyHtml:
      '<p>Hi {{contact.first_name}},</p><p>I would like to put forward {{candidate.full_name}}, currently ' +
      '{{candidate.current_title}} at {{candidate.current_company}}, for the {{role.title}} role. Their resume is ' +
      'attached.</p><p>Let me know when you would like to meet them.</p><p>{{recruiter.full_name}}<br>' +
      '{{agency.name}}</p>{{recruiter.signature}}',
  },
];

export async function seedDemoEmailTemplates(tx: Db, ownerId: number | null, now: Date): Promise<void> {
  await tx
    .insert(emailTemplatesTable)
    .values(TEMPLATES.map((row) => ({ ...row, scope: 'shared' as const, ownerId, createdAt: now, updatedAt: now })));
}
