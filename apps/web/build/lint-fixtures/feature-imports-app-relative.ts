// lint-as: apps/web/src/features/roles/fixture.ts
import '../../app/store';
