import { importTargetField, type ImportKind } from '@recruitdesk/contracts/import-fields';
import { describe, expect, it } from 'vitest';
import {
  detectColumnHints,
  normaliseCell,
  normalisePhoneE164,
  parseAmount,
  parseDate,
  splitSkills,
  type NormaliseContext,
} from './normalise';

const us: NormaliseContext = { defaultCountry: 'US', currency: 'USD' };
const gb: NormaliseContext = { defaultCountry: 'GB', currency: 'GBP' };

const field = (key: string, kind: ImportKind = 'candidates') => {
  const found = importTargetField(kind, key);
  if (!found) throw new Error(`no field ${key}`);
  return found;
};
const cell = (key: string, raw: string, context = us, kind: ImportKind = 'candidates') =>
  normaliseCell(field(key, kind), raw, context);

describe('text', () => {
  it('trims, gives null for blank cells, and names the limit of over-long text', () => {
    expect(cell('current_title', '  Engineer \u00a0')).toEqual({ value: 'Engineer', problem: null });
    expect(cell('current_title', '   ')).toEqual({ value: null, problem: null });
    const long = cell('source', 'x'.repeat(101));
    expect(long.problem).toBe('Source is longer than the 100-character limit (101 characters).');
  });
});

describe('email', () => {
  it('lower-cases and checks the address', () => {
    expect(cell('email', ' Jane.Smith@Example.COM ')).toEqual({ value: 'jane.smith@example.com', problem: null });
    expect(cell('email', 'mailto:bob@example.org')).toEqual({ value: 'bob@example.org', problem: null });
    expect(cell('email', 'Jane Smith <jane@example.com>')).toEqual({ value: 'jane@example.com', problem: null });
    expect(cell('email', 'jane@example.com; other@example.com').value).toBe('jane@example.com');
    expect(cell('email', 'jane@')).toEqual({ value: 'jane@', problem: '“jane@” is not a valid email address.' });
    expect(cell('email', 'jane..smith@example.com').problem).not.toBeNull();
  });
});

describe('phone', () => {
  it('writes E.164 with the agency’s country for national numbers', () => {
    expect(normalisePhoneE164('(415) 555-0123', 'US')).toBe('+14155550123');
    expect(normalisePhoneE164('07700 900123', 'GB')).toBe('+447700900123');
    expect(normalisePhoneE164('0044 7700 900123', 'US')).toBe('+447700900123');
    expect(normalisePhoneE164('+49 30 901820', '')).toBe('+4930901820');
    expect(normalisePhoneE164('+1 415 555 0123 ext. 12', 'US')).toBe('+14155550123');
    expect(normalisePhoneE164('12', 'US')).toBeNull();
    expect(normalisePhoneE164('call me', 'US')).toBeNull();
  });

  it('keeps a number it cannot read, with a problem', () => {
    expect(cell('phone', '07700 900123', gb)).toEqual({ value: '+447700900123', problem: null });
    expect(cell('phone', 'ask reception')).toEqual({
      value: 'ask reception',
      problem: '“ask reception” is not a phone number we recognise; it is kept as written.',
    });
  });
});

describe('dates', () => {
  it('reads ISO dates, with or without a time', () => {
    expect(parseDate('2024-03-05')).toBe('2024-03-05');
    expect(parseDate('2024-03-05T23:30:00-05:00')).toBe('2024-03-05');
    expect(parseDate('2024/3/5')).toBe('2024-03-05');
    expect(parseDate('20240305')).toBe('2024-03-05');
  });

  it('decides day or month first by the column’s evidence, a day above 12, then the country', () => {
    expect(parseDate('03/05/2024', { dateOrder: 'dmy' })).toBe('2024-05-03');
    expect(parseDate('03/05/2024', { dateOrder: 'mdy' })).toBe('2024-03-05');
    expect(parseDate('25/12/2023', { dateOrder: 'mdy' })).toBe('2023-12-25');
    expect(parseDate('12/25/2023')).toBe('2023-12-25');
    expect(parseDate('03/05/2024', {}, 'US')).toBe('2024-03-05');
    expect(parseDate('03/05/2024', {}, 'GB')).toBe('2024-05-03');
    expect(parseDate('05.03.2024', {}, 'US')).toBe('2024-03-05');
    expect(parseDate('03-05-24', { dateOrder: 'mdy' })).toBe('2024-03-05');
  });

  it('reads month names, Excel serial numbers and Unix times', () => {
    expect(parseDate('Mar 5, 2024')).toBe('2024-03-05');
    expect(parseDate('March 5th 2024')).toBe('2024-03-05');
    expect(parseDate('5 March 2024')).toBe('2024-03-05');
    expect(parseDate('05-Mar-24')).toBe('2024-03-05');
    expect(parseDate('45356')).toBe('2024-03-05');
    expect(parseDate('1709596800000')).toBe('2024-03-05');
  });

  it('refuses what is not a real day', () => {
    expect(parseDate('31/02/2024')).toBeNull();
    expect(parseDate('2024-13-01')).toBeNull();
    expect(parseDate('soon')).toBeNull();
    expect(cell('created_at', 'soon')).toEqual({ value: null, problem: '“soon” is not a date we can read.' });
    expect(cell('consent_date', '05/03/2024', { ...us, hint: { dateOrder: 'dmy' } })).toEqual({
      value: '2024-03-05',
      problem: null,
    });
  });

  it('finds the order in a column', () => {
    expect(detectColumnHints(['01/02/2024', '25/02/2024'])).toEqual({ dateOrder: 'dmy' });
    expect(detectColumnHints(['01/02/2024', '02/25/2024'])).toEqual({ dateOrder: 'mdy' });
    expect(detectColumnHints(['01/02/2024', '02/03/2024'])).toEqual({});
  });
});

describe('currency codes', () => {
  it('upper-cases three-letter codes and reads unambiguous signs', () => {
    expect(cell('desired_salary_currency', 'eur')).toEqual({ value: 'EUR', problem: null });
    expect(cell('desired_salary_currency', '£')).toEqual({ value: 'GBP', problem: null });
    expect(cell('currency', 'Dollars', us, 'clients')).toEqual({
      value: null,
      problem: '“Dollars” is not a currency code; use three letters such as USD.',
    });
  });
});

describe('integers', () => {
  it('reads whole numbers within the field’s range', () => {
    expect(cell('years_experience', '7')).toEqual({ value: 7, problem: null });
    expect(cell('years_experience', '7 years')).toEqual({ value: 7, problem: null });
    expect(cell('years_experience', '10+')).toEqual({ value: 10, problem: null });
    expect(cell('years_experience', '5.0')).toEqual({ value: 5, problem: null });
    expect(cell('years_experience', '5.5').problem).toBe('“5.5” is not a whole number.');
    expect(cell('years_experience', 'many').problem).toBe('“many” is not a number.');
    expect(cell('years_experience', '90').problem).toBe('Years of experience must be from 0 to 70; the file has 90.');
  });
});

describe('money', () => {
  it('reads amounts as written into minor units', () => {
    expect(cell('desired_salary', '85,000')).toEqual({ value: 8_500_000, problem: null });
    expect(cell('desired_salary', '$85k')).toEqual({ value: 8_500_000, problem: null });
    expect(cell('desired_salary', '85.000,50')).toEqual({ value: 8_500_050, problem: null });
    expect(cell('desired_salary', '£62,500.75 per annum')).toEqual({ value: 6_250_075, problem: null });
    expect(cell('desired_salary', 'EUR 1.2m')).toEqual({ value: 120_000_000, problem: null });
    expect(cell('desired_salary', '80k - 90k')).toEqual({ value: 8_000_000, problem: null });
  });

  it('follows the column’s decimal style when the digits alone are ambiguous', () => {
    expect(parseAmount('1,500')).toBe('1500');
    expect(parseAmount('1,500', { decimalComma: true })).toBe('1.500');
    expect(parseAmount('1.500')).toBe('1500');
    expect(parseAmount('1.500', { decimalComma: false })).toBe('1.500');
    expect(detectColumnHints(['85.000,50', '1.200'])).toEqual({ decimalComma: true });
    expect(detectColumnHints(['85,000.50', '1,200'])).toEqual({ decimalComma: false });
  });

  it('refuses what is not an amount', () => {
    expect(cell('desired_salary', 'negotiable')).toEqual({ value: null, problem: '“negotiable” is not an amount.' });
    expect(cell('desired_salary', '1234.567').problem).toBe('“1234.567” has more than two decimals.');
    expect(cell('desired_salary', '100.555').value).toBe(10_055_500); // a dot before three digits groups thousands
    expect(cell('desired_salary', '500000000').problem).toBe('“500000000” is too large an amount.');
    expect(cell('salary_min', '120000', us, 'roles').value).toBe(12_000_000);
  });
});

describe('enums', () => {
  it('matches values, labels and synonyms in any case', () => {
    expect(cell('status', 'ACTIVE').value).toBe('active');
    expect(cell('status', 'Do Not Contact').value).toBe('do_not_contact');
    expect(cell('status', 'New Lead').value).toBe('active');
    expect(cell('status', 'DNU').value).toBe('do_not_contact');
    expect(cell('status', 'Placed').value).toBe('placed');
    expect(cell('client_type', "Finder's Fee", us, 'clients').value).toBe('finders_fee');
    expect(cell('client_type', 'Retained', us, 'clients').value).toBe('retainer');
    expect(cell('state', 'on hold', us, 'clients').value).toBe('On Hold');
    expect(cell('status', 'On Hold', us, 'roles').value).toBe('on_hold');
    expect(cell('status', 'Filled', us, 'roles').value).toBe('closed');
    expect(cell('remote_type', 'Work from home', us, 'roles').value).toBe('remote');
    expect(cell('remote_type', 'On-site', us, 'roles').value).toBe('onsite');
    expect(cell('employment_type', 'Permanent', us, 'roles').value).toBe('full_time');
    expect(cell('priority', 'Urgent', us, 'roles').value).toBe('urgent');
  });

  it('names an unknown value', () => {
    expect(cell('status', 'Zombie')).toEqual({ value: null, problem: 'Unknown status “Zombie”.' });
    expect(cell('remote_type', 'Mars', us, 'roles').problem).toBe('Unknown work mode “Mars”.');
  });
});

describe('skills', () => {
  it('splits on , ; | / and new lines, keeps pairs such as CI/CD, drops repeats', () => {
    expect(splitSkills('Go, SQL; Rust | Python/Django\nKubernetes • Docker')).toEqual([
      'Go',
      'SQL',
      'Rust',
      'Python',
      'Django',
      'Kubernetes',
      'Docker',
    ]);
    expect(splitSkills('CI/CD, TCP/IP, sql, SQL, , ')).toEqual(['CI/CD', 'TCP/IP', 'sql']);
    expect(cell('skills', 'Go, SQL')).toEqual({ value: ['Go', 'SQL'], problem: null });
  });

  it('names the limits', () => {
    const long = cell('skills', `Go, ${'x'.repeat(101)}`);
    expect(long).toEqual({
      value: ['Go'],
      problem: `The skill “${'x'.repeat(57)}…” is longer than the 100-character limit.`,
    });
    const many = cell('skills', Array.from({ length: 55 }, (_, index) => `Skill ${index}`).join(','));
    expect((many.value as string[]).length).toBe(50);
    expect(many.problem).toBe('Only the first 50 of 55 skills are kept.');
  });
});

describe('URLs', () => {
  it('adds https:// to bare addresses and refuses other schemes', () => {
    expect(cell('linkedin_url', 'linkedin.com/in/jane')).toEqual({
      value: 'https://linkedin.com/in/jane',
      problem: null,
    });
    expect(cell('portfolio_url', 'https://jane.dev/')).toEqual({ value: 'https://jane.dev/', problem: null });
    expect(cell('website', 'www.acme.com', us, 'clients').value).toBe('https://www.acme.com');
    expect(cell('portfolio_url', 'javascript:alert(1)').problem).toBe('“javascript:alert(1)” is not a web address.');
    expect(cell('portfolio_url', 'my site').problem).toBe('“my site” is not a web address.');
    expect(cell('portfolio_url', `https://x.com/${'a'.repeat(500)}`).problem).toMatch(/500-character limit/);
  });
});
