// lint-as: apps/web/src/lib/fixture.ts
import '../api/candidates';
