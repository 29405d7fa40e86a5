import {
  SKILL_ERRORS,
  type CreateSkillAliasInput,
  type SkillAlias,
  type SkillAliasListQuerySchema,
} from '@recruitdesk/contracts/resumes';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { AppError, fieldsError, isUniqueViolation } from '../../lib/errors';
import { assertCan } from '../../lib/permissions';
import { recordActivity } from '../activity/activity.service';
import { displayName, type UserRow } from '../users/users.service';
import {
  allSkillAliasRows,
  deleteSkillAliasRow,
  findSkillAliasByAlias,
  insertSkillAliasRow,
  listSkillAliasRows,
  skillAliasesStamp,
  type SkillAliasWithAuthor,
} from './skills.repository';
import {
  buildSkillVocabulary,
  canonicalSkill,
  resolveCanonical,
  tokenize,
  type CustomSkillAlias,
  type SkillVocabulary,
} from './skill-vocabulary';

export {
  buildSkillVocabulary,
  canonicalSkill,
  findSkillsInText,
  tokenize,
  type CustomSkillAlias,
  type FindSkillsOptions,
  type SkillMention,
  type SkillVocabulary,
} from './skill-vocabulary';

/** How long a cached vocabulary is used before the database is asked whether the aliases changed. */
export const VOCABULARY_CHECK_MS = 2_000;

interface CachedVocabulary {
  stamp: string;
  checkedAt: number;
  vocabulary: SkillVocabulary;
}
/** Per database (tests build several apps in one process). */
const cache = new WeakMap<Db, CachedVocabulary>();

/**
 * The built-in skill list plus the agency's aliases. Cached in this process; every 2 s at most a one-row
 * query compares the aliases' stamp (count and highest id), so an alias added or deleted through another
 * server is seen within seconds, and one changed through this server at once.
 */
export async function loadSkillVocabulary(db: Db): Promise<SkillVocabulary> {
  const cached = cache.get(db);
  const now = Date.now();
  if (cached && now - cached.checkedAt < VOCABULARY_CHECK_MS) return cached.vocabulary;
  const stamp = await skillAliasesStamp(db);
  if (cached && cached.stamp === stamp) {
    cached.checkedAt = now;
    return cached.vocabulary;
  }
  const rows = await allSkillAliasRows(db);
  const vocabulary = buildSkillVocabulary(rows, stamp);
  cache.set(db, { stamp, checkedAt: now, vocabulary });
  return vocabulary;
}

/** Drops this process's cached vocabulary (after a change here). */
export function forgetSkillVocabulary(db: Db): void {
  cache.delete(db);
}

function toApiAlias(row: SkillAliasWithAuthor): SkillAlias {
  return {
    id: row.alias.id,
    alias: row.alias.alias,
    canonical: row.alias.canonical,
    created_by: row.author ? { id: row.author.id, name: displayName(row.author) } : null,
    created_at: row.alias.createdAt.toISOString(),
  };
}

export async function listSkillAliases(
  deps: Deps,
  actor: UserRow,
  query: z.output<typeof SkillAliasListQuerySchema>,
): Promise<{ aliases: SkillAlias[]; count: number }> {
  assertCan(actor, 'records.read');
  const { rows, count } = await listSkillAliasRows(deps.db, {
    q: query.q,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return { aliases: rows.map(toApiAlias), count };
}

const sameKeys = (a: string, b: string) =>
  tokenize(a)
    .map((token) => token.key)
    .join(' ') ===
  tokenize(b)
    .map((token) => token.key)
    .join(' ');

/** Adds an alias (owners and superusers): refused when it is already a name of a skill in the vocabulary. */
export async function createSkillAlias(deps: Deps, actor: UserRow, input: CreateSkillAliasInput): Promise<SkillAlias> {
  assertCan(actor, 'settings.manage');
  const alias = input.alias.trim().replace(/\s+/g, ' ');
  const vocabulary = await loadSkillVocabulary(deps.db);
  const canonical = resolveCanonical(vocabulary, input.canonical);
  if (sameKeys(alias, canonical)) throw fieldsError({ alias: [SKILL_ERRORS.ALIAS_SAME_AS_SKILL] });
  const known = canonicalSkill(vocabulary, alias);
  if (known !== null && vocabulary.canonicals.get(known.toLowerCase()) === known && sameKeys(alias, known))
    throw fieldsError({ alias: [SKILL_ERRORS.ALIAS_IS_BUILT_IN] }, 'ALIAS_IS_BUILT_IN');
  if (known === canonical) throw fieldsError({ alias: [SKILL_ERRORS.ALIAS_TAKEN] }, 'ALIAS_TAKEN');
  const created = await inTransaction(deps.db, async (tx) => {
    if (await findSkillAliasByAlias(tx, alias)) throw fieldsError({ alias: [SKILL_ERRORS.ALIAS_TAKEN] }, 'ALIAS_TAKEN');
    const row = await insertSkillAliasRow(tx, { alias, canonical, createdById: actor.id }).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw fieldsError({ alias: [SKILL_ERRORS.ALIAS_TAKEN] }, 'ALIAS_TAKEN');
      throw error;
    });
    await recordActivity(tx, {
      actor,
      verb: 'created',
      modelType: 'skill_alias',
      objectId: row.id,
      summary: `Added the skill alias "${alias}" for ${canonical}`,
    });
    return row;
  });
  forgetSkillVocabulary(deps.db);
  return toApiAlias({ alias: created, author: actor });
}

export async function deleteSkillAlias(deps: Deps, actor: UserRow, id: number): Promise<void> {
  assertCan(actor, 'settings.manage');
  await inTransaction(deps.db, async (tx) => {
    const deleted = await deleteSkillAliasRow(tx, id);
    if (!deleted) throw new AppError('NOT_FOUND', 404, SKILL_ERRORS.ALIAS_NOT_FOUND);
    await recordActivity(tx, {
      actor,
      verb: 'deleted',
      modelType: 'skill_alias',
      objectId: id,
      summary: `Removed the skill alias "${deleted.alias}" for ${deleted.canonical}`,
    });
  });
  forgetSkillVocabulary(deps.db);
}

/** The aliases as the resume worker needs them (it builds the same vocabulary on its side). */
export function customAliasesOf(vocabulary: SkillVocabulary): readonly CustomSkillAlias[] {
  return vocabulary.custom;
}
