// Linted as apps/server/src/modules/candidates/fixture.ts: production code imports no test support.
import { HttpClient } from '../../test/http-client';

export const fixture = HttpClient;
