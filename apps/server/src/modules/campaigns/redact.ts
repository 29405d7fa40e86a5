// The resume "with contact details removed" of a submittal email: its extracted text with every email address,
// link and phone number replaced (decision 109: a text file, not a rewritten PDF).

const REMOVED = '[removed]';
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;
const URL = /\b(?:https?:\/\/|www\.)[^\s<>()]+/gi;
/** Bare profile links without a scheme: linkedin.com/in/x, github.com/x. */
const BARE_LINK = /\b[\w-]+(?:\.[\w-]+)*\.(?:com|io|net|org|dev|me|co|app)(?:\/[^\s<>()]*)/gi;
/** 7 or more digits with the usual separators, optionally with a leading +. */
const PHONE = /(?:\+\s?)?(?:\(?\d[\d\s().-]{5,}\d)/g;

/** "2019-2024", "2019 - 2024": dates, not phone numbers. */
const YEAR_RANGE = /^(?:19|20)\d\d\s*[-–]\s*(?:19|20)\d\d$/;

const escapeRegex = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function redactContactDetails(text: string, known: string[] = []): string {
  let out = text;
  for (const value of known.map((item) => item.trim()).filter((item) => item.length >= 4))
    out = out.replace(new RegExp(escapeRegex(value), 'gi'), REMOVED);
  out = out.replace(EMAIL, REMOVED).replace(URL, REMOVED).replace(BARE_LINK, REMOVED);
  out = out.replace(PHONE, (match) =>
    match.replace(/\D/g, '').length >= 7 && !YEAR_RANGE.test(match.trim()) ? REMOVED : match,
  );
  return out;
}
