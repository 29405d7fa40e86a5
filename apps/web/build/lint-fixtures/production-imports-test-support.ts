// lint-as: apps/web/src/features/pipelines/components/fixture.tsx
import '../test-support/test-data';
