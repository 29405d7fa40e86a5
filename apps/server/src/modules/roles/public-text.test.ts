import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClient } from '../../factories/clients.factory';
import { insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildPdf } from '../../test/documents';
import { HttpClient } from '../../test/http-client';
import { readOutbox } from '../../test/mail';
import { signedInClient } from '../../test/sign-in';
import { maskClientSegments, maskClientText, publicRoleText, type ClientIdentity } from './public-text';

// Issue 29 item 1: a client not shown publicly is named by nothing public — not its name or a variant, its
// domains or its contact — on the careers pages, their JSON-LD, the feed or the confirmation email.

const IRONWOOD: ClientIdentity = {
  name: 'Ironwood Manufacturing',
  website: 'https://www.ironwoodmfg.example',
  contactName: 'Greg Kowalski',
  contactEmail: 'greg.kowalski@ironwoodmfg.example',
};

/** Everything that names Ironwood, as it could appear in any public text. */
const TELLS = [/ironwood/i, /kowalski/i, /ironwoodmfg/i, /\bgreg\s+kowalski/i];

const TITLE = "Ironwood's Plant Engineer – Ironwood Mfg";
const DESCRIPTION = [
  'Ironwood Manufacturing (industrial equipment, Cleveland, OH) is hiring.',
  "This is an on-site position reporting to Greg Kowalski, Plant HR Manager. Mr. Kowalski's team is growing.",
  'IRONWOOD, Inc. builds presses; Ironwood Mfg. ships them. Read more at https://ironwoodmfg.example/careers or www.ironwoodmfg.example.',
  'Questions: greg.kowalski@ironwoodmfg.example or hr@jobs.ironwoodmfg.example. #ironwoodmfg',
  'Ironwood-Mfg is an equal opportunity employer.',
].join('\n');

describe('the mask (pure)', () => {
  it('masks the name and its variants, the domains and the contact, and keeps everything else', () => {
    const text = maskClientText(DESCRIPTION, IRONWOOD);
    for (const tell of TELLS) expect(text).not.toMatch(tell);
    expect(text).toContain('Our client (industrial equipment, Cleveland, OH) is hiring.');
    expect(text).toContain('reporting to the hiring manager, Plant HR Manager.');
    expect(text).toContain("The hiring manager's team is growing.");
    expect(text).toContain("Read more at our client's website or our client's website.");
    expect(text).toContain("Questions: our client's email or our client's email.");
    expect(text).toContain('Our client builds presses; our client ships them.');
  });

  it('leaves a text that does not name the client alone, and words that only contain the name', () => {
    const text = 'Ironwoods and ironwooded are trees; Greg joins the team, Kowalskis too. Email a@gmail.com.';
    expect(maskClientText(text, { ...IRONWOOD, contactEmail: 'greg@gmail.com', website: '' })).toBe(text);
  });

  it('returns segments that say what was masked; the title drops a mention at either end', () => {
    const segments = maskClientSegments('Join Ironwood today', IRONWOOD);
    expect(segments).toEqual([
      { text: 'Join ', masked: null },
      { text: 'our client', masked: 'Ironwood' },
      { text: ' today', masked: null },
    ]);
    const { title } = publicRoleText({ name: TITLE, descriptionText: '', showClientPublicly: false }, IRONWOOD);
    expect(title.map((segment) => segment.text).join('')).toBe('Plant Engineer');
    expect(title.filter((segment) => segment.masked).map((segment) => segment.masked)).toEqual([
      "Ironwood's",
      'Ironwood Mfg',
    ]);
    const shown = publicRoleText({ name: TITLE, descriptionText: DESCRIPTION, showClientPublicly: true }, IRONWOOD);
    expect(shown.title).toEqual([{ text: TITLE, masked: null }]);
  });
});

describe('every public surface', () => {
  let t: TestApp;
  let recruiter: HttpClient;
  let roleId: number;
  let clientId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    recruiter = await signedInClient(t, await insertUser(t.db, { userType: ['recruiter'] }));
    const client = await insertClient(t.db, IRONWOOD);
    clientId = client.id;
    const role = await insertRole(t.db, {
      clientId,
      name: TITLE,
      indeedPosting: true,
      location: 'Cleveland, OH',
      descriptionText: DESCRIPTION,
    });
    roleId = role.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the careers list, the role page and its JSON-LD name nothing of the client', async () => {
    const list = await (await fetch(`${t.baseUrl}/careers`)).text();
    expect(list).toContain('Plant Engineer');
    const page = await (await fetch(`${t.baseUrl}/careers/${roleId}`)).text();
    expect(page).toContain('<h1>Plant Engineer</h1>');
    expect(page).toContain('reporting to the hiring manager');
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page)?.[1] ?? '{}');
    expect(jsonLd.title).toBe('Plant Engineer');
    for (const tell of TELLS) {
      expect(list).not.toMatch(tell);
      expect(page).not.toMatch(tell);
      expect(JSON.stringify(jsonLd)).not.toMatch(tell);
    }
  });

  it('the Indeed feed names nothing of the client', async () => {
    const xml = await (await fetch(`${t.baseUrl}/feeds/indeed.xml`)).text();
    const parsed = new XMLParser({ isArray: (name) => name === 'job' }).parse(xml) as {
      source: { job: Record<string, string>[] };
    };
    const job = parsed.source.job.find((row) => String(row.requisitionid) === String(roleId));
    expect(job?.title).toBe('Plant Engineer');
    for (const tell of TELLS) expect(xml).not.toMatch(tell);
  });

  it('the confirmation email names nothing of the client', async () => {
    const visitor = new HttpClient(t.baseUrl);
    await visitor.get('/api/auth/csrf-token/');
    const form = new FormData();
    const fields = { role_id: String(roleId), first_name: 'Ada', last_name: 'Byron', email: 'ada@example.test' };
    for (const [name, value] of Object.entries({ ...fields, phone: '', consent: 'on', website: '' }))
      form.append(name, value);
    const pdf = await buildPdf([['Ada Byron', 'Engineer']]);
    form.append('resume', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'ada.pdf');
    const response = await fetch(`${t.baseUrl}/api/public/applications/`, {
      method: 'POST',
      body: form,
      headers: {
        accept: 'application/json',
        cookie: visitor.cookieHeader(),
        'x-csrftoken': visitor.cookies.get('csrftoken') ?? '',
      },
    });
    expect(response.status).toBe(201);
    const mail = (await readOutbox(t.dataDir)).find((eml) => eml.includes('ada@example.test')) ?? '';
    const unfolded = mail.replace(/=\r?\n/g, '').replace(/\r?\n[ \t]+/g, ' ');
    expect(unfolded).toContain('Subject: We received your application for Plant Engineer');
    for (const tell of TELLS) expect(unfolded).not.toMatch(tell);
    // The recruiters' own history keeps the real title.
    const activity = (await recruiter.get(`/api/activity/?model_type=role&object_id=${roleId}`)).json;
    expect(JSON.stringify(activity)).toContain(`Ada Byron applied for ${TITLE} through the careers page`);
  });

  it('the recruiter previews the public text with what was masked, from unsaved values', async () => {
    const res = await recruiter.post('/api/roles/public-preview/', {
      client_id: clientId,
      name: 'Engineer at Ironwood',
      description_text: 'Report to Greg Kowalski.',
      show_client_publicly: false,
    });
    expect(res.status).toBe(200);
    expect(res.json.preview).toEqual({
      title: [
        { text: 'Engineer', masked: null },
        { text: '', masked: 'Ironwood' },
      ],
      description: [
        { text: 'Report to ', masked: null },
        { text: 'the hiring manager', masked: 'Greg Kowalski' },
        { text: '.', masked: null },
      ],
      names_client: true,
      public_client_name: null,
    });
    const plain = await recruiter.post('/api/roles/public-preview/', {
      client_id: clientId,
      name: 'Engineer',
      description_text: 'Build presses.',
    });
    expect(plain.json.preview.names_client).toBe(false);
    expect((await recruiter.post('/api/roles/public-preview/', { client_id: 'x' })).status).toBe(400);
    expect((await recruiter.post('/api/roles/public-preview/', { client_id: 99999999 })).status).toBe(400);
    expect((await new HttpClient(t.baseUrl).post('/api/roles/public-preview/', { client_id: clientId })).status).toBe(
      401,
    );
  });
});
