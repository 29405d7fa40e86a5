import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { usersTable } from '../users/users.table';

/** A text-search vector; never read back by the application (only matched with `@@`). */
const tsvector = customType<{ data: string; driverData: string }>({ dataType: () => 'tsvector' });

export const candidatesTable = pgTable(
  'candidates',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** The phone's digits only (duplicate check). Maintained by the repository. */
    phoneDigits: text('phone_digits').notNull().default(''),
    location: text('location').notNull().default(''),
    currentTitle: text('current_title').notNull().default(''),
    currentCompany: text('current_company').notNull().default(''),
    linkedinUrl: text('linkedin_url').notNull().default(''),
    githubUrl: text('github_url').notNull().default(''),
    portfolioUrl: text('portfolio_url').notNull().default(''),
    skills: text('skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The skills lower-cased, for `@>` matching through the GIN index. Maintained by the repository. */
    skillsNormalized: text('skills_normalized')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    yearsExperience: integer('years_experience'),
    desiredSalary: numeric('desired_salary', { precision: 14, scale: 2 }),
    /** The desired salary's currency (ISO 4217); the agency's currency unless the form says otherwise. */
    desiredSalaryCurrency: text('desired_salary_currency').notNull().default('USD'),
    status: text('status').notNull().default('active'),
    source: text('source').notNull().default(''),
    consentDate: date('consent_date', { mode: 'string' }),
    // Why the agency holds the person's data (issue 34, docs/data-protection.md "Consent and legal basis"): the
    // basis, where it came from, when, the exact consent text agreed to, when it ends, and a withdrawal.
    legalBasis: text('legal_basis').notNull().default('legitimate_interest'),
    legalBasisSource: text('legal_basis_source').notNull().default('manual'),
    legalBasisAt: timestamp('legal_basis_at', { withTimezone: true }),
    consentText: text('consent_text').notNull().default(''),
    legalBasisExpiresAt: timestamp('legal_basis_expires_at', { withTimezone: true }),
    consentWithdrawnAt: timestamp('consent_withdrawn_at', { withTimezone: true }),
    resumeKey: text('resume_key'),
    resumeFilename: text('resume_filename'),
    resumeSize: integer('resume_size'),
    resumeContentType: text('resume_content_type'),
    resumeUploadedAt: timestamp('resume_uploaded_at', { withTimezone: true }),
    /** The text extracted from the resume file ('' when none could be read). */
    resumeText: text('resume_text').notNull().default(''),
    /** Whether text could be read from the resume file (scanned PDFs have none). */
    resumeHasText: boolean('resume_has_text').notNull().default(false),
    /**
     * The distinct lower-cased tokens of the names, email, phone, title, company, skills and resume text,
     * space-separated (candidate-search.ts): what the list search matches. Maintained by the repository;
     * a trigger copies it, with the filter columns, into `candidate_search`.
     */
    searchText: text('search_text').notNull().default(''),
    /**
     * "Do not process" (issue 34, docs/data-protection.md "Restriction"): the record stays, readable on its own
     * page, but search, matching, bulk email and the candidate exports leave it out. Erasure sets it too.
     */
    processingRestricted: boolean('processing_restricted').notNull().default(false),
    /** When the person was erased (anonymised, irreversibly): the record is "Erased candidate #id" since. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdById: integer('created_by').references(() => usersTable.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // fastupdate off: no pending list to scan (PGlite never vacuums, so it would stay and make the
    // planner fall back to sequential scans).
    index('candidates_skills_normalized_idx').using('gin', table.skillsNormalized).with({ fastupdate: false }),
    index('candidates_status_created_at_idx').on(table.status, table.createdAt),
    index('candidates_created_at_idx').on(table.createdAt, table.id),
    index('candidates_updated_at_idx').on(table.updatedAt, table.id),
    index('candidates_name_idx').on(sql`lower(${table.lastName})`, sql`lower(${table.firstName})`, table.id),
    index('candidates_years_experience_idx').on(table.yearsExperience),
    index('candidates_email_lower_idx').on(sql`lower(${table.email})`),
    index('candidates_phone_digits_idx').on(table.phoneDigits),
    index('candidates_legal_basis_expires_idx').on(table.legalBasisExpiresAt),
    index('candidates_company_lower_idx').on(sql`lower(${table.currentCompany})`),
    // The shell search: the full name contains the typed text (lowerContains on candidateFullName).
    index('candidates_full_name_trgm_idx')
      .using('gin', sql`lower(${table.firstName} || ' ' || ${table.lastName}) gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/** A row as the application reads it: everything but the search text. */
export type CandidateRow = Omit<typeof candidatesTable.$inferSelect, 'searchText'>;
export type NewCandidateRow = typeof candidatesTable.$inferInsert;

/**
 * The list search's own narrow table, one row per candidate, written only by the trigger
 * `candidates_search_sync` (migration 0007): the search tokens plus filter tokens (`=status:active`,
 * `=skill:python`, `=y:5` for the years of experience) as one tsvector, and the creation time for the
 * default ordering. A search with any filters is one GIN lookup here; counting its matches visits this
 * table's 13 MB for 100,000 candidates with resumes instead of the candidates table's 48 MB (the long
 * values live in TOAST). See docs/candidates-and-pipelines.md.
 */
export const candidateSearchTable = pgTable(
  'candidate_search',
  {
    candidateId: integer('candidate_id')
      .primaryKey()
      .references(() => candidatesTable.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /**
     * A copy of candidates.search_text. Besides the vector it makes nearly every row with a resume long
     * enough (over 2 kB) for PostgreSQL to move both to TOAST, leaving ~80-byte rows in this table.
     */
    searchText: text('search_text').notNull(),
    vector: tsvector('vector').notNull(),
  },
  (table) => [
    index('candidate_search_vector_idx').using('gin', table.vector).with({ fastupdate: false }),
    index('candidate_search_created_at_idx').on(table.createdAt, table.candidateId),
  ],
);

/**
 * How many candidates have each skill spelling (the skills filter's suggestions), kept by the trigger
 * `candidates_skill_counts` (migration 0031) in the write's transaction: counting every candidate's skills
 * was a whole-table aggregate (0.3 s on PostgreSQL, 0.9 s embedded, at 100,000 candidates). Decision 063.
 */
export const candidateSkillCountsTable = pgTable('candidate_skill_counts', {
  spelling: text('spelling').primaryKey(),
  candidates: integer('candidates').notNull(),
});

/** The columns the repository derives from the others (search keys); callers never set them. */
type DerivedColumns = 'phoneDigits' | 'skillsNormalized' | 'searchText';
/** What a caller writes for a candidate: a new row without the derived columns. */
export type CandidateValues = Omit<NewCandidateRow, DerivedColumns>;
