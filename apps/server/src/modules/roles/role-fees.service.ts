import type { RolePayout } from '@recruitdesk/contracts/roles';
import {
  basisPointsOf,
  formatMoney as formatPlainMoney,
  majorOf,
  minorOfColumn,
  percentOf,
  shareOf,
  type Minor,
} from '@recruitdesk/money';
import type { Db } from '../../db/client';
import { fromNumeric } from '../../db/sql-helpers';
import type { Deps } from '../../lib/deps';
import { assertCan } from '../../lib/permissions';
import { requireClientRow } from '../clients/clients.service';
import type { ClientRow } from '../clients/clients.table';
import { getAgencySettings, moneyVisibleTo } from '../settings/settings.service';
import { type UserRow } from '../users/users.service';
import { placementFeesOfRole } from './role-children';
import { countRetainerSharingRoles } from './roles.repository';
import { requireRoleRow } from './roles.service';
import type { RoleRow } from './roles.table';

// What a role earns: its client's fee terms, the role's expected payout and the fee of one placement.

const possessiveOf = (name: string) => (name.endsWith('s') ? `${name}'` : `${name}'s`);

/** An amount in a sentence: "USD 26,000", "USD 26,000.50" (minor units in). */
export const formatMoney = (minor: Minor, currency: string) =>
  formatPlainMoney(minor, currency, { omitZeroCents: true });

/**
 * What a role's client pays, as the payout and the placements compute it (one place for the fee rules):
 * a finder's fee % (the role's override, else the client's, else the agency default) of a salary, or the
 * client's retainer split evenly over the roles that share it.
 */
export interface RoleFeeTerms {
  basis: 'finders_fee' | 'retainer';
  clientName: string;
  /** Finder's fee: the role's salary currency; retainer: the client's currency. */
  currency: string;
  /** Finder's fee only. */
  feePercent: number | null;
  /** Where the finder's fee % comes from, in words. */
  feeSource: string;
  /** Retainer only, in minor units. */
  retainerAmount: Minor | null;
  /** Retainer only: how many roles share it (at least 1). */
  sharingRoles: number;
  /** Retainer only: the role's share in minor units (null without a retainer amount). */
  roleShare: Minor | null;
  /** Retainer only: the role's share per opening, in minor units. */
  perOpeningShare: Minor | null;
}

/** The fee terms of a role (no permission check: for other services; pass the transaction when inside one). */
export async function roleFeeTerms(db: Db, role: RoleRow, client?: ClientRow): Promise<RoleFeeTerms> {
  const owner = client ?? (await requireClientRow(db, role.clientId));
  if (owner.clientType === 'retainer') {
    const amount = minorOfColumn(owner.retainerAmount);
    const sharing = Math.max(1, await countRetainerSharingRoles(db, owner.id));
    const share = amount === null ? null : shareOf(amount, sharing);
    return {
      basis: 'retainer',
      clientName: owner.name,
      currency: owner.currency,
      feePercent: null,
      feeSource: '',
      retainerAmount: amount,
      sharingRoles: sharing,
      roleShare: share,
      perOpeningShare: share === null ? null : shareOf(share, role.openings),
    };
  }
  const override = fromNumeric(role.feePercentOverride);
  const feePercent =
    override ?? fromNumeric(owner.findersFeePercent) ?? (await getAgencySettings(db)).default_finders_fee_percent;
  return {
    basis: 'finders_fee',
    clientName: owner.name,
    currency: role.salaryCurrency,
    feePercent,
    feeSource: override !== null ? "this role's fee override" : `${possessiveOf(owner.name)} finder's fee`,
    retainerAmount: null,
    sharingRoles: 0,
    roleShare: null,
    perOpeningShare: null,
  };
}

/** The expected fee of a whole role from its terms (see RolePayoutSchema for the rules); no placements. */
export function payoutOf(role: RoleRow, terms: RoleFeeTerms): RolePayout {
  return { ...estimateOf(role, terms), placed: null };
}

function estimateOf(role: RoleRow, terms: RoleFeeTerms): Omit<RolePayout, 'placed'> {
  const { currency } = terms;
  if (terms.basis === 'retainer') {
    const amount = terms.retainerAmount;
    const total = terms.roleShare;
    if (amount === null || total === null) {
      return {
        basis: 'retainer',
        currency,
        fee_percent: null,
        salary_basis: null,
        per_opening: null,
        openings: role.openings,
        total: null,
        explanation: `${terms.clientName} has no retainer amount yet, so this role's share cannot be calculated.`,
      };
    }
    const sharing = terms.sharingRoles;
    const explanation =
      sharing === 1
        ? `${terms.clientName} pays a retainer of ${formatMoney(amount, currency)}; this is its only role, so the whole retainer (${formatMoney(total, currency)}) counts towards it.`
        : `${terms.clientName} pays a retainer of ${formatMoney(amount, currency)}, split evenly over its ${sharing} roles: ${formatMoney(total, currency)} for this role.`;
    return {
      basis: 'retainer',
      currency,
      fee_percent: null,
      salary_basis: null,
      per_opening: terms.perOpeningShare === null ? null : majorOf(terms.perOpeningShare),
      openings: role.openings,
      total: majorOf(total),
      explanation,
    };
  }
  const feePercent = terms.feePercent ?? 0;
  const salaryBasis = minorOfColumn(role.salaryMax) ?? minorOfColumn(role.salaryMin);
  const source = terms.feeSource;
  if (salaryBasis === null) {
    return {
      basis: 'finders_fee',
      currency,
      fee_percent: feePercent,
      salary_basis: null,
      per_opening: null,
      openings: role.openings,
      total: null,
      explanation: `The fee is ${feePercent} % (${source}) of the salary; add a salary to calculate it.`,
    };
  }
  const perOpening = percentOf(salaryBasis, basisPointsOf(feePercent));
  const total = perOpening * role.openings;
  const which = role.salaryMax !== null ? 'maximum' : 'minimum';
  const explanation = `${feePercent} % (${source}) of the ${which} salary ${formatMoney(salaryBasis, currency)} is ${formatMoney(perOpening, currency)} per opening; ${role.openings} ${role.openings === 1 ? 'opening makes' : 'openings make'} ${formatMoney(total, currency)}.`;
  return {
    basis: 'finders_fee',
    currency,
    fee_percent: feePercent,
    salary_basis: majorOf(salaryBasis),
    per_opening: majorOf(perOpening),
    openings: role.openings,
    total: majorOf(total),
    explanation,
  };
}

export interface PlacementFee {
  /** In minor units. */
  fee: Minor;
  feePercent: number | null;
  currency: string;
  /** How the fee was computed, in one sentence. */
  explanation: string;
}

/**
 * The fee of one placement in a role: the finder's fee % of the placed salary, or the role's share of the
 * retainer per opening (so the placements that fill every opening add up to the role's payout).
 */
export function placementFeeOf(role: RoleRow, terms: RoleFeeTerms, salaryMinor: Minor): PlacementFee {
  const { currency } = terms;
  if (terms.basis === 'retainer') {
    if (terms.retainerAmount === null || terms.perOpeningShare === null) {
      return {
        fee: 0,
        feePercent: null,
        currency,
        explanation: `${terms.clientName} has no retainer amount yet, so no fee is counted for this placement.`,
      };
    }
    const split = terms.sharingRoles === 1 ? 'its only role' : `${terms.sharingRoles} roles`;
    const openings = role.openings === 1 ? 'its one opening' : `its ${role.openings} openings`;
    return {
      fee: terms.perOpeningShare,
      feePercent: null,
      currency,
      explanation: `${possessiveOf(terms.clientName)} retainer of ${formatMoney(terms.retainerAmount, currency)} over ${split} gives this role ${formatMoney(terms.roleShare ?? 0, currency)}, which over ${openings} is ${formatMoney(terms.perOpeningShare, currency)} for this placement.`,
    };
  }
  const feePercent = terms.feePercent ?? 0;
  const fee = percentOf(salaryMinor, basisPointsOf(feePercent));
  return {
    fee,
    feePercent,
    currency,
    explanation: `${feePercent} % (${terms.feeSource}) of the salary ${formatMoney(salaryMinor, currency)} is ${formatMoney(fee, currency)}.`,
  };
}

/**
 * The expected fee for a role (see RolePayoutSchema for the rules) and, once placed, the real fees; no
 * payout at all for whoever may not see fees (decision 071), so the role page leaves the card out.
 */
export async function rolePayout(
  deps: Deps,
  actor: UserRow,
  id: number,
): Promise<{ money_visible: boolean; payout?: RolePayout }> {
  assertCan(actor, 'records.read');
  const role = await requireRoleRow(deps.db, id);
  if (!(await moneyVisibleTo(deps.db, actor))) return { money_visible: false };
  const fees = await placementFeesOfRole.get()(deps.db, id);
  const placements = fees.reduce((sum, row) => sum + row.placements, 0);
  const payout: RolePayout = {
    ...payoutOf(role, await roleFeeTerms(deps.db, role)),
    placed:
      placements === 0
        ? null
        : {
            placements,
            fees: fees.map((row) => ({ currency: row.currency, total: majorOf(minorOfColumn(row.total) ?? 0) })),
          },
  };
  return { money_visible: true, payout };
}
