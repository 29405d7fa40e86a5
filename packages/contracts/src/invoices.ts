// Over 400 lines: one domain's whole API (records, inputs, prefill, list, statistics, refusals, the settlement rule) kept in one contract file, each part short and read together.
import { compareDecimal } from '@recruitdesk/money';
import { z } from 'zod';
import { MAX_ID, pageQueryShape } from './common';

/*
 * Invoices and payouts (issue 11). Owner only: every other user type gets 403 on every endpoint below.
 *
 * Money travels as decimal strings with two places ("26000.00"; a credit note's amounts are negative,
 * "-26000.00"). The server keeps integer minor units and never uses floating point on money.
 *
 * Endpoints (all under the session + CSRF rules of every /api/ route):
 *   GET    /api/invoices/                         InvoiceListQuery        -> InvoiceListResponse {success, results, count}
 *   GET    /api/invoices/statistics/              InvoiceStatisticsQuery  -> InvoiceStatisticsResponse
 *   GET    /api/invoices/{id}/                                            -> InvoiceResponse {success, invoice}
 *   PUT    /api/invoices/{id}/                    UpdateInvoiceInput      -> InvoiceResponse (drafts only; full lines)
 *   PATCH  /api/invoices/{id}/                    PatchInvoiceInput       -> InvoiceResponse (drafts only; notes also on any)
 *   DELETE /api/invoices/{id}/                                            -> MessageResponse (drafts only, else 409)
 *   POST   /api/invoices/{id}/send/               SendInvoiceInput        -> InvoiceResponse (mails the PDF, draft -> sent)
 *   POST   /api/invoices/{id}/void/               VoidInvoiceInput        -> InvoiceResponse (sent/overdue without payments -> void)
 *   POST   /api/invoices/{id}/payouts/            PayoutInput             -> InvoiceResponse (201; paid when the balance reaches 0)
 *   POST   /api/invoices/{id}/credit-note/        CreditNoteInput         -> InvoiceResponse (201; the new credit note, a draft)
 *   GET    /api/invoices/{id}/pdf/                                        -> application/pdf (attachment)
 *   GET    /api/roles/{id}/invoices/                                      -> InvoiceListResponse (the role's invoices)
 *   GET    /api/roles/{id}/invoices/draft/        ?pipeline_id=           -> InvoiceDraftResponse (the finder's fee prefill)
 *   POST   /api/roles/{id}/invoices/              CreateRoleInvoiceInput  -> InvoiceResponse (201; finder's fee)
 *   GET    /api/clients/{id}/invoices/                                    -> InvoiceListResponse (the client's invoices)
 *   GET    /api/clients/{id}/invoices/draft/      ?instalment=N           -> InvoiceDraftResponse (retainer prefill)
 *   POST   /api/clients/{id}/invoices/            CreateClientInvoiceInput -> InvoiceResponse (201; retainer)
 * The calendar's feed GET /api/calendar/invoice-payouts/ belongs to the calendar module.
 */

export const INVOICE_KINDS = ['finders_fee', 'retainer', 'credit_note'] as const;
export const INVOICE_STATUSES = ['draft', 'sent', 'paid', 'void'] as const;
export const PAYOUT_METHODS = ['bank_transfer', 'card', 'cheque', 'cash', 'other'] as const;
export const INVOICE_ORDERINGS = [
  'issue_date',
  '-issue_date',
  'due_date',
  '-due_date',
  'number',
  '-number',
  'total',
  '-total',
  'balance',
  '-balance',
  'client',
  '-client',
] as const;

export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = {
  finders_fee: "Finder's fee",
  retainer: 'Retainer',
  credit_note: 'Credit note',
};
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  paid: 'Paid',
  void: 'Void',
};
export const PAYOUT_METHOD_LABELS: Record<PayoutMethod, string> = {
  bank_transfer: 'Bank transfer',
  card: 'Card',
  cheque: 'Cheque',
  cash: 'Cash',
  other: 'Other',
};

export const InvoiceKindSchema = z.enum(INVOICE_KINDS);
export type InvoiceKind = z.infer<typeof InvoiceKindSchema>;
export const InvoiceStatusSchema = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof InvoiceStatusSchema>;
export const PayoutMethodSchema = z.enum(PAYOUT_METHODS);
export type PayoutMethod = z.infer<typeof PayoutMethodSchema>;

/** An amount as the API writes it: a decimal string with exactly two places, e.g. "26000.00", "-150.50". */
export const MoneySchema = z.string().regex(/^-?\d+\.\d{2}$/);
export type Money = z.infer<typeof MoneySchema>;

/** Largest amount accepted on input: 1,000,000,000.00 (kept well inside integer minor units). */
export const MAX_AMOUNT = '1000000000.00';

const AMOUNT_MESSAGE = 'Enter an amount such as 1500 or 1500.50 (at most two decimals).';
/**
 * An amount as a client may send it: a decimal string (or a JSON number, read as its decimal text — never
 * computed with) with at most two decimals, 0 or more, at most MAX_AMOUNT.
 */
export const AmountInputSchema = z
  .union([z.string(), z.number()], { error: AMOUNT_MESSAGE })
  .transform((value) => String(value).trim())
  .pipe(
    z
      .string()
      .regex(/^-?\d{1,10}(\.\d{1,2})?$/, AMOUNT_MESSAGE)
      .refine((value) => !value.startsWith('-'), 'Use an amount of 0 or more.')
      .refine(
        (value) =>
          value.split('.')[0]!.replace(/^0+/, '').length <= 10 &&
          compareDecimal(value.replace(/^-/, ''), MAX_AMOUNT) <= 0,
        'The amount is too large.',
      ),
  );
/** A positive amount (payouts). */
export const PositiveAmountInputSchema = AmountInputSchema.refine(
  (value) => /[1-9]/.test(value),
  'Enter an amount above 0.',
);

const QUANTITY_MESSAGE = 'Enter a quantity above 0, with at most two decimals.';
/** A line's quantity: above 0, at most two decimals, at most 10,000. */
export const QuantityInputSchema = z
  .union([z.string(), z.number()], { error: QUANTITY_MESSAGE })
  .transform((value) => String(value).trim())
  .pipe(
    z
      .string()
      .regex(/^\d{1,5}(\.\d{1,2})?$/, QUANTITY_MESSAGE)
      .refine((value) => /[1-9]/.test(value), QUANTITY_MESSAGE)
      .refine((value) => compareDecimal(value, '10000') <= 0, 'Use a quantity of at most 10,000.'),
  );

const RATE_MESSAGE = 'Enter a tax rate from 0 to 100 %, with at most two decimals.';
/** A tax rate in percent: 0 to 100, at most two decimals ("20", "7.5", "0"). */
export const TaxRateInputSchema = z
  .union([z.string(), z.number()], { error: RATE_MESSAGE })
  .transform((value) => String(value).trim())
  .pipe(
    z
      .string()
      .regex(/^\d{1,3}(\.\d{1,2})?$/, RATE_MESSAGE)
      .refine((value) => compareDecimal(value, '100') <= 0, RATE_MESSAGE),
  );

const isoDate = (what: string) => z.iso.date({ error: `Enter the ${what} as YYYY-MM-DD.` });
const text = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`);

export const InvoiceLineSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  /** Decimal string, e.g. "1.00" or "2.50". */
  quantity: z.string(),
  unit_amount: MoneySchema,
  /** quantity × unit amount, rounded half-up to the cent. */
  amount: MoneySchema,
  position: z.number().int(),
});
export type InvoiceLine = z.infer<typeof InvoiceLineSchema>;

export const PayoutSchema = z.object({
  id: z.number().int(),
  invoice_id: z.number().int(),
  date: z.string(),
  amount: MoneySchema,
  method: PayoutMethodSchema,
  reference: z.string(),
  recorded_by: z.object({ id: z.number().int().nullable(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type Payout = z.infer<typeof PayoutSchema>;

/** One step of an invoice's history (created, updated, sent, payment, voided, credit note ...). */
export const InvoiceEventSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  detail: z.string(),
  actor_name: z.string(),
  created_at: z.string(),
});
export type InvoiceEvent = z.infer<typeof InvoiceEventSchema>;

/** The list's row: the invoice without lines, payouts and history. */
export const InvoiceSummarySchema = z.object({
  id: z.number().int(),
  /** INV-YYYY-NNNN, unique and gapless per year. */
  number: z.string(),
  kind: InvoiceKindSchema,
  status: InvoiceStatusSchema,
  /** Derived: sent, past its due date (in UTC days) and a balance above zero. */
  overdue: z.boolean(),
  client: z.object({ id: z.number().int(), name: z.string() }),
  role: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The placement a finder's fee (or its credit note) bills, if any. */
  placement_id: z.number().int().nullable(),
  /** Retainer instalment index (0-based) in the client's schedule, if any. */
  instalment: z.number().int().nullable(),
  issue_date: z.string(),
  due_date: z.string(),
  currency: z.string(),
  /** Percent as a decimal string, e.g. "20.00". */
  tax_rate: z.string(),
  subtotal: MoneySchema,
  tax: MoneySchema,
  total: MoneySchema,
  paid_amount: MoneySchema,
  /** Issued credit notes against this invoice (positive, "0.00" when none). */
  credited_amount: MoneySchema,
  /** total − paid − credited for invoices; "0.00" for credit notes, drafts count their total. */
  balance: MoneySchema,
  /** The invoice a credit note credits. */
  credit_for: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  sent_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  voided_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummarySchema>;

export const InvoiceSchema = InvoiceSummarySchema.extend({
  notes: z.string(),
  void_reason: z.string(),
  /** Payment terms in days (due date − issue date when created from the client's terms). */
  payment_terms_days: z.number().int(),
  /** The email the invoice was (or will be) sent to: the client's contact email. */
  bill_to_email: z.string(),
  /** The addressee as the PDF prints it (the client's name, contact, location and contact email; '' when unset). */
  bill_to: z.object({ name: z.string(), contact_name: z.string(), location: z.string(), email: z.string() }),
  /**
   * A draft whose issue date is after today in the agency's time zone: sending it needs `future_issue_date`
   * (keep that date, or date it today), decision 077.
   */
  dated_ahead: z.boolean(),
  lines: z.array(InvoiceLineSchema),
  payouts: z.array(PayoutSchema),
  /** Credit notes issued against this invoice. */
  credit_notes: z.array(
    z.object({ id: z.number().int(), number: z.string(), status: InvoiceStatusSchema, total: MoneySchema }),
  ),
  history: z.array(InvoiceEventSchema),
  /** What the screen may offer now (the server refuses the rest with 409). */
  can: z.object({
    edit: z.boolean(),
    delete: z.boolean(),
    send: z.boolean(),
    void: z.boolean(),
    record_payout: z.boolean(),
    credit_note: z.boolean(),
  }),
  /** Why a credit note is not offered (finder's fee invoices), else null. */
  credit_note_blocker: z.string().nullable(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

export const InvoiceResponseSchema = z.object({ success: z.literal(true), invoice: InvoiceSchema });
export type InvoiceResponse = z.infer<typeof InvoiceResponseSchema>;

// ---- inputs ----

export const InvoiceLineInputSchema = z.object({
  description: text(500).min(1, 'Describe the line.'),
  quantity: QuantityInputSchema.default('1'),
  unit_amount: AmountInputSchema,
});
export type InvoiceLineInput = z.input<typeof InvoiceLineInputSchema>;

const linesInput = z.array(InvoiceLineInputSchema).min(1, 'Add at least one line.').max(50, 'Use at most 50 lines.');

const invoiceFields = {
  issue_date: isoDate('issue date'),
  due_date: isoDate('due date'),
  tax_rate: TaxRateInputSchema,
  notes: text(5000),
  lines: linesInput,
};

const dueNotBeforeIssue = (
  value: { issue_date?: string | undefined; due_date?: string | undefined },
  ctx: z.RefinementCtx,
) => {
  if (value.issue_date && value.due_date && value.due_date < value.issue_date) {
    ctx.addIssue({ code: 'custom', path: ['due_date'], message: 'The due date cannot be before the issue date.' });
  }
};

/**
 * POST /api/roles/{id}/invoices/: a finder's fee invoice. Without `lines`, the server prefills them from
 * the placement (`pipeline_id`, else the role's latest placement without an invoice); the issue date defaults
 * to today in the agency's time zone (not the start date, decision 077), the due date to the client's payment
 * terms after it; tax rate to 0.
 */
export const CreateRoleInvoiceInputSchema = z
  .object({
    pipeline_id: z.number().int().positive().max(MAX_ID).optional(),
    issue_date: invoiceFields.issue_date.optional(),
    due_date: invoiceFields.due_date.optional(),
    tax_rate: invoiceFields.tax_rate.optional(),
    notes: invoiceFields.notes.default(''),
    lines: linesInput.optional(),
  })
  .superRefine(dueNotBeforeIssue);
export type CreateRoleInvoiceInput = z.input<typeof CreateRoleInvoiceInputSchema>;

/**
 * POST /api/clients/{id}/invoices/: a retainer invoice. `instalment` (0-based index into the client's
 * schedule) prefills the line when `lines` is omitted; one of the two is required.
 */
export const CreateClientInvoiceInputSchema = z
  .object({
    instalment: z.number().int().min(0).max(11).optional(),
    issue_date: invoiceFields.issue_date.optional(),
    due_date: invoiceFields.due_date.optional(),
    tax_rate: invoiceFields.tax_rate.optional(),
    notes: invoiceFields.notes.default(''),
    lines: linesInput.optional(),
  })
  .superRefine(dueNotBeforeIssue)
  .superRefine((value, ctx) => {
    if (value.instalment === undefined && value.lines === undefined) {
      ctx.addIssue({ code: 'custom', path: ['lines'], message: 'Choose an instalment or add lines.' });
    }
  });
export type CreateClientInvoiceInput = z.input<typeof CreateClientInvoiceInputSchema>;

/** PUT /api/invoices/{id}/: a draft's whole content. */
export const UpdateInvoiceInputSchema = z.object(invoiceFields).superRefine(dueNotBeforeIssue);
export type UpdateInvoiceInput = z.input<typeof UpdateInvoiceInputSchema>;

/** PATCH /api/invoices/{id}/: any of the draft's fields; `notes` alone may change on any invoice. */
export const PatchInvoiceInputSchema = z
  .object({
    issue_date: invoiceFields.issue_date.optional(),
    due_date: invoiceFields.due_date.optional(),
    tax_rate: invoiceFields.tax_rate.optional(),
    notes: invoiceFields.notes.optional(),
    lines: linesInput.optional(),
  })
  .superRefine(dueNotBeforeIssue);
export type PatchInvoiceInput = z.input<typeof PatchInvoiceInputSchema>;

/** What to do with a draft dated in the future when it is sent (decision 077). */
export const FUTURE_ISSUE_DATE_CHOICES = ['today', 'keep'] as const;

/**
 * POST /api/invoices/{id}/send/: mail the PDF (to the client's contact email unless `to` is given). A draft
 * dated after today (`dated_ahead`) needs `future_issue_date`: `today` dates it today and moves the due date
 * by the same number of days, `keep` sends it with its date; without it the answer is 409 INVOICE_DATED_AHEAD.
 */
export const SendInvoiceInputSchema = z.object({
  to: z.union([z.literal(''), z.email({ error: 'Enter a valid email address.' })]).optional(),
  message: text(2000).optional(),
  future_issue_date: z.enum(FUTURE_ISSUE_DATE_CHOICES).optional(),
});
export type SendInvoiceInput = z.input<typeof SendInvoiceInputSchema>;

export const VoidInvoiceInputSchema = z.object({ reason: text(500).min(1, 'Give the reason for voiding.') });
export type VoidInvoiceInput = z.input<typeof VoidInvoiceInputSchema>;

export const PayoutInputSchema = z.object({
  date: isoDate('payment date'),
  amount: PositiveAmountInputSchema,
  method: PayoutMethodSchema.default('bank_transfer'),
  reference: text(200).default(''),
});
export type PayoutInput = z.input<typeof PayoutInputSchema>;

/**
 * POST /api/invoices/{id}/credit-note/: credit a finder's fee whose placement fell off within its
 * guarantee (`fell_off_on` on or before the guarantee end). Without `amount`, the whole invoice total.
 */
export const CreditNoteInputSchema = z.object({
  reason: text(500).min(1, 'Give the reason for the credit note.'),
  fell_off_on: isoDate('date the placement ended'),
  amount: PositiveAmountInputSchema.optional(),
});
export type CreditNoteInput = z.input<typeof CreditNoteInputSchema>;

// ---- prefill ----

/** GET /api/roles/{id}/invoices/draft/ and /api/clients/{id}/invoices/draft/: what the create screen starts from. */
export const InvoiceDraftSchema = z.object({
  kind: InvoiceKindSchema,
  client: z.object({ id: z.number().int(), name: z.string(), contact_email: z.string() }),
  role: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  pipeline_id: z.number().int().nullable(),
  placement_id: z.number().int().nullable(),
  instalment: z.number().int().nullable(),
  currency: z.string(),
  issue_date: z.string(),
  due_date: z.string(),
  payment_terms_days: z.number().int(),
  tax_rate: z.string(),
  lines: z.array(
    z.object({ description: z.string(), quantity: z.string(), unit_amount: MoneySchema, amount: MoneySchema }),
  ),
  subtotal: MoneySchema,
  tax: MoneySchema,
  total: MoneySchema,
  /** How the amount was found, in one sentence. */
  explanation: z.string(),
  /** Retainer clients: the schedule with what was already invoiced. */
  instalments: z.array(
    z.object({
      index: z.number().int(),
      label: z.string(),
      milestone: z.string(),
      percent: z.string(),
      amount: MoneySchema,
      invoice: z.object({ id: z.number().int(), number: z.string(), status: InvoiceStatusSchema }).nullable(),
    }),
  ),
  /** Finder's fee roles: placements and whether each is invoiced. */
  placements: z.array(
    z.object({
      pipeline_id: z.number().int(),
      placement_id: z.number().int(),
      candidate_name: z.string(),
      salary: MoneySchema,
      start_date: z.string(),
      invoice: z.object({ id: z.number().int(), number: z.string(), status: InvoiceStatusSchema }).nullable(),
    }),
  ),
});
export type InvoiceDraft = z.infer<typeof InvoiceDraftSchema>;
export const InvoiceDraftResponseSchema = z.object({ success: z.literal(true), draft: InvoiceDraftSchema });
export type InvoiceDraftResponse = z.infer<typeof InvoiceDraftResponseSchema>;

export const RoleInvoiceDraftQuerySchema = z.object({
  pipeline_id: z.coerce.number().int().positive().max(MAX_ID).optional(),
});
export const ClientInvoiceDraftQuerySchema = z.object({
  instalment: z.coerce.number().int().min(0).max(11).optional(),
});

// ---- list and statistics ----

const dateFilter = (what: string) => z.iso.date({ error: `Enter the ${what} as YYYY-MM-DD.` }).optional();
const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** Filters shared by the list and the statistics (so both count the same invoices). Dates filter issue_date. */
const invoiceFilterShape = {
  client: z.preprocess(blankToUndefined, z.coerce.number().int().positive().max(MAX_ID).optional()),
  date_from: z.preprocess(blankToUndefined, dateFilter('start date')),
  date_to: z.preprocess(blankToUndefined, dateFilter('end date')),
};

export const InvoiceListQuerySchema = z
  .object({
    ...invoiceFilterShape,
    status: z.preprocess(blankToUndefined, InvoiceStatusSchema.optional()),
    /** Only overdue (sent, past due, balance above zero). */
    overdue: z.preprocess(blankToUndefined, z.enum(['true', 'false']).optional()),
    kind: z.preprocess(blankToUndefined, InvoiceKindSchema.optional()),
    role: z.preprocess(blankToUndefined, z.coerce.number().int().positive().max(MAX_ID).optional()),
    /** Number, client name or role name contains the text. */
    search: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
    ordering: z.preprocess(blankToUndefined, z.enum(INVOICE_ORDERINGS).default('-issue_date')),
    ...pageQueryShape(25),
  })
  .refine((value) => !value.date_from || !value.date_to || value.date_from <= value.date_to, {
    path: ['date_to'],
    message: 'The end date cannot be before the start date.',
  });
export type InvoiceListQuery = z.input<typeof InvoiceListQuerySchema>;

export const InvoiceListResponseSchema = z.object({
  success: z.literal(true),
  results: z.array(InvoiceSummarySchema),
  count: z.number().int(),
});
export type InvoiceListResponse = z.infer<typeof InvoiceListResponseSchema>;

export const InvoiceStatisticsQuerySchema = z
  .object({ ...invoiceFilterShape })
  .refine((value) => !value.date_from || !value.date_to || value.date_from <= value.date_to, {
    path: ['date_to'],
    message: 'The end date cannot be before the start date.',
  });
export type InvoiceStatisticsQuery = z.input<typeof InvoiceStatisticsQuerySchema>;

/**
 * Amounts over the invoices the same filters list (drafts and void left out of every sum):
 * - invoiced: Σ total of sent and paid invoices (credit notes are negative, so this is net);
 * - collected: Σ paid_amount (payouts received);
 * - outstanding: Σ balance of sent invoices; overdue: the part of it past due;
 * - aging: the overdue balance by days past due (0–30, 31–60, 61–90, 90+);
 * - by_month: the last 12 calendar months up to today (UTC): invoiced by issue month, collected by payout month.
 * With several currencies the sums are per currency: `currencies` holds one block per currency, the
 * top-level fields are the agency's currency (or the only one used).
 */
export const InvoiceTotalsSchema = z.object({
  currency: z.string(),
  invoiced: MoneySchema,
  collected: MoneySchema,
  outstanding: MoneySchema,
  overdue: MoneySchema,
  aging: z.object({ d0_30: MoneySchema, d31_60: MoneySchema, d61_90: MoneySchema, d90_plus: MoneySchema }),
  counts: z.object({
    draft: z.number().int(),
    sent: z.number().int(),
    paid: z.number().int(),
    void: z.number().int(),
    overdue: z.number().int(),
  }),
  by_month: z.array(z.object({ month: z.string(), invoiced: MoneySchema, collected: MoneySchema })),
});
export type InvoiceTotals = z.infer<typeof InvoiceTotalsSchema>;

export const InvoiceStatisticsSchema = InvoiceTotalsSchema.extend({ currencies: z.array(InvoiceTotalsSchema) });
export type InvoiceStatistics = z.infer<typeof InvoiceStatisticsSchema>;
export const InvoiceStatisticsResponseSchema = z.object({
  success: z.literal(true),
  statistics: InvoiceStatisticsSchema,
});
export type InvoiceStatisticsResponse = z.infer<typeof InvoiceStatisticsResponseSchema>;

// ---- refusals ----

export const INVOICE_ERRORS = {
  INVOICE_NOT_FOUND: 'Invoice not found.',
  INVOICE_NOT_DRAFT: 'Only a draft invoice can be changed. Void it, or issue a credit note, instead.',
  INVOICE_DELETE_NOT_DRAFT:
    'Only a draft invoice can be deleted; a sent or paid invoice is kept. Void it with a reason instead.',
  INVOICE_ALREADY_SENT: 'This invoice has already been sent.',
  INVOICE_VOID: 'This invoice is void.',
  INVOICE_VOID_HAS_PAYOUTS: 'This invoice has payments recorded, so it cannot be voided. Issue a credit note instead.',
  INVOICE_VOID_DRAFT: 'A draft invoice is deleted, not voided.',
  INVOICE_ALREADY_VOID: 'This invoice is already void.',
  PAYOUT_NOT_SENT: 'Send the invoice before recording a payment.',
  PAYOUT_ALREADY_PAID: 'This invoice is already paid in full.',
  PAYOUT_CREDIT_NOTE: 'A credit note takes no payments.',
  PAYOUT_ABOVE_BALANCE: 'The payment is more than the balance due.',
  CREDIT_NOTE_NOT_FEE: "A credit note is issued against a finder's fee invoice.",
  CREDIT_NOTE_NOT_ISSUED: 'Send the invoice before crediting it; a draft can simply be deleted.',
  CREDIT_NOTE_NO_GUARANTEE: 'This placement has no guarantee period, so no credit note is due.',
  CREDIT_NOTE_AFTER_GUARANTEE: 'The placement ended after its guarantee period, so no credit note is due.',
  CREDIT_NOTE_BEFORE_START: 'The placement cannot end before its start date.',
  CREDIT_NOTE_EXISTS: 'This invoice already has a credit note.',
  CREDIT_NOTE_TOO_LARGE: 'The credit note cannot be more than the invoice total.',
  ROLE_NOT_FOUND: 'Role not found.',
  CLIENT_NOT_FOUND: 'Client not found.',
  ROLE_NOT_FINDERS_FEE: "This role's client is on a retainer; bill it from the client's invoices.",
  CLIENT_NOT_RETAINER: "This client pays finder's fees; bill each placement from its role.",
  NO_PLACEMENT: 'This role has no placement to invoice. Add lines to bill it by hand.',
  PLACEMENT_NOT_IN_ROLE: 'This pipeline has no placement in this role.',
  PLACEMENT_INVOICED: 'This placement already has an invoice.',
  INSTALMENT_NOT_FOUND: "There is no such instalment in the client's retainer schedule.",
  INSTALMENT_INVOICED: 'This instalment already has an invoice.',
  NO_RETAINER_AMOUNT: 'This client has no retainer amount yet. Add lines to bill it by hand.',
  NO_EMAIL: 'The client has no contact email. Add one to the client, or give an address.',
  TOTAL_TOO_LARGE: 'The invoice total is too large.',
  INVOICE_DATED_AHEAD:
    'This invoice is dated in the future. Choose whether to send it dated today or with its own date.',
} as const;
export type InvoiceErrorCode = keyof typeof INVOICE_ERRORS;

// ---- what an invoice asks of its client ----

/**
 * What the bill asks for, the same on the PDF and on screen: the balance by the due date while money is
 * due; nothing once paid (the last payment's date), settled by credit, or void; a refund when credit notes
 * took the balance below zero; nothing on a credit note.
 */
export type InvoiceSettlement =
  | { kind: 'pay'; amount: string; by: string }
  | { kind: 'paid'; on: string | null }
  | { kind: 'refund'; amount: string }
  | { kind: 'void'; reason: string }
  | { kind: 'none' };

export function invoiceSettlement(
  invoice: Pick<Invoice, 'kind' | 'status' | 'balance' | 'due_date' | 'void_reason'> & {
    payouts: readonly Pick<Payout, 'date'>[];
  },
): InvoiceSettlement {
  if (invoice.kind === 'credit_note') return { kind: 'none' };
  if (invoice.status === 'void') return { kind: 'void', reason: invoice.void_reason };
  const sign = compareDecimal(invoice.balance, '0');
  if (sign > 0) return { kind: 'pay', amount: invoice.balance, by: invoice.due_date };
  if (sign < 0) return { kind: 'refund', amount: invoice.balance.replace(/^-/, '') };
  const last = invoice.payouts.reduce<string | null>(
    (latest, payout) => (!latest || payout.date > latest ? payout.date : latest),
    null,
  );
  return { kind: 'paid', on: last };
}
