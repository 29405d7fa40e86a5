/**
 * The resume worker thread: reads a resume file's text and its fields, so a hostile or huge file (time-out,
 * memory cap: resume-parser.ts) and the CPU of the extraction stay off the server's event loop. Long-lived:
 * PDF.js and the vocabulary are loaded once, not per resume.
 */
import { parentPort } from 'node:worker_threads';
import type { DocumentKind } from '../../lib/document-text';
import { buildSkillVocabulary, type CustomSkillAlias, type SkillVocabulary } from '../skills/skill-vocabulary';
import { extractResumeFields } from './resume-extract';
import { resumeText } from './resume-text';

export interface ResumeJob {
  id: number;
  kind: DocumentKind;
  bytes: Uint8Array;
  vocabulary: { version: string; custom: readonly CustomSkillAlias[] };
  now: string;
}

export type ResumeJobResult =
  | { id: number; ok: true; text: string; fields: ReturnType<typeof extractResumeFields> | null }
  | { id: number; ok: false; error: string };

let vocabulary: SkillVocabulary | null = null;

async function run(job: ResumeJob): Promise<ResumeJobResult> {
  if (!vocabulary || vocabulary.version !== job.vocabulary.version)
    vocabulary = buildSkillVocabulary(job.vocabulary.custom, job.vocabulary.version);
  const text = await resumeText(job.kind, job.bytes);
  if (!text) return { id: job.id, ok: true, text: '', fields: null };
  return { id: job.id, ok: true, text, fields: extractResumeFields(text, vocabulary, { now: new Date(job.now) }) };
}

parentPort?.on('message', (job: ResumeJob) => {
  run(job).then(
    (result) => parentPort?.postMessage(result),
    (error: unknown) =>
      parentPort?.postMessage({ id: job.id, ok: false, error: error instanceof Error ? error.message : String(error) }),
  );
});
