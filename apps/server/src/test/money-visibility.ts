import type { MoneyVisibility } from '@recruitdesk/contracts/settings';
import type { Db } from '../db/client';
import { getAgencySettings, saveAgencySettings } from '../modules/settings/settings.service';

/** Sets the agency's `money_visibility` (decision 071), keeping the other settings. */
export async function setMoneyVisibility(db: Db, visibility: MoneyVisibility): Promise<void> {
  const settings = await getAgencySettings(db);
  await saveAgencySettings(db, null, { ...settings, money_visibility: visibility }, new Date());
}
