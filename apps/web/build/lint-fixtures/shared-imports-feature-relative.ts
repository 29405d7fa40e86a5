// lint-as: apps/web/src/components/ui/fixture.tsx
import '../../features/candidates/api';
