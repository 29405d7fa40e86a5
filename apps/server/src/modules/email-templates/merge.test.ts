import { describe, expect, it } from 'vitest';
import { htmlToText, mergeRefusal, renderTemplate } from './merge.service';

describe('renderTemplate', () => {
  it('fills fields, with whitespace inside the braces', () => {
    const out = renderTemplate(
      {
        subject: 'Hi {{candidate.first_name}} — {{ role.title }}',
        body_html: '<p>Dear {{  candidate.full_name  }},</p>',
      },
      { 'candidate.first_name': 'Jane', 'candidate.full_name': 'Jane Doe', 'role.title': 'Data Engineer' },
    );
    expect(out).toEqual({
      subject: 'Hi Jane — Data Engineer',
      bodyHtml: '<p>Dear Jane Doe,</p>',
      missing: [],
      unknown: [],
    });
  });

  it('escapes values in the body and keeps the subject plain and on one line', () => {
    const name = '<img src=x onerror=alert(1)>';
    const out = renderTemplate(
      { subject: 'For {{candidate.first_name}}', body_html: '<p>{{candidate.first_name}} & "{{client.name}}"</p>' },
      { 'candidate.first_name': name, 'client.name': `O'Hare\r\nBcc: evil@x.test` },
    );
    expect(out.bodyHtml).toBe('<p>&lt;img src=x onerror=alert(1)&gt; & "O&#39;Hare\r\nBcc: evil@x.test"</p>');
    expect(out.bodyHtml).not.toContain('<img');
    expect(out.subject).toBe(`For ${name}`);
    const injected = renderTemplate({ subject: '{{client.name}}', body_html: '' }, { 'client.name': 'A\r\nBcc: x@y' });
    expect(injected.subject).toBe('A Bcc: x@y');
    expect(injected.subject).not.toMatch(/[\r\n]/);
  });

  it('lists missing fields and marks them visibly, never blank and never the raw tag', () => {
    const out = renderTemplate(
      { subject: 'Hi {{candidate.first_name}}', body_html: '<p>At {{candidate.current_company}}</p>' },
      { 'candidate.first_name': '  ', 'candidate.current_company': undefined },
    );
    expect(out.missing).toEqual(['candidate.first_name', 'candidate.current_company']);
    expect(out.subject).toBe('Hi [missing: candidate.first_name]');
    expect(out.bodyHtml).toContain('data-merge-missing="candidate.current_company"');
    expect(out.bodyHtml).not.toContain('{{');
    expect(mergeRefusal(out)).toBe(
      'The template cannot be sent: no value for candidate.first_name, candidate.current_company.',
    );
  });

  it('lists unknown tags', () => {
    const out = renderTemplate({ subject: '{{ candidate.salary }}', body_html: '{{<b>x</b>}} {{nope}}' }, {});
    expect(out.unknown).toEqual(['candidate.salary', '<b>x</b>', 'nope']);
    expect(out.bodyHtml).toContain('[unknown field: nope]');
    expect(out.bodyHtml).not.toContain('{{nope}}');
    expect(mergeRefusal(out)).toContain('unknown fields candidate.salary, <b>x</b>, nope');
  });

  it('inserts the signature as HTML in the body, as text in the subject, and allows it empty', () => {
    const signature = '<p>Sam Lee<br>Recruiter</p>';
    const out = renderTemplate(
      { subject: 'x {{recruiter.signature}}', body_html: '<p>Thanks</p>{{recruiter.signature}}' },
      { 'recruiter.signature': signature },
    );
    expect(out.bodyHtml).toBe(`<p>Thanks</p>${signature}`);
    expect(out.subject).toBe('x Sam Lee Recruiter');
    const none = renderTemplate({ subject: 's', body_html: 'a{{recruiter.signature}}b' }, {});
    expect(none).toMatchObject({ bodyHtml: 'ab', missing: [] });
  });

  it('turns HTML into text', () => {
    expect(htmlToText('<p>Hello &amp; welcome</p><p>Line<br>two &lt;3</p>')).toBe('Hello & welcome\n\nLine\ntwo <3');
  });
});
