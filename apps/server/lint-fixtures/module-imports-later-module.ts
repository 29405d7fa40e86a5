// Linted as apps/server/src/modules/clients/fixture.ts: clients comes before roles, so this points back.
import { getRole } from '../roles/roles.service';

export const fixture = getRole;
