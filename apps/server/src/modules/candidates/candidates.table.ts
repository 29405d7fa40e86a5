import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { usersTable } from '../users/users.table';

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
    skills: text('skills').array().notNull().default(sql`'{}'::text[]`),
    /** The skills lower-cased, for `@>` matching through the GIN index. Maintained by the repository. */
    skillsNormalized: text('skills_normalized').array().notNull().default(sql`'{}'::text[]`),
    yearsExperience: integer('years_experience'),
    desiredSalary: numeric('desired_salary', { precision: 14, scale: 2 }),
    status: text('status').notNull().default('active'),
    source: text('source').notNull().default(''),
    consentDate: date('consent_date', { mode: 'string' }),
    resumeKey: text('resume_key'),
    resumeFilename: text('resume_filename'),
    resumeSize: integer('resume_size'),
    resumeContentType: text('resume_content_type'),
    resumeUploadedAt: timestamp('resume_uploaded_at', { withTimezone: true }),
    resumeText: text('resume_text').notNull().default(''),
    /**
     * Lower-cased names, email, phone, title, company, skills and resume text: what the list search
     * matches (`ILIKE '%word%'` per word through the trigram index). Maintained by the repository.
     */
    searchText: text('search_text').notNull().default(''),
    createdById: integer('created_by').references(() => usersTable.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('candidates_search_text_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    index('candidates_skills_normalized_idx').using('gin', table.skillsNormalized),
    index('candidates_status_created_at_idx').on(table.status, table.createdAt),
    index('candidates_created_at_idx').on(table.createdAt, table.id),
    index('candidates_years_experience_idx').on(table.yearsExperience),
    index('candidates_email_lower_idx').on(sql`lower(${table.email})`),
    index('candidates_phone_digits_idx').on(table.phoneDigits),
    index('candidates_company_lower_idx').on(sql`lower(${table.currentCompany})`),
  ],
);

export type CandidateRow = typeof candidatesTable.$inferSelect;
export type NewCandidateRow = typeof candidatesTable.$inferInsert;
