import type { Db } from '../../db/client';

/** What an erasure step gets: who is erased, how to rewrite text that names them, what they hang under. */
export interface ErasureContext {
  candidateId: number;
  /** "Erased candidate #id". */
  replacement: string;
  /** Rewrites text: `linked` text (about this person) loses the name parts too, other text only full names, email, phone. */
  scrub(text: string, linked: boolean): string;
  /** Every spelling the scrub replaces, for an `ILIKE` prefilter. */
  terms: string[];
  /** The person's pipelines (kept: the books' facts). */
  pipelineIds: number[];
}

type ErasureStep = (tx: Db, context: ErasureContext) => Promise<void>;

const steps = new Map<string, { tables: string[]; step: ErasureStep }>();

/**
 * Start-up (decision 008): a module above personal-data (invoices, chat) adds what erasure must rewrite in
 * its own tables (named, for the vacuum); the step runs inside the erasure's transaction.
 */
export function registerErasureStep(name: string, tables: string[], step: ErasureStep): void {
  steps.set(name, { tables, step });
}

export async function runErasureSteps(tx: Db, context: ErasureContext): Promise<void> {
  for (const { step } of steps.values()) await step(tx, context);
}

/** The tables the registered steps rewrite (vacuumed after an erasure). */
export const stepTables = (): string[] => [...steps.values()].flatMap((entry) => entry.tables);
