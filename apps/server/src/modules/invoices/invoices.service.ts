// The invoices module's public face for the modules above it (decision 007: another module imports only *.service.ts).
export { invoicePath, loadInvoiceCalendarEvents, type InvoiceCalendarEvent } from './invoices.calendar';
