import { IMPORT_TARGET_FIELDS, type ImportKind } from '@recruitdesk/contracts/import-fields';
import { describe, expect, it } from 'vitest';
import { detectPreset, mapRow, normaliseHeader, PRESET_COLUMNS, splitFullName, suggestMapping } from './mapping';

const context = { defaultCountry: 'US', currency: 'USD' };

/** header → target, for readable assertions. */
function mapped(kind: ImportKind, headers: string[], rows: string[][] = []) {
  const { preset, targets } = suggestMapping(kind, headers, rows);
  return { preset, map: Object.fromEntries(headers.map((header, index) => [header, targets[index]])) };
}

describe('header names', () => {
  it('normalises case, spaces, punctuation, camelCase and accents', () => {
    expect(normaliseHeader('  E-Mail ')).toBe('e mail');
    expect(normaliseHeader('firstName')).toBe('first name');
    expect(normaliseHeader('address.city')).toBe('address city');
    expect(normaliseHeader('Prénom_Nom')).toBe('prenom nom');
  });

  it('maps the common English synonyms of candidate columns', () => {
    const { preset, map } = mapped('candidates', [
      'Given name',
      'Surname',
      'E-mail',
      'Cell Phone',
      'Employer',
      'Job Title',
      'Key Skills',
      'LinkedIn',
      'Town',
      'Years of Experience',
      'Expected Salary',
      'Date Added',
      'Comments',
      'Favourite colour',
    ]);
    expect(preset).toBeNull();
    expect(map).toEqual({
      'Given name': 'first_name',
      Surname: 'last_name',
      'E-mail': 'email',
      'Cell Phone': 'phone',
      Employer: 'current_company',
      'Job Title': 'current_title',
      'Key Skills': 'skills',
      LinkedIn: 'linkedin_url',
      Town: 'location',
      'Years of Experience': 'years_experience',
      'Expected Salary': 'desired_salary',
      'Date Added': 'created_at',
      Comments: 'notes',
      'Favourite colour': 'ignore',
    });
  });

  it('knows more spellings: Email Address, Mobile, Company, Position, Skillset', () => {
    const { map } = mapped('candidates', ['Name', 'Email Address', 'Mobile', 'Company', 'Position', 'Skillset']);
    expect(map).toEqual({
      Name: 'full_name',
      'Email Address': 'email',
      Mobile: 'phone',
      Company: 'current_company',
      Position: 'current_title',
      Skillset: 'skills',
    });
  });

  it('gives a field to one column only; skills may repeat; the full name is dropped beside first and last', () => {
    const { map } = mapped('candidates', [
      'First name',
      'Last name',
      'Full name',
      'Email',
      'E-mail',
      'Skills',
      'Key skills',
    ]);
    expect(map).toEqual({
      'First name': 'first_name',
      'Last name': 'last_name',
      'Full name': 'ignore',
      Email: 'email',
      'E-mail': 'ignore',
      Skills: 'skills',
      'Key skills': 'skills',
    });
  });

  it('maps client and role columns', () => {
    expect(
      mapped('clients', ['Company', 'Industry', 'Website', 'Contact Person', 'Contact Email', 'Phone', 'Type']).map,
    ).toEqual({
      Company: 'name',
      Industry: 'industry',
      Website: 'website',
      'Contact Person': 'contact_name',
      'Contact Email': 'contact_email',
      Phone: 'contact_phone',
      Type: 'client_type',
    });
    expect(
      mapped('roles', [
        'Job Title',
        'Client',
        'Location',
        'Status',
        'Work mode',
        'Salary From',
        'Salary To',
        'Job Description',
      ]).map,
    ).toEqual({
      'Job Title': 'title',
      Client: 'client_name',
      Location: 'location',
      Status: 'status',
      'Work mode': 'remote_type',
      'Salary From': 'salary_min',
      'Salary To': 'salary_max',
      'Job Description': 'description',
    });
  });

  it('suggests only targets that exist for the kind', () => {
    for (const kind of ['candidates', 'clients', 'roles'] as const) {
      const keys = new Set([...IMPORT_TARGET_FIELDS[kind].map((field) => field.key), 'note', 'ignore']);
      const headers = ['Name', 'Email', 'Phone', 'Company', 'Title', 'City', 'Status', 'Notes', 'Website', 'Date'];
      for (const target of suggestMapping(kind, headers, []).targets) expect(keys.has(target)).toBe(true);
    }
  });
});

describe('values', () => {
  it('recognises a column of email addresses whatever its header', () => {
    const headers = ['Full name', 'Contact', 'Reach'];
    const rows = [
      ['Jane Smith', 'jane@example.com', '+1 415 555 0123'],
      ['Bob Jones', 'BOB@example.org', '(212) 555-0199'],
      ['Ann Lee', '', '415.555.0100'],
    ];
    expect(mapped('candidates', headers, rows).map).toEqual({
      'Full name': 'full_name',
      Contact: 'email',
      Reach: 'phone',
    });
    // For clients the same values are the contact's.
    expect(
      mapped(
        'clients',
        ['Client', ...headers.slice(1)],
        rows.map((row) => ['Acme', ...row.slice(1)]),
      ).map,
    ).toEqual({
      Client: 'name',
      Contact: 'contact_email',
      Reach: 'contact_phone',
    });
  });

  it('sorts profile links by site: LinkedIn, GitHub, anything else', () => {
    const rows = [
      ['https://www.linkedin.com/in/jane', 'github.com/jane', 'https://jane.dev'],
      ['linkedin.com/in/bob', 'https://github.com/bob', 'bob.example.com'],
    ];
    expect(mapped('candidates', ['Profile', 'Code', 'Links'], rows).map).toEqual({
      Profile: 'linkedin_url',
      Code: 'github_url',
      Links: 'portfolio_url',
    });
    // A "Website" header over LinkedIn links is the LinkedIn profile.
    expect(
      mapped('candidates', ['Website'], [['https://linkedin.com/in/x'], ['https://linkedin.com/in/y']]).map,
    ).toEqual({
      Website: 'linkedin_url',
    });
  });

  it('drops a header match the values contradict', () => {
    const rows = [
      ['Yes', 'n/a', '12/03/2024'],
      ['No', 'unknown', '13/03/2024'],
    ];
    expect(mapped('candidates', ['Email opt-out', 'Phone type', 'Skills'], rows).map).toEqual({
      'Email opt-out': 'ignore',
      'Phone type': 'ignore',
      Skills: 'ignore',
    });
  });

  it('reads each column’s date order and decimal style into hints', () => {
    const { hints } = suggestMapping(
      'candidates',
      ['Date Added', 'Consent', 'Salary'],
      [
        ['25/12/2023', '12/25/2023', '85.000,50'],
        ['01/02/2024', '01/02/2024', '90.000'],
      ],
    );
    expect(hints).toEqual([{ dateOrder: 'dmy' }, { dateOrder: 'mdy' }, { decimalComma: true }]);
  });
});

describe('presets', () => {
  it('recognises an OpenCATS candidates export and maps it without help', () => {
    const headers = [
      'First Name',
      'Last Name',
      'E-Mail',
      '2nd E-Mail',
      'Home Phone',
      'Cell Phone',
      'Work Phone',
      'Address',
      'City',
      'State',
      'Zip',
      'Misc Notes',
      'Web Site',
      'Key Skills',
      'Source',
      'Available',
      'Current Employer',
      'Current Pay',
      'Desired Pay',
      'Can Relocate',
      'Owner',
      'Created',
      'Modified',
    ];
    const suggestion = suggestMapping('candidates', headers, [headers.map(() => '')]);
    expect(suggestion.preset).toBe('opencats_candidates');
    const map = Object.fromEntries(headers.map((header, index) => [header, suggestion.targets[index]]));
    expect(map).toMatchObject({
      'First Name': 'first_name',
      'Last Name': 'last_name',
      'E-Mail': 'email',
      '2nd E-Mail': 'note',
      'Cell Phone': 'phone',
      'Home Phone': 'note',
      'Work Phone': 'note',
      City: 'location',
      'Misc Notes': 'notes',
      'Web Site': 'portfolio_url',
      'Key Skills': 'skills',
      'Current Employer': 'current_company',
      'Desired Pay': 'desired_salary',
      Created: 'created_at',
      Modified: 'ignore',
    });
    // OpenCATS writes its dates MM-DD-YY.
    expect(suggestion.hints[headers.indexOf('Created')]).toMatchObject({ dateOrder: 'mdy' });
    // Home phone takes the phone when there is no cell phone column.
    expect(
      mapped('candidates', ['First Name', 'Last Name', 'E-Mail', 'Home Phone', 'Key Skills', 'Misc Notes']).map[
        'Home Phone'
      ],
    ).toBe('phone');
  });

  it('recognises the older OpenCATS selected-records export', () => {
    const { preset, map } = mapped('candidates', [
      'candidateID',
      'lastName',
      'firstName',
      'phoneHome',
      'phoneCell',
      'email1',
      'keySkills',
    ]);
    expect(preset).toBe('opencats_candidates');
    expect(map).toEqual({
      candidateID: 'ignore',
      lastName: 'last_name',
      firstName: 'first_name',
      phoneHome: 'note',
      phoneCell: 'phone',
      email1: 'email',
      keySkills: 'skills',
    });
  });

  it('recognises a Bullhorn candidates export', () => {
    const headers = [
      'id',
      'firstName',
      'lastName',
      'name',
      'email',
      'email2',
      'mobile',
      'phone',
      'occupation',
      'companyName',
      'skillSet',
      'dateAdded',
      'status',
      'source',
      'address.city',
      'address.state',
      'salary',
      'comments',
      'customText1',
    ];
    const { preset, map } = mapped('candidates', headers);
    expect(preset).toBe('bullhorn_candidates');
    expect(map).toEqual({
      id: 'ignore',
      firstName: 'first_name',
      lastName: 'last_name',
      name: 'ignore',
      email: 'email',
      email2: 'note',
      mobile: 'phone',
      phone: 'note',
      occupation: 'current_title',
      companyName: 'current_company',
      skillSet: 'skills',
      dateAdded: 'created_at',
      status: 'status',
      source: 'source',
      'address.city': 'location',
      'address.state': 'note',
      salary: 'desired_salary',
      comments: 'notes',
      customText1: 'ignore',
    });
  });

  it('recognises a Bullhorn contacts export as clients with their contact', () => {
    const headers = [
      'id',
      'firstName',
      'lastName',
      'email',
      'phone',
      'mobile',
      'occupation',
      'clientCorporation.name',
      'address.city',
      'status',
      'dateAdded',
    ];
    const { preset, map } = mapped('clients', headers);
    expect(preset).toBe('bullhorn_contacts');
    expect(map).toEqual({
      id: 'ignore',
      firstName: 'contact_first_name',
      lastName: 'contact_last_name',
      email: 'contact_email',
      phone: 'contact_phone',
      mobile: 'note',
      occupation: 'note',
      'clientCorporation.name': 'name',
      'address.city': 'location',
      status: 'note',
      dateAdded: 'created_at',
    });
    // The same header row uploaded as candidates is not the contacts preset.
    expect(detectPreset('candidates', headers)).toBeNull();
  });

  it('does not call an ordinary sheet a preset', () => {
    expect(detectPreset('candidates', ['First Name', 'Last Name', 'Email', 'Phone', 'Company'])).toBeNull();
    expect(detectPreset('clients', ['Company', 'Email', 'Phone'])).toBeNull();
  });

  it('lists only real targets in every preset', () => {
    const kinds = {
      opencats_candidates: 'candidates',
      bullhorn_candidates: 'candidates',
      bullhorn_contacts: 'clients',
    } as const;
    for (const [preset, columns] of Object.entries(PRESET_COLUMNS)) {
      const keys = new Set([
        ...IMPORT_TARGET_FIELDS[kinds[preset as keyof typeof kinds]].map((field) => field.key),
        'note',
        'ignore',
      ]);
      for (const column of columns) expect(keys.has(column.target), `${preset}: ${column.header}`).toBe(true);
    }
  });
});

describe('mapRow', () => {
  it('splits a full name, merges skills, keeps note columns and reports problems per field', () => {
    const headers = ['Name', 'Email', 'Skills', 'More skills', 'Salary', 'Status', 'Shoe size', 'Misc'];
    const targets = ['full_name', 'email', 'skills', 'skills', 'desired_salary', 'status', 'note', 'notes'];
    const row = mapRow(
      'candidates',
      headers,
      targets,
      ['Smith, Jane', 'not-an-email', 'Go, SQL', 'sql; Rust', '$85k', 'Zombie', '42', 'Met at a fair'],
      context,
    );
    expect(row.values).toEqual({
      first_name: 'Jane',
      last_name: 'Smith',
      email: 'not-an-email',
      skills: ['Go', 'SQL', 'Rust'],
      desired_salary: 8_500_000,
    });
    expect(row.problems).toEqual([
      { field: 'email', message: '“not-an-email” is not a valid email address.' },
      { field: 'status', message: 'Unknown status “Zombie”.' },
    ]);
    expect(row.note).toBe('Met at a fair\nShoe size: 42');
  });

  it('joins the contact’s first and last name and asks for what a record needs', () => {
    const headers = ['Company', 'First', 'Last'];
    const targets = ['name', 'contact_first_name', 'contact_last_name'];
    expect(mapRow('clients', headers, targets, ['Acme', 'Jane', 'Smith'], context).values).toEqual({
      name: 'Acme',
      contact_name: 'Jane Smith',
    });
    expect(mapRow('clients', headers, targets, ['', 'Jane', ''], context).problems).toEqual([
      { field: 'name', message: 'The client name is missing.' },
    ]);
    expect(mapRow('candidates', ['Name'], ['full_name'], ['Cher'], context).problems).toEqual([
      { field: 'last_name', message: 'The last name is missing.' },
    ]);
    expect(mapRow('roles', ['Title'], ['title'], ['Engineer'], context).problems).toEqual([
      { field: 'client_name', message: 'The client is missing.' },
    ]);
  });

  it('uses each column’s hint for its dates', () => {
    const row = mapRow(
      'candidates',
      ['Added', 'Consent'],
      ['created_at', 'consent_date'],
      ['03/05/2024', '03/05/2024'],
      context,
      [{ dateOrder: 'dmy' }, { dateOrder: 'mdy' }],
    );
    expect(row.values).toMatchObject({ created_at: '2024-05-03', consent_date: '2024-03-05' });
  });

  it('splits names the usual ways', () => {
    expect(splitFullName('Jane Smith')).toEqual({ first: 'Jane', last: 'Smith' });
    expect(splitFullName('Smith, Jane Ann')).toEqual({ first: 'Jane Ann', last: 'Smith' });
    expect(splitFullName('Jan van der Berg')).toEqual({ first: 'Jan', last: 'van der Berg' });
    expect(splitFullName('Cher')).toEqual({ first: 'Cher', last: '' });
  });
});
