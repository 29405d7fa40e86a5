import { randomInt } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from './build-test-app';
import { buildPdf } from './documents';
import { HttpClient } from './http-client';

// A person with a unique marker in every field, made the way the agency would make them (through HTTP):
// what the erasure proof and the logs proof create, then look for.

const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + randomInt(26))).join('');

export interface Markers {
  /** Lower-case letters in every text field (names, email, links, notes, messages, files). */
  word: string;
  /** The phone's digits. */
  digits: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  all: string[];
}

export function newMarkers(): Markers {
  const word = `zq${letters(10)}`;
  const six = String(randomInt(100_000, 999_999));
  const firstName = `Ann${word}`;
  const lastName = `Lee${word}`;
  return {
    word,
    digits: `7911${six}`,
    firstName,
    lastName,
    email: `${word}@mail${word}.test`,
    phone: `+44 7911 ${six}`,
    all: [word, `7911${six}`, `7911 ${six}`],
  };
}

export const candidateBody = (m: Markers) => ({
  first_name: m.firstName,
  last_name: m.lastName,
  email: m.email,
  phone: m.phone,
  location: `Town${m.word}`,
  current_title: `Title${m.word}`,
  current_company: `Company${m.word}`,
  linkedin_url: `https://www.linkedin.com/in/${m.word}`,
  github_url: `https://github.com/${m.word}`,
  portfolio_url: `https://${m.word}.example.test/`,
  skills: [`Skill${m.word}`, 'TypeScript'],
  years_experience: 7,
  desired_salary: 91234,
  source: `Source${m.word}`,
});

/** Uploads and confirms a resume (a PDF whose text carries the marker). */
export async function uploadResume(t: TestApp, as: HttpClient, candidateId: number, m: Markers): Promise<string> {
  const body = await buildPdf([[`${m.firstName} ${m.lastName}`, `Resume${m.word} worked at Company${m.word}`]]);
  const target = await as.post(`/api/candidates/${candidateId}/resume/upload-url/`, {
    filename: `${m.word}.pdf`,
    content_type: 'application/pdf',
    size: body.length,
  });
  expect(target.status, target.text).toBe(200);
  const { url, headers, key } = target.json.upload as { url: string; headers: Record<string, string>; key: string };
  if (!as.cookies.has('csrftoken')) await as.get('/api/auth/csrf-token/');
  const put = await fetch(new URL(url, t.baseUrl), {
    method: 'PUT',
    headers: { ...headers, cookie: as.cookieHeader(), 'x-csrftoken': as.cookies.get('csrftoken') ?? '' },
    body: new Uint8Array(body),
  });
  expect(put.status).toBe(200);
  const confirmed = await as.patch(`/api/candidates/${candidateId}/resume/`, { key, filename: `${m.word}.pdf` });
  expect(confirmed.status, confirmed.text).toBe(200);
  return key;
}

/** The careers page's form, as a browser sends it (a pre-session CSRF token, multipart with a resume). */
export async function applyOnCareersPage(t: TestApp, roleId: number, m: Markers, ip = '198.51.100.34') {
  const visitor = new HttpClient(t.baseUrl);
  await visitor.get('/api/auth/csrf-token/');
  const form = new FormData();
  const fields = {
    role_id: String(roleId),
    first_name: m.firstName,
    last_name: m.lastName,
    email: m.email,
    phone: m.phone,
    consent: 'on',
    website: '',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const pdf = await buildPdf([[`${m.firstName} applies`, `Application${m.word}`]]);
  form.append('resume', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), `${m.word}-cv.pdf`);
  const response = await fetch(`${t.baseUrl}/api/public/applications/`, {
    method: 'POST',
    body: form,
    headers: {
      accept: 'application/json',
      cookie: visitor.cookieHeader(),
      'x-forwarded-for': ip,
      'x-csrftoken': visitor.cookies.get('csrftoken') ?? '',
    },
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
}

/** A message to the person with a text attachment carrying the marker, sent through the outbox. */
export async function sendMessage(t: TestApp, as: HttpClient, candidateId: number, m: Markers): Promise<void> {
  if (!as.cookies.has('csrftoken')) await as.get('/api/auth/csrf-token/');
  const form = new FormData();
  form.append('file', new Blob([`Attachment${m.word} for ${m.firstName}`]), `${m.word}.txt`);
  const uploaded = await fetch(`${t.baseUrl}/api/messages/attachments/`, {
    method: 'POST',
    body: form,
    headers: {
      accept: 'application/json',
      cookie: as.cookieHeader(),
      'x-csrftoken': as.cookies.get('csrftoken') ?? '',
    },
  });
  expect(uploaded.status).toBe(201);
  const upload = ((await uploaded.json()) as { upload: { id: number } }).upload;
  const sent = await as.post('/api/messages/', {
    to: [{ record: 'candidate', id: candidateId }],
    subject: `Hello ${m.firstName} Subject${m.word}`,
    body_html: `<p>Dear ${m.firstName}, Body${m.word}</p>`,
    attachments: [{ kind: 'upload', id: upload.id }],
  });
  expect(sent.status, sent.text).toBe(201);
  await t.app.deps.jobs.drain();
}
