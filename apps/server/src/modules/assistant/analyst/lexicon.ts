// Over 400 lines: data: the built-in analyst's metrics with their scored phrases and definitions, and its grammar words.
// What the built-in analyst understands: the metrics (each with the phrases that point to it, scored), their
// one-line definitions (docs/analytics.md), and the words that are grammar rather than names.

export type MetricKey =
  | 'placements'
  | 'new_roles'
  | 'open_roles'
  | 'submittals'
  | 'roles_closed'
  | 'roles_filled'
  | 'fill_rate'
  | 'days_to_fill'
  | 'days_to_first_submittal'
  | 'revenue'
  | 'revenue_booked'
  | 'revenue_collected'
  | 'average_fee'
  | 'funnel'
  | 'time_in_stage'
  | 'recruiter_performance'
  | 'top_clients'
  | 'wages'
  | 'offer_acceptance'
  | 'retainer'
  | 'sources'
  | 'outstanding'
  | 'attention'
  | 'role_pipeline'
  | 'role_matches'
  | 'count_clients'
  | 'count_candidates'
  | 'lookup';

export interface MetricInfo {
  label: string;
  definition: string;
  /** Flows over time need a period (asked for when missing); stocks are read as of now. */
  kind: 'flow' | 'stock' | 'default_all_time';
  /** Money (decision 034): answered to owners only. */
  money?: boolean;
  triggers: [RegExp, number][];
}

export const METRICS: Record<MetricKey, MetricInfo> = {
  placements: {
    label: 'Placements',
    definition: 'placements recorded in the period (one per candidate placed in a role).',
    kind: 'flow',
    triggers: [
      [/\bplacements?\b/, 3],
      [/\b(?:placed|hires?|hired)\b/, 2],
      [/\bhow many (?:people|candidates) (?:did we|have we|were) (?:place|placed|hire|hired)\b/, 3],
    ],
  },
  new_roles: {
    label: 'New roles',
    definition: 'roles whose opened date falls in the period.',
    kind: 'flow',
    triggers: [
      [/\bnew (?:roles?|jobs?|positions?|requisitions?|reqs?|openings?|searches|vacanc(?:y|ies)|mandates?)\b/, 4],
      [/\b(?:take|took|taken) on\b/, 2],
      [
        /\b(?:roles?|jobs?|positions?) (?:were |did we |have we |we )?(?:opened|open|created|added|won|taken on|took on)\b(?! (?:right )?now| today| currently| at the moment| before)/,
        4,
      ],
      [
        /\b(?:open|opened|create|created|win|won|take on|took on) (?:new )?(?:roles?|jobs?|positions?)\b(?! (?:right )?now| today| currently| at the moment)/,
        1,
      ],
    ],
  },
  open_roles: {
    label: 'Open roles',
    definition: 'roles open or on hold (not closed), as of the period end; without a period, as of now.',
    kind: 'stock',
    triggers: [
      [
        /\b(?:open|active|live|current|ongoing) (?:roles?|jobs?|positions?|searches|requisitions?|reqs?|vacanc(?:y|ies)|mandates?)\b/,
        3,
      ],
      [
        /\b(?:roles?|jobs?|positions?|searches|vacanc(?:y|ies)|mandates?) (?:are |is )?(?:still |currently |now |right now )?(?:open|active|live)\b/,
        3,
      ],
      [/\bworking on\b/, 1],
      [
        /\bhow many roles (?:\w+ ){0,4}(?:open|active|live|on the go|in progress)\b(?! (?:in|during|since|between|last|this) )/,
        3,
      ],
      [/\b(?:recruiting|hiring|searching|working) (?:for|on)\b/, 3],
      [/\bhow many roles\b.*\b(?:right now|at the moment|currently|today|at present)\b/, 3],
      [/\broles? (?:\w+ ){0,4}(?:on hold|paused|frozen)\b|\b(?:on hold|paused|frozen) roles?\b/, 4],
    ],
  },
  submittals: {
    label: 'Submittals',
    definition: 'candidates submitted to clients (submittal date in the period).',
    kind: 'flow',
    triggers: [
      [/\bsubmittals?\b/, 3],
      [/\bsubmissions?\b/, 3],
      [/\b(?:submitted|cvs? sent|resumes? sent|sent to (?:the )?clients?)\b/, 2],
      [
        /\b(?:candidates?|people|cvs?|resumes?|profiles?) (?:did we |have we |do we |we |were |got |have been |has been |had been )?(?:submit|submitted|send|sent|put forward|present|presented)\b/,
        4,
      ],
      [
        /\b(?:send|sent|sending|submit) (?:\w+ )?(?:cvs?|resumes?|profiles?|candidates?)\b|\b(?:cvs?|resumes?|profiles?) (?:did we |have we |we )?(?:send|sent|submit)\b/,
        3,
      ],
    ],
  },
  roles_closed: {
    label: 'Roles closed',
    definition: 'roles closed in the period, whatever the reason.',
    kind: 'flow',
    triggers: [
      [
        /\b(?:roles?|jobs?|positions?) (?:were |was |did we |have we |has |have |had |we )?(?:been |ever |already |all |now )*closed\b/,
        3,
      ],
      // "roles has Acme Logistics closed": a name between.
      [
        /\b(?:roles?|jobs?|positions?) (?:has|have|did|had) (?:[\w&'.-]+ ){1,4}(?:ever |already )?(?:close|closed)\b/,
        3,
      ],
      [/\bclosed (?:roles?|jobs?|positions?)\b/, 2],
      [/\bclose (?:roles?|jobs?)\b/, 2],
      [/\b(?:roles?|jobs?|positions?|searches) (?:did we |have we |we )?close\b/, 3],
    ],
  },
  roles_filled: {
    label: 'Roles filled',
    definition: 'roles closed in the period as filled (by us or by the client) or with a placement.',
    kind: 'flow',
    triggers: [
      [
        /\b(?:roles?|jobs?|positions?|searches) (?:were |was |did we |have we |has |have |had |we )?(?:been |ever |already |all |now )*(?:fill|filled)\b/,
        4,
      ],
      [/\b(?:roles?|jobs?|positions?) (?:has|have|did|had) (?:[\w&'.-]+ ){1,4}(?:ever |already )?(?:fill|filled)\b/, 4],
      [/\bfilled (?:roles?|jobs?|positions?)\b/, 4],
      [/\broles? (?:\w+ ){0,3}(?:got |get |been |were |was )(?:fill|filled)\b/, 4],
    ],
  },
  fill_rate: {
    label: 'Fill rate',
    definition: 'roles filled ÷ roles closed in the period.',
    kind: 'flow',
    triggers: [
      [/\bfill(?:ed)? (?:rate|ratio|percentage)\b/, 5],
      [/\b(?:share|percent(?:age)?|proportion) of (?:closed )?roles? (?:we )?filled\b/, 5],
      [/\bsuccess rate\b/, 3],
    ],
  },
  days_to_fill: {
    label: 'Median days to fill',
    definition: "median, over the period's placements, of days from the role's opened date to the placement.",
    kind: 'flow',
    triggers: [
      [/\b(?:time|days?) to (?:fill|hire|place)\b/, 5],
      [
        /\bhow (?:long|many days|quickly|fast) (?:does it|did it|do we|did we|does a role|to) (?:take (?:us )?)?(?:to )?(?:fill|hire|place|close)\b/,
        5,
      ],
      [
        /\bhow long (?:is|are|does|do|was|were) (?:a |our |the )?(?:roles?|jobs?|positions?) (?:stay |staying )?open\b/,
        5,
      ],
      [/\bbefore (?:we|they) (?:place|fill|hire)\b/, 4],
      [/\b(?:fill|hiring) (?:time|speed)\b/, 4],
      [
        /\bfrom (?:opening|open|launching|launch|starting|start|kick ?off|the start)\b.{0,30}\bto (?:placing|placement|place|filling|fill|hiring|hire|an? (?:placement|hire)|the (?:placement|hire))\b/,
        6,
      ],
      [
        /\bhow (?:long|many days|quickly|fast)\b(?:(?! in (?:the )?(?:\w+ )?stage)[^?])*\bto (?:fill|hire for|close out|place someone in) (?:a |the |our |each )?roles?\b/,
        5,
      ],
    ],
  },
  days_to_first_submittal: {
    label: 'Median days to first submittal',
    definition: 'median, over roles whose first submittal falls in the period, of days from opening to that submittal.',
    kind: 'flow',
    triggers: [
      [/\b(?:time|days?) to (?:the )?first (?:submittal|submission|candidate|cv)\b/, 6],
      [/\bfirst (?:submittal|submission)\b/, 4],
      [/\bfirst (?:candidate|cv|resume|profile)\b/, 4],
      [/\bin front of (?:a |the )?clients?\b/, 2],
      [/\bhow (?:long|quickly|fast) .*\bfirst (?:candidate|submittal|submission|cv)\b/, 6],
    ],
  },
  revenue: {
    label: 'Revenue',
    definition: 'money from clients; either invoiced (booked) or received (collected).',
    kind: 'flow',
    money: true,
    triggers: [
      [/\b(?:revenue|income|turnover|sales|takings)\b/, 3],
      [/\bhow much (?:money )?(?:did we|have we|do we) (?:make|earn|bring in|generate)\b/, 3],
      [/\b(?:make|made|earn|earned) (?:in|from)\b/, 1],
      [/\bhow much (?:did|has|have|does) .{1,60}? (?:bring|generate|earn|make|give|worth)\b/, 3],
      [/\bhow much (?:is|was) .{1,60}? worth\b/, 3],
    ],
  },
  revenue_booked: {
    label: 'Revenue booked',
    definition: 'the total of invoices issued in the period (not drafts or void; credit notes count negative).',
    kind: 'flow',
    money: true,
    triggers: [
      [/\b(?:invoiced|billed|booked)\b/, 5],
      [/\b(?:invoice|bill) (?:total|amount|value)s?\b/, 4],
      [/\b(?:did|have|do) we (?:invoice|bill)\b/, 6],
      [/\bbillings?\b/, 4],
      // Fees in total (not the average fee): what was invoiced.
      [
        /\b(?:most|highest|biggest|largest|total|more|fewest|least) (?:placement )?fees\b|\bfees (?:earned|charged|billed|invoiced|generated)\b|\bby fees\b|\bin fees\b/,
        5,
      ],
    ],
  },
  revenue_collected: {
    label: 'Revenue collected',
    definition: 'payments received in the period (the payout date), against any invoice.',
    kind: 'flow',
    money: true,
    triggers: [
      [
        /\b(?:collected|collect|collecting|collections?|received|receive|receiving|cash (?:in|collected|received)|takings)\b/,
        5,
      ],
      [/\b(?:came|come|coming) in\b/, 4],
      [/\b(?:paid|pay) us\b/, 6],
      [/\bhow much (?:did|has|have) .{1,60}? (?:pay|paid)\b/, 5],
      [/\b(?:payments?|cash ?flow|collections?)\b/, 3],
    ],
  },
  average_fee: {
    label: 'Average placement fee',
    definition: "the mean fee of the period's placements, half-up to the cent.",
    kind: 'flow',
    money: true,
    triggers: [
      [/\b(?:average|avg|mean|typical) (?:placement |finder'?s'? )?fee\b/, 6],
      [/\bfees? (?:per|for each|on each|on an?|for an?) (?:placement|hire|role filled)\b/, 6],
      [/\bhow much (?:do|did) we (?:earn|make|charge) (?:per|a|for each) (?:placement|hire)\b/, 6],
    ],
  },
  funnel: {
    label: 'Pipeline funnel',
    definition:
      'over pipelines created in the period: how many reached each stage (or later) and the share that went on to the next.',
    kind: 'flow',
    triggers: [
      [/\bfunnel\b/, 5],
      [/\bconversion(?: rate)?s?\b/, 4],
      [/\b(?:convert|converted|converting)\b/, 4],
      [/\bdrop[- ]?(?:off|outs?)\b/, 3],
      [/\bhow many (?:candidates|pipelines|people) (?:reached|got to|made it to)\b/, 5],
      [
        /\bhow many (?:candidates|pipelines|people) (?:\w+ ){0,2}(?:got|get|received|receive|had|reached|were given|made it to|got to|went to|moved to|progressed to|advanced to) (?:an? |the )?(?:offers?|client interviews?|interviews?|internal interviews?|submitted|submittal|placed)\b/,
        6,
      ],
      [
        /\b(?:ended|end|ending|resulted|result|turned|turn) (?:up )?(?:in|into) (?:an? |the )?(?:offers?|client interviews?|interviews?|placements?|hires?)\b/,
        5,
      ],
      [/\bpass(?:-through)? rate\b/, 4],
      [
        /\bpipelines? (?:did we |have we |were |we )?(?:start|started|create|created|open|opened|add|added|begin|began)\b/,
        5,
      ],
      [
        /\b(?:share|percentage|percent|proportion|fraction) of (?:the )?(?:candidates|pipelines|people|submittals|submitted|offers|interviews)\b/,
        5,
      ],
    ],
  },
  time_in_stage: {
    label: 'Time in stage',
    definition:
      'for pipelines created in the period, the median days a stay in each stage lasted (stays still running left out).',
    kind: 'flow',
    triggers: [
      [/\b(?:time|days?|long) (?:spent )?in (?:each |the |a )?(?:stage|stages)\b/, 6],
      [/\btime[- ]in[- ]stage\b/, 6],
      [
        /\bhow long (?:do|did|does) (?:candidates|people|pipelines|they|a candidate|a pipeline) (?:stay|spend|sit|remain|wait|take)\b/,
        5,
      ],
      [/\bhow long (?:is|are) (?:the )?(?:\w+ )?(?:stage|interview stage|offer stage)\b/, 4],
      [/\bbottleneck\b/, 4],
      [
        /\b(?:how long|days?|time|median|average|sit|sitting|stay|staying|spend|spent|wait|waiting)\b.*\bin (?:the )?(?:sourc(?:ed|ing)|internal(?: interview| screen(?:ing)?)?|screening|submit[- ]pending|submitted|client interview|interview|offer)(?: stage)?\b/,
        6,
      ],
      [/\b(?:slowest|longest|quickest|fastest) stages?\b/, 6],
    ],
  },
  recruiter_performance: {
    label: 'Recruiter performance',
    definition:
      "per recruiter: open roles they own at the period end, their pipelines' submittals and placements in the period (fees for owners).",
    kind: 'flow',
    triggers: [
      [/\brecruiters?(?:'s|s')? (?:performance|leaderboard|ranking|league|stats|numbers|results|productivity)\b/, 6],
      [/\b(?:top|best|leading|most productive|worst|slowest|fastest|quickest) recruiters?\b/, 6],
      [/\brecruiters? (?:is |was |are |were )?(?:the )?(?:slowest|fastest|quickest)\b/, 6],
      [
        /\brecruiters? (?:with|who (?:has|had|have|made|placed|got)|that (?:has|had|made)) (?:the )?(?:most|highest|fewest|least|lowest)\b/,
        6,
      ],
      [/\b(?:which|what) recruiters?\b/, 5],
      [/\bwho (?:placed|made|submitted|has|had|got) (?:the )?most\b/, 5],
      [/\b(?:by|per|for each|each) recruiter\b/, 5],
      [/\bhow (?:is|are|did|was|were) (?:each )?recruiters? (?:doing|performing)\b/, 6],
    ],
  },
  top_clients: {
    label: 'Clients ranked',
    definition: 'clients with activity in the period, ranked by placements (or by revenue when asked).',
    kind: 'flow',
    triggers: [
      [/\b(?:top|best|biggest|largest|main|most valuable|leading) clients?\b/, 6],
      [/\b(?:which|what) clients?\b/, 5],
      [/\b(?:by|per|for each|each) client\b/, 5],
      [
        /\b(?:clients?|customers?) (?:with|that (?:has|had|have|brought|gave)|who (?:has|had|have|brought|gave)|having|bringing|giving) (?:us )?(?:the )?(?:most|highest|biggest|largest|fewest|least|lowest)\b/,
        6,
      ],
      [/\bclients? (?:ranked|ranking|league|breakdown)\b/, 6],
    ],
  },
  wages: {
    label: 'Placed salaries',
    definition: 'salaries of placements per role family: median, quartiles and range.',
    kind: 'default_all_time',
    triggers: [
      [/\b(?:salary|salaries|wages?|compensation|comp|pay (?:range|level|band)s?)\b/, 4],
      [
        /\bhow much (?:do|did|does|are|were) (?:we pay|\w+s get paid|they earn|(?:a|an) [\w ]{2,40}? (?:earn|make|get))\b/,
        3,
      ],
      [/\b(?:earn|make|paid)\b/, 1],
      [/\b(?:what|how much) (?:do|did|does|should) (?:we|they|clients?) pay\b/, 4],
      [/\bgets? paid\b|\bget (?:paid|offered)\b/, 4],
      [/\bwhat (?:do|does|did|can) (?:a |an |our )?[a-z ]{2,40}? (?:earn|make|take home|command)\b/, 4],
      [/\bwhat (?:are|is|were|was) (?:a |an |our )?[a-z ]{2,40}? paid\b/, 4],
      [/\bplaced at\b|\b(?:placed|hired) (?:for|on|at) (?:a |what )?(?:salary|wage)\b/, 6],
      [
        /\bhow much (?:do|did|does|would|will) (?:we|they|you|clients?) (?:place|hire|get|land) (?:\w+ ){1,5}(?:for|at)\b/,
        6,
      ],
    ],
  },
  offer_acceptance: {
    label: 'Offer acceptance by salary',
    definition:
      'answered offers (accepted, declined, withdrawn) per role family in salary bands; the band with the highest acceptance rate (5+ offers needed).',
    kind: 'default_all_time',
    triggers: [
      [/\boffers? (?:gets? |get |are |is |were |was )?accept(?:ed|ance)?\b/, 6],
      [/\baccept(?:ed|ance)? (?:rate|offers?)\b/, 6],
      [/\b(?:optimal|best|right|winning|ideal) (?:salary|wage|offer|pay)(?: range| band| level)?\b/, 6],
      [/\bwhat (?:salary|offer|pay) (?:gets|wins|lands)\b/, 7],
      [
        /\bwhat (?:salary |pay )?offer\b|\boffer should (?:we|i)\b|\bget a yes\b|\b(?:offer|salary|pay) (?:to|that) (?:wins?|lands?|closes?|gets?)\b/,
        6,
      ],
      [/\b(?:declined|rejected|turned down) offers?\b/, 4],
    ],
  },
  retainer: {
    label: 'Retainer payouts',
    definition:
      'retainer instalments per client: days from signing to invoice and to payment, and what is still outstanding.',
    kind: 'default_all_time',
    triggers: [
      [/\bretainers?\b/, 4],
      [/\binstal?ments?\b/, 5],
      [/\b(?:time|days?) to (?:payout|be paid|get paid|payment)\b/, 5],
    ],
  },
  sources: {
    label: 'Placements by source',
    definition:
      "placements by where the candidate came from (the application's channel when the pipeline came from an application, else the source recorded on the candidate), and the applications received per channel.",
    kind: 'default_all_time',
    triggers: [
      [
        /\bwhere (?:do|did|does) (?:our |we |the |most )?(?:\w+ )?(?:placements?|hires?|placed candidates|candidates|people) (?:we place |we placed |we hire |we hired )?(?:come|came) from\b/,
        8,
      ],
      [/\b(?:best|top|main|biggest|which|what) (?:candidate |hiring |recruiting )?(?:sources?|channels?)\b/, 7],
      [
        /\b(?:placements?|hires?) (?:by|per) (?:source|channel)\b|\bsources? of (?:our |the )?(?:placements?|hires?|candidates)\b/,
        8,
      ],
      [/\b(?:sources?|channels?)\b/, 3],
      [/\bcareers? (?:page|site)\b|\b(?:from|on|via|through) indeed\b|\bjob (?:board|posting)s?\b/, 5],
      [/\bapplications?\b/, 3],
    ],
  },
  outstanding: {
    label: 'Outstanding invoices',
    definition: 'the unpaid balance of sent invoices; overdue = the part past its due date.',
    kind: 'stock',
    money: true,
    triggers: [
      [
        /\b(?:outstanding|owed|owe us|owes us|owing|unpaid|overdue|receivables?|late (?:invoices?|payments?)|ar aging|aging)\b/,
        6,
      ],
      [/\bwho (?:hasn'?t|has not|haven'?t|have not) paid\b/, 6],
      [/\b(?:still|yet) (?:need )?to (?:collect|be paid|come in)\b|\bstill owed\b/, 7],
    ],
  },
  attention: {
    label: 'Needs attention',
    definition:
      'stalled pipelines (no stage change in 5 days), open roles without a submittal in 7 days, guarantees ending within 30 days, interviews tomorrow, overdue invoices (owners).',
    kind: 'stock',
    triggers: [
      [/\b(?:stalled|stalling|stuck|stagnant|idle|neglected|at risk|going nowhere|slipping)\b/, 6],
      [/\bneeds? (?:my |our )?attention\b/, 6],
      [/\b(?:what|anything) (?:should|do) (?:i|we) (?:look at|worry about|follow up|chase)\b/, 6],
      [/\bno (?:activity|movement|progress|submittals?)\b/, 5],
      [
        /\b(?:gone|going|gone very|been) (?:quiet|cold|silent|dark)\b|\b(?:dormant|inactive|not moving|haven'?t moved|hasn'?t moved|sitting idle)\b/,
        6,
      ],
      [/\bfollow[- ]ups?\b/, 2],
      [/\binterview(?:s|ing)?\b(?:[^?.]*)\btomorrow\b|\btomorrow'?s? interviews?\b/, 8],
      [/\b(?:needs?|need to|should (?:i|we)|to) (?:be )?(?:follow(?:ing|ed)?[- ]up|chas(?:e|ed|ing)(?: up)?)\b/, 6],
    ],
  },
  role_pipeline: {
    label: 'Role pipeline',
    definition: "the role's candidates as they are now, per stage (open and closed).",
    kind: 'stock',
    triggers: [
      [/\bpipelines? (?:of|for|on|in)\b/, 4],
      [/\bpipeline\b/, 2],
      [/\b(?:candidates|people) (?:in|on|for) (?:the )?\w/, 2],
      [
        /\b(?:candidates|people|pipelines|who) (?:are |is )?(?:currently |now |still )?(?:in|at|on) (?:the )?(?:\w+ ){0,2}(?:stage|interviews?|offers?)\b/,
        4,
      ],
      [/\bhow (?:is|are) (?:the )?.{2,60}? (?:role|search|position|job) (?:going|doing|progressing)\b/, 5],
      [/\bstatus of (?:the )?.{2,60}? (?:role|search|position|job)\b/, 5],
      [/\bwhere (?:are we|do we stand) (?:with|on)\b/, 4],
      [
        /\b(?:what'?s|what is|anything) (?:happening|going on|new|the latest|the news|the update|up) (?:with|on|for)\b/,
        4,
      ],
      [/\b(?:update|progress|news|latest) (?:on|with|for) (?:the )?.{2,60}? (?:role|search|position|job)\b/, 5],
    ],
  },
  role_matches: {
    label: 'Role matches',
    definition:
      'the best candidates in the whole database for the role, ranked as its Matches tab ranks them (score 0-100 from skills, title, seniority, experience, location, availability and past outcomes; do-not-contact and archived left out).',
    kind: 'stock',
    triggers: [
      [
        /\b(?:best|top|strongest|ideal|right|most suitable)(?: \d+)? (?:matching |fitting |suited )?(?:candidates?|matches|fits?|people|profiles|applicants)(?: in (?:the|our) (?:database|system|pool))? (?:for|to fill|to)\b/,
        7,
      ],
      [/\bbest[- ]match(?:es|ing)?\b(?! sources?)/, 6],
      [/\b(?:matches|matching candidates|candidate matches|shortlist|short list) (?:for|of|to)\b/, 6],
      [
        /\bwho (?:would )?(?:best )?(?:fits?|matches|suits?|is (?:the )?best (?:fit|match)) (?:for |to )?(?:the )?\w/,
        6,
      ],
      [/\bwho should (?:i|we) (?:submit|put forward|shortlist|present|send) (?:for|to)\b/, 6],
    ],
  },
  count_clients: {
    label: 'Clients',
    definition: 'client records as they are now (archived ones left out).',
    kind: 'stock',
    triggers: [
      [/\bhow many (?:\w+ )?(?:clients|customers|accounts|companies)\b/, 4],
      [/\b(?:number|count|list|total) of (?:\w+ )?(?:clients|customers|accounts)\b/, 4],
      [/\b(?:list|show)(?: me)?(?: all)?(?: our| the)? (?:\w+ )?clients\b/, 4],
    ],
  },
  count_candidates: {
    label: 'Candidates',
    definition: 'candidate records as they are now.',
    kind: 'stock',
    triggers: [
      [/\bhow many (?:of (?:our|the|my|all) )?(?:\w+ )?(?:candidates|people|applicants)\b/, 3],
      [/\b(?:candidates|people|anyone|anybody|someone|applicants) (?:who|that|with)\b/, 3],
      // A candidate's status now ("placed", "active"): no period needed (issue 29 item 9).
      [
        /\b(?:candidates|people|applicants) (?:\w+ )?(?:are|is|have been|has been|were|got) (?:now |currently |already |still )?(?:placed|active|archived|on the market)\b|\b(?:placed|active|archived) candidates\b/,
        3,
      ],
      [/\b(?:number|count|total) of (?:\w+ )?(?:candidates|applicants)\b/, 3],
      [/\b(?:candidate (?:database|pool)|talent pool|database)\b/, 3],
    ],
  },
  lookup: {
    label: 'Records',
    definition: 'records whose name matches what you wrote.',
    kind: 'stock',
    triggers: [
      [
        /\b(?:who is|who's|tell me about|show me|look up|lookup|find|details (?:of|on|for|about)|info(?:rmation)? (?:on|about)|open the)\b/,
        2,
      ],
      [/\bwhat (?:stage|state|status) is\b/, 3],
      [/\bwhat (?:do|does|did) (?:we|you|i) (?:know|have|hold) (?:about|on)\b|\b(?:background|history) (?:of|on)\b/, 3],
    ],
  },
};

/** Words that are grammar, metrics or periods (never part of a record's name in a question). */
export const STOPWORDS = new Set(
  (
    'a about across after again against all also am an and any anything are as at average avg be been before being below best between both breakdown but by can could current currently ' +
    'day days did do does doing done down during each either ever every everyone everything few for from further get gets got had has have having he her here hers him his how however i if ' +
    'in into is it its just last least let like many me median mean more most much my no nor not now number of off on once only or other our ours out over overall own per please ' +
    'previous prior quarter quarters rate ratio same see she should show since so some still such tell than that the their them then there these they this those through to ' +
    'today too total under until up us very was we were what when where which while who whom why will with within would year years yesterday you your ytd qtd mtd month months week weeks ' +
    'q1 q2 q3 q4 h1 h2 half first second third fourth so far date period time ago past trailing between and until till thru through ' +
    'january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec ' +
    'placement placements placed hire hires hired new open opened opening openings active live role roles job jobs position positions requisition requisitions req reqs search searches ' +
    'submittal submittals submission submissions submitted sent closed close closing filled fill filling rate success revenue income turnover sales money make made earn earned earning bring brought generate ' +
    'invoiced invoice invoices billed bill billing billings booked collected collect received receive paid pay payment payments cash fee fees finder finders charge charged ' +
    'funnel conversion convert converted converting drop dropoff off reached reach stage stages sourced interview interviews internal client clients offer offers accepted accept acceptance declined ' +
    'long spend spent stay sit take takes took median p90 quickly fast speed recruiter recruiters performance leaderboard ranking ranked top biggest largest worst leading productive ' +
    'customers customer accounts account companies company candidates candidate people applicants pool database salary salaries wage wages compensation comp band bands range ranges level levels optimal ideal right winning ' +
    'retainer retainers instalment instalments installment installments payout payouts outstanding owed owe owes owing unpaid overdue receivable receivables late aging ' +
    'source sources channel channels come came careers career page site indeed board boards posting postings application applications hiring recruiting ' +
    'stalled stuck stagnant idle neglected risk attention needs need follow following followup chase chasing nothing hold paused frozen going progress progressing activity movement ' +
    'pipeline pipelines status state who whos is find look lookup details detail info information list count counts show give provide know known background history ' +
    'working doing performing total totals sum value worth typical per each lot lots number numbers stats statistics figures figure metrics report ' +
    'cv cvs resume resumes profile profiles send sending vacancy vacancies mandate mandates front currently moment ' +
    'vs versus compared compare comparison against how much many did does do have has been get got ok okay thanks thank hi hello hey please ' +
    'ever all alltime lifetime since start beginning yet so far there any currently right moment whole entire agency we our us'
  ).split(/\s+/),
);

/** Words that say "the same question, changed" when a message starts with them. */
export const FOLLOW_UP_CUES =
  /^(?:and|what about|how about|same|also|now|ok(?:ay)?|then|vs|versus|compared to|and for|for|but|what of|how did|only)\b/;

export const EXAMPLE_QUESTIONS = [
  'How many placements did we make last quarter?',
  'How much did Acme pay us this year?',
  'How many open roles does Cascade Cloud Systems have?',
  "What's our median time to fill in 2025?",
  'Show the funnel for the last 90 days',
  'Which recruiter placed the most this year?',
  'What salary gets a data engineer offer accepted?',
  'Which roles have stalled?',
];

/**
 * The form of a question the metric phrases are scored on: filler adverbs dropped ("how long does it
 * usually take" reads as "how long does it take") and the many words owners use for a role ("vacancies",
 * "jobs", "positions", "searches", "reqs", "mandates", "openings") written as "role(s)", so one phrase per
 * metric covers them all. Names are read from the original text, never from this one.
 */
export function canonical(text: string): string {
  return text
    .replace(
      /\b(?:usually|typically|normally|generally|actually|really|roughly|approximately|exactly|on average|in general|all in all)\b/g,
      ' ',
    )
    .replace(/\b(?:job |open )?(?:vacancies|jobs|positions|searches|requisitions|reqs|mandates|openings)\b/g, (m) =>
      m.startsWith('open ') ? 'open roles' : 'roles',
    )
    .replace(
      /\b(?:vacancy|job|position|requisition|req|mandate|opening(?! (?:a|an|the|new|our|roles?|jobs?|positions?)\b))\b/g,
      'role',
    )
    .replace(/\broles? roles\b/g, 'roles')
    .replace(/\s+/g, ' ')
    .trim();
}
