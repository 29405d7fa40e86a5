// Placeholder: the pipeline screens are being built (issue 5).
export function PipelineBoardRoute() {
  return null;
}
export function PipelineCreateRoute() {
  return null;
}
export function PipelineDetailRoute() {
  return null;
}
export function RoleCandidateRoute() {
  return null;
}
