// lint-as: apps/web/src/features/pipelines/components/fixture.tsx
// What a feature may import: itself (relative or by alias), the shared API layer, shared code, packages.
import '../api';
import '@/features/pipelines/board-logic';
import '@/api/candidates';
import '@/lib/api';
import '@/components/ui/button';
import 'react';
