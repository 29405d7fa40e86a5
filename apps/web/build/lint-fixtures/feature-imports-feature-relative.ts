// lint-as: apps/web/src/features/candidates/components/fixture.tsx
// A relative path into another feature: the old alias-string rule let this through.
import '../../pipelines/api';
