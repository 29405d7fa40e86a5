// Data protection's constants without zod (issue 34): the web's list and menu load them without the schemas.

export const LEGAL_BASES = ['consent', 'legitimate_interest', 'contract'] as const;
export type LegalBasis = (typeof LEGAL_BASES)[number];
export const LEGAL_BASIS_LABELS: Record<LegalBasis, string> = {
  consent: 'Consent',
  legitimate_interest: 'Legitimate interest',
  contract: 'Contract',
};

export const LEGAL_BASIS_SOURCES = ['careers_page', 'import', 'manual', 'email'] as const;
export type LegalBasisSource = (typeof LEGAL_BASIS_SOURCES)[number];
export const LEGAL_BASIS_SOURCE_LABELS: Record<LegalBasisSource, string> = {
  careers_page: 'Careers page',
  import: 'Import',
  manual: 'Entered by hand',
  email: 'Email',
};

/** The candidates list's consent filter: expiring in the next 30 days, expired, or withdrawn. */
export const CONSENT_FILTERS = ['expiring', 'expired', 'withdrawn'] as const;
export type ConsentFilter = (typeof CONSENT_FILTERS)[number];
/** "Expiring soon" on the list and the data protection page. */
export const EXPIRING_SOON_DAYS = 30;
