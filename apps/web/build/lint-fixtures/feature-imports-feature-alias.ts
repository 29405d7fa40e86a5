// lint-as: apps/web/src/features/candidates/components/fixture.tsx
export * from '@/features/pipelines/api';
