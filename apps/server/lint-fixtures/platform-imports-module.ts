// Linted as apps/server/src/plugins/fixture.ts: the platform knows no domain.
import { requireUser } from '../modules/users/users.service';

export const fixture = requireUser;
