// lint-as: apps/web/src/api/fixture.ts
import '../features/roles/api';
