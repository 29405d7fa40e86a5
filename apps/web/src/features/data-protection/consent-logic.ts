import {
  EXPIRING_SOON_DAYS,
  type ConsentInput,
  type LegalBasis,
  type LegalBasisSource,
} from '@recruitdesk/contracts/data-protection';

export interface ConsentFormValues {
  legal_basis: LegalBasis;
  source: LegalBasisSource;
  /** YYYY-MM-DD or ''. */
  given_on: string;
  consent_text: string;
  /** YYYY-MM-DD or ''. */
  expires_on: string;
}

/** The API body from the form: days become midnight UTC; the consent text only goes with consent. */
export function consentInputOf(values: ConsentFormValues): ConsentInput {
  return {
    legal_basis: values.legal_basis,
    source: values.source,
    given_at: values.given_on ? `${values.given_on}T00:00:00.000Z` : null,
    consent_text: values.legal_basis === 'consent' ? values.consent_text.trim() : '',
    expires_at: values.expires_on ? `${values.expires_on}T00:00:00.000Z` : null,
  };
}

/** Whether an expiry has passed, is within the "expiring soon" window, or is further off. */
export function expiryTone(expiresAt: string, now: Date): 'expired' | 'soon' | 'later' {
  const at = Date.parse(expiresAt);
  if (at < now.getTime()) return 'expired';
  return at - now.getTime() <= EXPIRING_SOON_DAYS * 86_400_000 ? 'soon' : 'later';
}

/** Whole days from now until `iso` (negative when past). */
export function daysUntil(iso: string, now: Date): number {
  return Math.ceil((Date.parse(iso) - now.getTime()) / 86_400_000);
}
