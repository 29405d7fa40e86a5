import { expect, login, test } from '../fixtures';
import { resumePdf } from '../files';

/** A word only this run's resumes contain. */
const unique = (stem: string) =>
  `${stem}${Date.now().toString(36).replace(/\d/g, 'q')}${Math.random().toString(36).slice(2, 5).replace(/\d/g, 'x')}`;

const resume = (person: {
  first: string;
  last: string;
  email: string;
  phone: string;
  title: string;
  word: string;
}) => ({
  name: `${person.first.toLowerCase()}-${person.last.toLowerCase()}.pdf`,
  mimeType: 'application/pdf',
  buffer: resumePdf([
    `${person.first} ${person.last}`,
    `${person.email} | ${person.phone}`,
    'Lisbon, Portugal',
    'Experience',
    `${person.title} at Northwind Traders, 2018 - present`,
    `Led the ${person.word} migration to TypeScript and PostgreSQL.`,
    'Skills',
    'TypeScript, React, Postgres, Docker',
  ]),
});

test('a recruiter bulk-uploads three resumes, creates two of them and finds them in the search', async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = unique('');
  const people = [
    {
      first: 'Ines',
      last: `Duarte${stamp}`,
      email: `ines.${stamp}@example.test`,
      phone: '+351 912 345 678',
      title: 'Backend Engineer',
      word: unique('orchid'),
    },
    {
      first: 'Tomas',
      last: `Reis${stamp}`,
      email: `tomas.${stamp}@example.test`,
      phone: '+351 913 222 111',
      title: 'Data Engineer',
      word: unique('falcon'),
    },
    {
      first: 'Beatriz',
      last: `Lima${stamp}`,
      email: `beatriz.${stamp}@example.test`,
      phone: '+351 914 777 000',
      title: 'QA Lead',
      word: unique('granite'),
    },
  ];

  await login(page, 'recruiter');
  await page.goto('/candidates');
  await page.getByRole('link', { name: 'Bulk upload resumes' }).click();
  await expect(page.getByRole('heading', { name: 'Bulk upload resumes' })).toBeVisible();

  await page.getByLabel('Resumes to upload').setInputFiles(people.map(resume));
  await expect(page.getByText('3 resumes ready')).toBeVisible();
  await page.getByRole('button', { name: 'Upload 3 resumes' }).click();

  // The review list fills in as the files are read in the background.
  await expect(page.getByRole('heading', { name: 'Review uploaded resumes' })).toBeVisible({ timeout: 15_000 });
  const list = page.getByRole('list', { name: 'Draft candidates' });
  await expect(page.getByText('3 to review · 0 created')).toBeVisible({ timeout: 30_000 });
  for (const person of people) {
    await expect(list.getByRole('listitem', { name: `${person.first} ${person.last}` })).toBeVisible();
    await expect(list.getByText(person.email)).toBeVisible();
  }

  // Correct one draft's title inline, pick two, create them.
  const ines = list.getByRole('listitem', { name: `Ines Duarte${stamp}` });
  await ines.getByRole('button', { name: `Edit Ines Duarte${stamp}` }).click();
  await ines.getByLabel('Title').fill('Staff Backend Engineer');
  await list.getByRole('checkbox', { name: new RegExp(`^Select Ines Duarte${stamp}`) }).check();
  await list.getByRole('checkbox', { name: new RegExp(`^Select Tomas Reis${stamp}`) }).check();
  await page.getByRole('button', { name: 'Create selected (2)' }).click();
  await expect(page.getByText('1 to review · 2 created')).toBeVisible({ timeout: 15_000 });
  await expect(list.getByRole('link', { name: `Open Ines Duarte${stamp}` })).toBeVisible();

  // Discard the third.
  await page.getByRole('button', { name: 'Discard', exact: true }).click();
  await page.getByRole('dialog', { name: 'Discard the rest?' }).getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByText('0 to review · 2 created · 1 discarded')).toBeVisible();

  // The two are candidates now, found by a word that is only in their resumes.
  await page.goto('/candidates');
  const results = page.getByRole('table', { name: 'Candidates' });
  await page.getByLabel('Search candidates').fill(people[0]!.word);
  await expect(results.getByRole('link', { name: `Ines Duarte${stamp}` })).toBeVisible();
  await expect(results.getByRole('row')).toHaveCount(2);
  await page.getByLabel('Search candidates').fill(people[1]!.word);
  await expect(results.getByRole('link', { name: `Tomas Reis${stamp}` })).toBeVisible();
  await page.getByLabel('Search candidates').fill(people[2]!.word);
  await expect(results.getByRole('link', { name: `Beatriz Lima${stamp}` })).toHaveCount(0);

  // The edited title was kept, and the resume is attached.
  await page.getByLabel('Search candidates').fill(people[0]!.word);
  await results.getByRole('link', { name: `Ines Duarte${stamp}` }).click();
  await expect(page.getByText('Staff Backend Engineer').first()).toBeVisible();
  await expect(page.getByText('ines-duarte', { exact: false }).first()).toBeVisible();
});

test('"Fill from resume" fills the new-candidate form, marks what it filled, and attaches the file', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const stamp = unique('');
  const email = `marta.${stamp}@example.test`;
  await login(page, 'recruiter');
  await page.goto('/candidates');
  await page.getByRole('button', { name: 'Add candidate' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Resume to fill from').setInputFiles({
    name: 'marta.pdf',
    mimeType: 'application/pdf',
    buffer: resumePdf([
      `Marta Sousa${stamp}`,
      `${email} | +351 915 000 123`,
      'Porto, Portugal',
      'Experience',
      'Frontend Engineer at Contoso, 2020 - present',
      'Skills',
      'React, TypeScript',
    ]),
  });
  await expect(dialog.getByLabel('Email')).toHaveValue(email, { timeout: 20_000 });
  await expect(dialog.getByLabel('First name')).toHaveValue('Marta');
  await expect(dialog.getByText(/Filled \d+ fields from marta\.pdf/)).toBeVisible();
  // The mark on the email shows the text it came from.
  const mark = dialog.getByRole('button', { name: /from resume/ }).nth(2);
  await mark.hover();
  await expect(page.getByRole('tooltip')).toContainText('Found in the resume:');
  // The recruiter corrects, then saves: the file read is the resume.
  await dialog.getByLabel('Current title').fill('Senior Frontend Engineer');
  await dialog.getByRole('button', { name: 'Add candidate' }).click();
  await expect(page.getByRole('dialog')).toBeHidden({ timeout: 15_000 });
  await page.getByLabel('Search candidates').fill(`Sousa${stamp}`);
  await page
    .getByRole('table', { name: 'Candidates' })
    .getByRole('link', { name: `Marta Sousa${stamp}` })
    .click();
  await expect(page.getByText('Senior Frontend Engineer').first()).toBeVisible();
  await expect(page.getByText('marta.pdf', { exact: true })).toBeVisible();
});
