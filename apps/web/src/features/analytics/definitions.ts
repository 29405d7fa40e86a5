/** The figures' definitions as the hover help says them (issue 12; the server's docs/analytics.md). */
export const DEFINITIONS = {
  open_roles: 'Roles open or on hold at the end of the period.',
  new_roles: 'Roles opened within the period.',
  placements: 'Candidates placed within the period.',
  fill_rate:
    'Roles filled ÷ roles closed within the period (a role is filled when it closed as filled or with a placement).',
  median_days_to_fill: "Median days from a role's opened date to each placement in the period.",
  median_days_to_first_submittal:
    "Median days from a role's opened date to its first submittal, for first submittals in the period.",
  submittals_per_placement:
    'Submittals made in the period ÷ placements in the period: how many candidates it takes to place one.',
  revenue_booked: 'Invoiced in the period: invoices issued (not drafts, not void), credit notes counted negative.',
  revenue_collected: 'Collected in the period: payouts received against invoices.',
  average_fee: "The mean placement fee of the period's placements.",
  funnel:
    'Pipelines created in the period that reached each stage (or a later one), and the share that went on to the next stage.',
  time_in_stage:
    'Days from entering a stage to leaving it, over stays that ended: the median and the 90th percentile (9 in 10 stays were shorter).',
  wages: "Each placement's salary against the role's posted range: below, within or above, and by how much.",
  role_wages: 'Placed salaries per role family and location: lowest, quartiles, median, highest.',
  optimal:
    'Answered offers (accepted, declined, withdrawn) grouped into salary bands; the band accepted most often is highlighted, counting how many offers each rate rests on (one accepted offer does not beat nine of ten).',
  retainer:
    'For retainer clients: days from signing to each instalment being invoiced and paid, with the instalments still expected. Each median is over its own instalments: days to invoiced over those invoiced in the period, days to paid over those of them already paid. So the paid median can be shorter than the invoiced one (the unpaid instalments are often the later ones), and a payment received before its invoice date counts on the day it came in.',
  sources:
    "Placements in the period by where the candidate came from: the application's channel when the pipeline came from an application (careers page, Indeed), else the source recorded on the candidate.",
  applications:
    'Applications received in the period per channel, and what became of them so far: still open, rejected, converted into a candidate, and converted ones placed.',
  role_family:
    'A role family groups role titles: seniority words (senior, junior, lead…) and punctuation are removed and synonyms joined, so "Sr. Software Engineer" and "Software Developer II" are one family.',
} as const;
