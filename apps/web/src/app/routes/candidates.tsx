// Placeholder: the candidates screens are being built (issue 5).
export function CandidatesRoute() {
  return null;
}
export function CandidateDetailRoute() {
  return null;
}
