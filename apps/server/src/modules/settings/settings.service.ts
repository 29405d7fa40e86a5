import { DEFAULT_MONEY_VISIBILITY, type AgencySettings, type MoneyVisibility } from '@recruitdesk/contracts/settings';
import {
  DEFAULT_RETENTION_SETTINGS,
  type ExpiryAction,
  type RetentionSettings,
} from '@recruitdesk/contracts/data-protection';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { assertCan, canSeeMoney, type PermissionSubject } from '../../lib/permissions';
import { recordActivity } from '../activity/activity.service';
import { type UserRow } from '../users/users.service';
import { findAgencySettingsRow, upsertAgencySettingsRow } from './settings.repository';
import { agencySettingsTable, type AgencySettingsRow } from './settings.table';

export const DEFAULT_AGENCY_SETTINGS: AgencySettings = {
  agency_name: 'My Agency',
  currency: 'USD',
  default_finders_fee_percent: 20,
  default_payment_terms_days: 30,
  invoice_issuer: { legal_name: '', address: '', tax_id: '', bank_details: '', email: '', phone: '' },
  privacy_text: '',
  country: '',
  postal_code: '',
  money_visibility: DEFAULT_MONEY_VISIBILITY,
};

function toApiSettings(row: AgencySettingsRow | undefined): AgencySettings {
  if (!row) return DEFAULT_AGENCY_SETTINGS;
  return {
    agency_name: row.agencyName,
    currency: row.currency,
    default_finders_fee_percent: row.defaultFindersFeePercent,
    default_payment_terms_days: row.defaultPaymentTermsDays,
    invoice_issuer: { ...DEFAULT_AGENCY_SETTINGS.invoice_issuer, ...row.invoiceIssuer },
    privacy_text: row.privacyText,
    country: row.country,
    postal_code: row.postalCode,
    money_visibility: row.moneyVisibility,
  };
}

/** Every signed-in user reads them (later issues use currency, fees and issuer details). */
export async function getAgencySettings(db: Db): Promise<AgencySettings> {
  return toApiSettings(await findAgencySettingsRow(db));
}

/** Writes the settings (no permission check: for demo data and the owner path below). */
export async function saveAgencySettings(
  db: Db,
  actor: UserRow | null,
  input: AgencySettings,
  now: Date,
): Promise<AgencySettings> {
  const row = await upsertAgencySettingsRow(db, {
    agencyName: input.agency_name,
    currency: input.currency,
    defaultFindersFeePercent: input.default_finders_fee_percent,
    defaultPaymentTermsDays: input.default_payment_terms_days,
    invoiceIssuer: input.invoice_issuer,
    privacyText: input.privacy_text,
    country: input.country,
    postalCode: input.postal_code,
    moneyVisibility: input.money_visibility,
    updatedAt: now,
  });
  await recordActivity(db, {
    actor,
    verb: 'updated',
    modelType: 'agency_settings',
    objectId: 1,
    summary: `Agency settings updated (${input.agency_name})`,
  });
  return toApiSettings(row);
}

/** Owners only. */
export async function updateAgencySettings(deps: Deps, actor: UserRow, input: AgencySettings): Promise<AgencySettings> {
  assertCan(actor, 'agency.manage');
  return inTransaction(deps.db, (tx) => saveAgencySettings(tx, actor, input, deps.config.now()));
}

/** The agency's `money_visibility` setting (decision 071). */
export async function moneyVisibility(db: Db): Promise<MoneyVisibility> {
  const row = await findAgencySettingsRow(db);
  return row?.moneyVisibility ?? DEFAULT_MONEY_VISIBILITY;
}

/**
 * Whether the user sees fees (decision 071): every serializer that carries a fee, a fee %, a payout, a
 * retainer amount or instalments, or revenue asks this once per request and leaves those keys out when
 * it says no. One small read of the settings row.
 */
export async function moneyVisibleTo(db: Db, user: PermissionSubject): Promise<boolean> {
  return canSeeMoney(user, await moneyVisibility(db));
}

/** The settings as a reader sees them: the default finder's fee % is a fee, absent for non-readers. */
export function settingsForReader(
  settings: AgencySettings,
  moneyVisible: boolean,
): Omit<AgencySettings, 'default_finders_fee_percent'> & { default_finders_fee_percent?: number } {
  if (moneyVisible) return settings;
  const { default_finders_fee_percent: _hidden, ...rest } = settings;
  return rest;
}

// ---- Retention (issue 34): how long people's data is kept; the data-protection module's job reads it ----

function toRetentionSettings(row: AgencySettingsRow | undefined): RetentionSettings {
  if (!row) return DEFAULT_RETENTION_SETTINGS;
  return {
    retention_months: row.retentionMonths,
    renewal_notice_days: row.renewalNoticeDays,
    expiry_action: row.expiryAction as ExpiryAction,
  };
}

/** The retention settings (no permission check: for the job and the modules that record a legal basis). */
export async function getRetentionSettings(db: Db): Promise<RetentionSettings> {
  return toRetentionSettings(await findAgencySettingsRow(db));
}

/** GET /api/settings/retention/: owners only. */
export async function readRetentionSettings(deps: Deps, actor: UserRow): Promise<RetentionSettings> {
  assertCan(actor, 'agency.manage');
  return getRetentionSettings(deps.db);
}

/** PUT /api/settings/retention/: owners only; the agency's other settings stay as they are. */
export async function updateRetentionSettings(
  deps: Deps,
  actor: UserRow,
  input: RetentionSettings,
): Promise<RetentionSettings> {
  assertCan(actor, 'agency.manage');
  return inTransaction(deps.db, async (tx) => {
    const values = {
      retentionMonths: input.retention_months,
      renewalNoticeDays: input.renewal_notice_days,
      expiryAction: input.expiry_action,
      updatedAt: deps.config.now(),
    };
    const [row] = await tx
      .insert(agencySettingsTable)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: agencySettingsTable.id, set: values })
      .returning();
    await recordActivity(tx, {
      actor,
      verb: 'updated',
      modelType: 'agency_settings',
      objectId: 1,
      summary: `Retention settings updated (${input.retention_months} months, ${input.expiry_action})`,
    });
    return toRetentionSettings(row);
  });
}

/** `months` calendar months after `from` (the day clamped to the month's end). */
export function addMonths(from: Date, months: number): Date {
  const result = new Date(from.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const last = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, last));
  return result;
}
