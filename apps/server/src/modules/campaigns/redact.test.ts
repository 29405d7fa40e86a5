import { describe, expect, it } from 'vitest';
import { redactContactDetails } from './redact';

describe('redactContactDetails', () => {
  it('removes emails, links and phone numbers, and keeps years and the rest', () => {
    const text = [
      'Jane Doe — jane.doe@mail.example | +1 (555) 010-9999 | 555.123.4567',
      'https://jane.dev/portfolio  linkedin.com/in/janedoe  www.example.org',
      'Data Engineer 2019-2024 at Acme, 5 years of Python.',
    ].join('\n');
    const out = redactContactDetails(text, ['github.com/jdoe']);
    expect(out).not.toMatch(/jane\.doe@|555|jane\.dev|linkedin|example\.org/);
    expect(out).toContain('Jane Doe');
    expect(out).toContain('Data Engineer 2019-2024 at Acme, 5 years of Python.');
  });
});
