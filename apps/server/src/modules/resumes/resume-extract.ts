// Over 400 lines: every field extractor of the resume parser works on one shared line model; split by field once it grows further.
/**
 * The fields of a resume read out of its text by rules (decision 095): sections by their headings, the
 * name from the top, contact details by pattern (phone numbers through libphonenumber-js), experience
 * entries anchored on their date ranges, skills through the skill vocabulary. Every field keeps the span of
 * the text it came from and a confidence. Pure and synchronous: it runs in the resume worker thread.
 */
import type { ParsedEducation, ParsedField, ParsedResume, ParsedSource } from '@recruitdesk/contracts/resumes';
import { findPhoneNumbersInText, type CountryCode } from 'libphonenumber-js/max';
import { findSkillsInText, type SkillVocabulary } from '../skills/skill-vocabulary.service';
import { findDateRanges, unionYears, type DateRange } from './resume-dates';

interface Line {
  text: string;
  start: number;
  end: number;
  index: number;
}

type SectionKind =
  | 'experience'
  | 'education'
  | 'skills'
  | 'summary'
  | 'contact'
  | 'projects'
  | 'languages'
  | 'certifications'
  | 'interests'
  | 'other';

interface Section {
  kind: SectionKind;
  /** The heading line (null for the top of the document). */
  heading: Line | null;
  lines: Line[];
  start: number;
  end: number;
}

const HEADINGS: Array<[SectionKind, RegExp]> = [
  [
    'experience',
    /^(?:(?:work|professional|employment|career|relevant|industry|job)\s+)?(?:experience|history|employment(?: history)?|background)|^(?:experience|employment|work|career)(?:\s+history)?|^(?:berufserfahrung|berufliche erfahrung|berufspraxis|werdegang|beruflicher werdegang|exp[ée]rience(?:s)?(?: professionnelle(?:s)?)?|parcours professionnel|experiencia(?: laboral| profesional)?|trayectoria profesional|experi[êe]ncia profissional|esperienz[ae] lavorativ[ae])$/i,
  ],
  [
    'education',
    /^(?:education(?:al background)?|academic(?: background| qualifications)?|qualifications|studies|ausbildung|bildung(?:sweg)?|studium|formation(?:s)?|[ée]tudes|educaci[óo]n|formaci[óo]n(?: acad[ée]mica)?|forma[çc][ãa]o(?: acad[êe]mica)?|istruzione)(?:\s*(?:&|and)\s*(?:training|certifications?))?$/i,
  ],
  [
    'skills',
    /^(?:(?:technical|core|key|professional|relevant|it|computer|hard|software)\s+)?(?:skills?|competenc(?:ies|es)|expertise|proficiencies|abilities|technologies|tools|tech stack|stack|skill set|skillset)(?:\s*(?:&|and|\/)\s*(?:tools|technologies|expertise|abilities|interests|languages))?$|^(?:kenntnisse|fähigkeiten|fachkenntnisse|kompetenzen|it-kenntnisse|comp[ée]tences(?: techniques)?|habilidades|conocimientos|aptitudes|competencias|habilidades t[ée]cnicas|competências|compet[eê]ncias)$/i,
  ],
  [
    'summary',
    /^(?:(?:professional|career|executive)\s+)?(?:summary|profile|objective|overview)|^(?:about(?: me)?|personal statement|profil|zusammenfassung|[üu]ber mich|perfil(?: profesional)?|resumen|sobre m[íi])$/i,
  ],
  [
    'contact',
    /^(?:contact(?: (?:info|information|details))?|personal (?:info|information|details)|kontakt|coordonn[ée]es|contacto|details)$/i,
  ],
  ['projects', /^(?:(?:selected|key|personal|side)\s+)?projects?|^(?:projekte|projets|proyectos)$/i],
  ['languages', /^(?:languages?|spoken languages|sprachen|sprachkenntnisse|langues|idiomas|lingue)$/i],
  [
    'certifications',
    /^(?:certifications?|certificates?|licen[cs]es?(?: (?:&|and) certifications?)?|courses|training|zertifikate|weiterbildung|certificats)$/i,
  ],
  ['interests', /^(?:interests|hobbies|hobbies (?:&|and) interests|interessen|centres d'int[ée]r[êe]t|intereses)$/i],
  [
    'other',
    /^(?:references?|awards?|honou?rs|achievements|publications|volunteer(?:ing)?(?: experience| work)?|activities|memberships|affiliations|referenzen|r[ée]f[ée]rences|additional information|other)$/i,
  ],
];

/** A heading line: short, one of the headings above (any case, trailing colon, decorations aside). */
function headingKind(text: string): SectionKind | null {
  const cleaned = text
    .replace(/[\t]/g, ' ')
    .replace(/^[\s#*•▪●■◆▶►=_\-–—|]+|[\s:*•▪●■◆=_\-–—|]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!cleaned || cleaned.length > 48 || cleaned.split(' ').length > 6) return null;
  // Spaced capitals: "E X P E R I E N C E".
  const word = /^(?:\p{Lu} ){3,}\p{Lu}$/u.test(cleaned) ? cleaned.replace(/ /g, '') : cleaned;
  for (const [kind, pattern] of HEADINGS) if (pattern.test(word)) return kind;
  return null;
}

function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  let index = 0;
  for (const raw of text.split('\n')) {
    const leading = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    lines.push({ text: trimmed, start: start + leading, end: start + leading + trimmed.length, index });
    start += raw.length + 1;
    index += 1;
  }
  return lines;
}

function sectionsOf(lines: Line[]): Section[] {
  const sections: Section[] = [{ kind: 'contact', heading: null, lines: [], start: 0, end: 0 }];
  for (const line of lines) {
    // "Skills: Python, Go" — a heading with its content on the same line.
    const inline = /^([^:]{2,40}):\s*(.+)$/.exec(line.text);
    const kind = headingKind(line.text) ?? (inline ? headingKind(inline[1]!) : null);
    if (kind && line.text) {
      const section: Section = { kind, heading: line, lines: [], start: line.start, end: line.end };
      sections.push(section);
      if (inline && !headingKind(line.text)) {
        const offset = line.text.indexOf(inline[2]!, inline[1]!.length);
        section.lines.push({ text: inline[2]!, start: line.start + offset, end: line.end, index: line.index });
      }
      continue;
    }
    const current = sections[sections.length - 1]!;
    current.lines.push(line);
    current.end = line.end;
  }
  return sections;
}

const span = (text: string, start: number, end: number): ParsedSource => ({ text: text.slice(start, end), start, end });
const field = <T>(value: T, source: ParsedSource | null, confidence: number): ParsedField<T> => ({
  value,
  source,
  confidence: Math.round(Math.max(0, Math.min(1, confidence)) * 100) / 100,
});

// ---------------------------------------------------------------------------------------------------------
// Contact details

const EMAIL = /(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}(?![\w-])/gi;
const URL =
  /(?<![\w@/.-])(?:https?:\/\/)?(?:www\.)?(?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|me|app|co|tech|ai|design|page|site|xyz|info|de|fr|uk|in|es|it|nl|br|au|ca|ch|pl|ru|vn|cn|ng|ae|sa)(?:\.[a-z]{2})?(?![\w@-])(?:\/[^\s,;|)>\]]*)?/gi;

function normaliseUrl(raw: string): string {
  const trimmed = raw.replace(/[.,;:)]+$/, '');
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

const COUNTRY_HINTS: Array<[CountryCode, RegExp]> = [
  [
    'US',
    /\b(?:USA|U\.S\.A?\.?|United States|[A-Z][a-z]+,\s*(?:AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|DC))\b/,
  ],
  [
    'GB',
    /\b(?:UK|U\.K\.|United Kingdom|England|Scotland|Wales|London|Manchester|Birmingham|Leeds|Glasgow|Edinburgh|Bristol)\b|\.co\.uk\b/,
  ],
  [
    'DE',
    /\b(?:Germany|Deutschland|Berlin|München|Munich|Hamburg|Frankfurt|Köln|Cologne|Stuttgart|Düsseldorf|Leipzig)\b|\.de\b/,
  ],
  ['FR', /\b(?:France|Paris|Lyon|Marseille|Toulouse|Nantes|Lille|Bordeaux|Nice)\b|\.fr\b/],
  [
    'IN',
    /\b(?:India|Bengaluru|Bangalore|Mumbai|Delhi|New Delhi|Hyderabad|Chennai|Pune|Kolkata|Noida|Gurgaon|Gurugram)\b|\.in\b/,
  ],
  ['AU', /\b(?:Australia|Sydney|Melbourne|Brisbane|Perth|Adelaide|Canberra|NSW|VIC|QLD)\b|\.com\.au\b/],
  [
    'BR',
    /\b(?:Brazil|Brasil|São Paulo|Sao Paulo|Rio de Janeiro|Belo Horizonte|Curitiba|Porto Alegre|Brasília)\b|\.com\.br\b/,
  ],
  ['ES', /\b(?:Spain|España|Madrid|Barcelona|Valencia|Sevilla|Seville)\b|\.es\b/],
  ['NG', /\b(?:Nigeria|Lagos|Abuja|Ibadan)\b|\.ng\b/],
  ['VN', /\b(?:Vietnam|Viet Nam|Hanoi|Ha Noi|Ho Chi Minh|Da Nang)\b|\.vn\b/],
  ['CA', /\b(?:Canada|Toronto|Vancouver|Montreal|Ottawa|Calgary)\b|\.ca\b/],
  ['NL', /\b(?:Netherlands|Amsterdam|Rotterdam|Utrecht)\b|\.nl\b/],
  ['AE', /\b(?:UAE|United Arab Emirates|Dubai|Abu Dhabi)\b|\.ae\b/],
  ['CN', /\b(?:China|Beijing|Shanghai|Shenzhen|Guangzhou)\b|\.cn\b/],
  ['PL', /\b(?:Poland|Polska|Warsaw|Warszawa|Kraków|Krakow|Wrocław)\b|\.pl\b/],
  ['IT', /\b(?:Italy|Italia|Rome|Roma|Milan|Milano)\b|\.it\b/],
];
const FALLBACK_COUNTRIES: CountryCode[] = ['US', 'GB', 'DE', 'FR', 'IN', 'AU', 'BR'];

function findPhone(
  text: string,
  headerEnd: number,
  location: string | null,
  excluded: (position: number) => boolean,
): ParsedField<string> | null {
  // The country of national numbers: the location's first, then the top of the resume (addresses and
  // emails aside: "web.de" says nothing of where the phone is), then the usual suspects.
  const header = text.slice(0, Math.max(headerEnd, Math.min(text.length, 600))).replace(/[\w.+-]+@[\w.-]+/g, ' ');
  const fromLocation = location
    ? COUNTRY_HINTS.filter(([, pattern]) => pattern.test(location)).map(([code]) => code)
    : [];
  const hinted = [
    ...new Set<CountryCode>([
      ...fromLocation,
      ...COUNTRY_HINTS.filter(([, pattern]) => pattern.test(header)).map(([code]) => code),
    ]),
  ];
  const countries = [...new Set<CountryCode>([...hinted, ...FALLBACK_COUNTRIES])];
  const looksLikePhone = (from: number, to: number) => {
    if (excluded(from)) return false;
    const raw = text.slice(from, to);
    const before = text.slice(Math.max(0, from - 20), from);
    // Date ranges and years are no phone numbers.
    if (/^(?:19|20)\d{2}\s*[-–—/]\s*(?:19|20)?\d{2}$/.test(raw.trim())) return false;
    if (/\b(?:ID|No\.?|Nr\.?|#)\s*:?\s*$/i.test(before)) return false;
    return raw.replace(/\D/g, '').length >= 7;
  };
  const pick = (
    found: { startsAt: number; endsAt: number; number: { number: string; isValid(): boolean } },
    confidence: number,
  ) => field(found.number.number, span(text, found.startsAt, found.endsAt), confidence);
  // International spellings first (they carry their country), then the national ones, country by country.
  const international = findPhoneNumbersInText(text)
    .filter((found) => found.number.isValid() && looksLikePhone(found.startsAt, found.endsAt))
    .sort((a, b) => a.startsAt - b.startsAt);
  const firstInternational = international[0];
  if (firstInternational && firstInternational.startsAt < headerEnd + 200) return pick(firstInternational, 0.97);
  for (const [rank, country] of countries.entries()) {
    const found = findPhoneNumbersInText(text, { defaultCountry: country })
      .filter((candidate) => candidate.number.isValid() && looksLikePhone(candidate.startsAt, candidate.endsAt))
      .sort((a, b) => a.startsAt - b.startsAt)[0];
    if (!found) continue;
    // A hinted country's number anywhere (a sidebar may come late); a guessed country's only near the top.
    if (rank < hinted.length || found.startsAt < headerEnd + 200) {
      if (firstInternational && firstInternational.startsAt < found.startsAt) return pick(firstInternational, 0.9);
      return pick(found, rank < hinted.length ? 0.93 : 0.75);
    }
  }
  if (firstInternational) return pick(firstInternational, 0.85);
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Name

const PARTICLES = new Set([
  'van',
  'der',
  'den',
  'de',
  'del',
  'della',
  'di',
  'da',
  'das',
  'dos',
  'do',
  'du',
  'la',
  'le',
  'von',
  'zu',
  'ten',
  'ter',
  'bin',
  'binti',
  'ibn',
  'al',
  'el',
  'abu',
  'ben',
  'bint',
  'mac',
  'st',
  'y',
]);
const SURNAME_PAIRS = new Set(
  (
    'garcía garcia lópez lopez martínez martinez rodríguez rodriguez hernández hernandez gonzález gonzalez pérez perez ' +
    'sánchez sanchez ramírez ramirez torres flores rivera gómez gomez díaz diaz morales cruz ortiz reyes jiménez jimenez ' +
    'ruiz álvarez alvarez moreno romero navarro castillo vargas silva santos oliveira souza costa pereira ferreira ' +
    'almeida carvalho lima gutiérrez gutierrez mendoza castro fernández fernandez muñoz munoz rojas herrera medina ' +
    'aguilar vázquez vazquez ramos guerrero delgado ortega núñez nunez soto domínguez dominguez marín marin iglesias ' +
    'serrano molina blanco suárez suarez'
  ).split(' '),
);
const NAME_WORD =
  /^(?:\p{Lu}[\p{Ll}\p{M}'’]*(?:\p{Lu}[\p{Ll}\p{M}]+)?(?:[-'’]\p{Lu}?[\p{Ll}\p{M}'’]+)*\.?|\p{Lu}+(?:[-'’]\p{Lu}+)*|\p{Lu}\.)$/u;
const CJK_NAME = /^[\p{Script=Han}\p{Script=Hangul}]{2,4}$/u;
const TITLE_WORDS =
  /\b(?:engineer|developer|manager|analyst|designer|consultant|director|lead|head|specialist|nurse|accountant|officer|coordinator|associate|assistant|intern|architect|scientist|administrator|representative|executive|president|founder|owner|recruiter|partner|advisor|adviser|technician|teacher|writer|editor|programmer|tester|controller|auditor|marketer|strategist|planner|therapist|physician|pharmacist|agent|clerk|supervisor|operator|student|graduate|professor|researcher|sales|marketing|product|software|senior|junior|staff|principal|chief|vp|cto|ceo|cfo|coo|hr|devops|data|full[- ]?stack|front[- ]?end|back[- ]?end|ingenieur|entwickler|leiter|berater|ingénieur|développeur|chef|responsable|desarrollador|ingeniero|gerente|analista|diseñador|consultor)\b/i;
const NOT_NAME =
  /\b(?:resume|résumé|curriculum|vitae|cv|lebenslauf|page|confidential|street|road|avenue|email|phone|tel|mobile|linkedin|github|address|profile|summary)\b/i;

function nameWords(line: string): string[] | null {
  const cleaned = line
    .replace(/^[#*\s]+/, '')
    .replace(/[*]+$/, '')
    .replace(/^(?:dr|prof|mr|mrs|ms|mx|herr|frau|mme|mlle|sr|sra|dra)\.?\s+(?=\p{Lu})/iu, '')
    .replace(/^(?:name|nom|nombre)\s*:\s*/i, '')
    .replace(/[,|•·].*$/, '')
    .trim();
  if (CJK_NAME.test(cleaned.replace(/\s+/g, ''))) return [cleaned.replace(/\s+/g, '')];
  const words = cleaned.split(/\s+/);
  if (words.length < 2 || words.length > 6) return null;
  let real = 0;
  for (const word of words) {
    if (PARTICLES.has(word.toLowerCase()) && word === word.toLowerCase()) continue;
    if (
      PARTICLES.has(word.toLowerCase()) &&
      /^(?:Van|De|Del|Della|Di|Da|Von|Al|El|Le|La|Du|Dos|Das|Ben|Bin|Ter|Ten)$/.test(word)
    )
      continue;
    if (!NAME_WORD.test(word)) return null;
    real += 1;
  }
  return real >= 2 || (real === 1 && words.length >= 2) ? words : null;
}

function splitName(words: string[]): { first: string; last: string } {
  if (words.length === 1) {
    // Chinese, Korean: the family name first (one character; two for a few Chinese compound surnames).
    const name = words[0]!;
    return { last: name.slice(0, 1), first: name.slice(1) };
  }
  const tidy = (word: string): string =>
    /^[\p{Lu}'’-]{2,}$/u.test(word) && /\p{Lu}{2}/u.test(word)
      ? word
          .toLowerCase()
          .replace(/(^|[-'’])(\p{Ll})/gu, (_, mark: string, letter: string) => mark + letter.toUpperCase())
      : word;
  // "ZHANG Wei", "Wei ZHANG" beside capitalised words: the all-capitals word is the family name.
  const caps = words.filter((word) => /^(?=.*\p{Lu}{2})[\p{Lu}'’-]+$/u.test(word));
  const mixed = words.filter((word) => /\p{Ll}/u.test(word));
  if (caps.length >= 1 && mixed.length >= 1 && caps.length < words.length) {
    const capsIndex = words.findIndex((word) => caps.includes(word));
    const lastCapsIndex = words.length - 1 - [...words].reverse().findIndex((word) => caps.includes(word));
    if (capsIndex === 0 || lastCapsIndex === words.length - 1) {
      const family = words
        .filter((word) => caps.includes(word))
        .map(tidy)
        .join(' ');
      const given = words.filter((word) => !caps.includes(word)).join(' ');
      return { first: given, last: family };
    }
  }
  const all = words.map(tidy);
  // A particle starts the family name: "Ludwig van der Berg", "María de la Cruz", "Omar bin Khalid".
  const particle = all.findIndex((word, index) => index > 0 && PARTICLES.has(word.toLowerCase()));
  if (particle > 0 && particle < all.length - 1) {
    return { first: all.slice(0, particle).join(' '), last: all.slice(particle).join(' ') };
  }
  // Two Spanish/Portuguese family names: "María García López".
  if (
    all.length >= 3 &&
    SURNAME_PAIRS.has(all[all.length - 1]!.toLowerCase()) &&
    SURNAME_PAIRS.has(all[all.length - 2]!.toLowerCase())
  ) {
    return { first: all.slice(0, -2).join(' '), last: all.slice(-2).join(' ') };
  }
  return { first: all.slice(0, -1).join(' '), last: all[all.length - 1]! };
}

// ---------------------------------------------------------------------------------------------------------
// Experience

const COMPANY_WORDS =
  /\b(?:inc|incorporated|ltd|limited|llc|llp|plc|gmbh|ag|kg|se|sa|sas|sarl|s\.a\.|srl|bv|nv|pty|pvt|co|corp|corporation|company|group|holdings|technologies|technology|tech|solutions|systems|software|labs|studio|studios|partners|consulting|consultants|services|bank|hospital|clinic|health|healthcare|university|college|school|institute|agency|media|capital|ventures|foundation|networks|digital|analytics|logistics|industries|international|global|enterprises|associates|ministry|council|gmbh & co|limitada|ltda)\b\.?/i;

const BULLET = /^[\s•▪●◦■◆▶►*·#\-–—]+/;

interface ExperienceEntry {
  range: DateRange;
  title: { text: string; start: number; end: number } | null;
  company: { text: string; start: number; end: number } | null;
}

/** Text chunks of a line: split at tabs, bars, bullets, " at ", " @ ", " — ", commas (positions kept). */
const ENTRY_LABEL =
  /^(designation|job title|title|position|role|post|company|employer|organi[sz]ation|client|firma|unternehmen|arbeitgeber|entreprise|empresa|poste|puesto|cargo|funktion|duration|period|dates?|zeitraum|période|periodo)\s*:\s*/i;

function chunks(line: Line, text: string): Array<{ text: string; start: number; end: number; sep: string }> {
  const out: Array<{ text: string; start: number; end: number; sep: string }> = [];
  const pattern = /\s*(?:\t|\||•|·|\s[—–-]\s|\s@\s|\sat\s|\sbei\s|\schez\s|\sen\s|,\s|\s\/\s|\(|\))\s*/gi;
  let last = line.start;
  let sep = '';
  let lineText = text.slice(line.start, line.end);
  // "Designation : Senior Engineer", "Company: Acme": the label says what the value is.
  const label = ENTRY_LABEL.exec(lineText);
  if (label) {
    sep = /^(?:company|employer|organi[sz]ation|firma|unternehmen|arbeitgeber|entreprise|empresa|client)/i.test(
      label[1]!,
    )
      ? 'company:'
      : /^(?:duration|period|dates?|zeitraum|période|periodo)/i.test(label[1]!)
        ? 'dates:'
        : 'title:';
    last = line.start + label[0].length;
    lineText = ' '.repeat(label[0].length) + lineText.slice(label[0].length);
  }
  for (const match of lineText.matchAll(pattern)) {
    const at = line.start + match.index;
    if (at > last) out.push({ text: text.slice(last, at), start: last, end: at, sep });
    sep = match[0].trim().toLowerCase() || ' ';
    last = at + match[0].length;
  }
  if (last < line.end) out.push({ text: text.slice(last, line.end), start: last, end: line.end, sep });
  return out
    .map((chunk) => {
      const lead = chunk.text.length - chunk.text.trimStart().length;
      const trimmed = chunk.text.trim().replace(BULLET, '');
      const offset = chunk.text.indexOf(trimmed, lead);
      return {
        ...chunk,
        text: trimmed,
        start: chunk.start + Math.max(offset, 0),
        end: chunk.start + Math.max(offset, 0) + trimmed.length,
      };
    })
    .filter((chunk) => chunk.text.length > 1);
}

const LOCATION_CHUNK =
  /^(?:remote|hybrid|on-?site|[\p{Lu}][\p{L}.' -]+,\s*(?:[A-Z]{2}|[\p{Lu}][\p{L}.' -]+))$|^(?:remote|hybrid)\b/iu;

/** Legal forms: a chunk with one is a company name. */
const LEGAL_FORM =
  /(?:^|\s)(?:inc|incorporated|ltd|limited|llc|llp|plc|gmbh|ag|kg|se|sa|sas|sarl|s\.a\.?|s\.l\.?|srl|bv|nv|pty|pvt|corp|corporation|co|jsc|ltda|oy|ab|as|spa|s\.p\.a\.)\.?(?:$|[\s,)])/i;
/** Role nouns: a chunk with one is a job title ("Software Engineer II", "Head of Sales"). */
const ROLE_NOUN =
  /\b(?:engineer|developer|manager|analyst|designer|consultant|director|lead|head|specialist|nurse|accountant|officer|coordinator|associate|assistant|intern|architect|scientist|administrator|representative|executive|president|vp|founder|recruiter|partner|advisor|adviser|technician|teacher|writer|editor|programmer|tester|controller|auditor|marketer|strategist|planner|therapist|physician|pharmacist|agent|clerk|supervisor|operator|researcher|owner|cto|ceo|cfo|coo|ingenieur(?:in)?|entwickler(?:in)?|leiter(?:in)?|berater(?:in)?|ingénieur|développeur|cheffe?|responsable|chargée?|desarrollador|ingeniero|gerente|analista|consultor|teamleiter(?:in)?|buchhalter(?:in)?|bilanzbuchhalter(?:in)?)\b/i;

/** How much a chunk reads as a company rather than a job title or a place. */
function scoreCompany(chunk: string, places: readonly string[]): number {
  let score = 0;
  if (LEGAL_FORM.test(chunk)) score += 3;
  else if (COMPANY_WORDS.test(chunk)) score += 1;
  if (ROLE_NOUN.test(chunk)) score -= 2;
  if (places.some((place) => place.toLowerCase() === chunk.toLowerCase())) score -= 3;
  if (chunk.split(/\s+/).length > 7) score -= 2;
  return score;
}

/** How much a chunk reads as a job title rather than a company or a place. */
function scoreTitle(chunk: string, places: readonly string[] = []): number {
  let score = 0;
  if (ROLE_NOUN.test(chunk)) score += 2;
  else if (TITLE_WORDS.test(chunk)) score += 1;
  if (LEGAL_FORM.test(chunk)) score -= 3;
  else if (COMPANY_WORDS.test(chunk) && !ROLE_NOUN.test(chunk)) score -= 1;
  if (places.some((place) => place.toLowerCase() === chunk.toLowerCase())) score -= 2;
  if (chunk.split(/\s+/).length > 7) score -= 2;
  return score;
}

function readEntry(
  range: DateRange,
  lines: Line[],
  lineIndex: number,
  text: string,
  places: readonly string[],
): ExperienceEntry {
  // Candidate chunks: the date's own line (less the date), then the lines just above it, then below.
  const around: Line[] = [];
  const line = lines[lineIndex]!;
  around.push(line);
  for (let k = lineIndex - 1; k >= Math.max(0, lineIndex - 2); k -= 1) {
    const above = lines[k]!;
    if (!above.text || BULLET.test(above.text) || findDateRanges(above.text, new Date()).some((r) => !r.single)) break;
    around.push(above);
  }
  for (let k = lineIndex + 1; k <= Math.min(lines.length - 1, lineIndex + 2); k += 1) {
    const below = lines[k]!;
    if (!below.text || BULLET.test(below.text) || below.text.length > 90) break;
    if (findDateRanges(below.text, new Date()).some((r) => !r.single)) break;
    around.push(below);
  }
  const candidates: Array<{ text: string; start: number; end: number; order: number; sep: string }> = [];
  around.forEach((candidateLine, order) => {
    for (const chunk of chunks(candidateLine, text)) {
      // Drop the date range itself and chunks that are only dates or places.
      if (chunk.end > range.from && chunk.start < range.to) {
        const before = text
          .slice(chunk.start, Math.max(chunk.start, range.from))
          .trim()
          .replace(/[,|:–—-]+$/, '')
          .trim();
        const after = text
          .slice(Math.min(chunk.end, range.to), chunk.end)
          .trim()
          .replace(/^[,|:–—-]+/, '')
          .trim();
        if (before.length > 1) {
          const start = chunk.start;
          candidates.push({ text: before, start, end: start + before.length, order, sep: chunk.sep });
        }
        if (after.length > 1) {
          const start = text.indexOf(after, range.to);
          candidates.push({ text: after, start, end: start + after.length, order, sep: '' });
        }
        continue;
      }
      if (/^\(?\d/.test(chunk.text) && findDateRanges(chunk.text, new Date()).length) continue;
      if (LOCATION_CHUNK.test(chunk.text) && !TITLE_WORDS.test(chunk.text)) continue;
      if (chunk.text.length > 80) continue;
      candidates.push({ ...chunk, order });
    }
  });
  const usable = candidates.filter((candidate) => !/^(?:present|current|heute|today|now)$/i.test(candidate.text));
  if (usable.length === 0) return { range, title: null, company: null };
  // The title: the best-scoring chunk (nearest first on ties); the company: the best other chunk.
  const ranked = usable
    .map((candidate, position) => ({
      candidate,
      score:
        scoreTitle(candidate.text, places) +
        (candidate.sep === 'title:' ? 3 : candidate.sep === 'company:' ? -3 : 0) -
        candidate.order * 0.3 -
        position * 0.01,
    }))
    .sort((a, b) => b.score - a.score);
  const title = ranked[0]!.candidate;
  let company =
    usable.find(
      (candidate) =>
        candidate !== title && (candidate.sep === 'at' || candidate.sep === '@' || candidate.sep === 'company:'),
    ) ??
    usable
      .filter((candidate) => candidate !== title)
      .map((candidate) => ({ candidate, score: scoreCompany(candidate.text, places) - candidate.order * 0.3 }))
      .sort((a, b) => b.score - a.score)[0]?.candidate ??
    null;
  if (
    company &&
    TITLE_WORDS.test(company.text) &&
    !COMPANY_WORDS.test(company.text) &&
    scoreTitle(company.text, places) >= 2
  ) {
    company = null;
  }
  if (!company) {
    // A table read cell by cell (DOCX): dates, title, its bullets, then the company cell.
    for (let k = lineIndex + 1; k < Math.min(lines.length, lineIndex + 12); k += 1) {
      const next = lines[k]!;
      if (!next.text || BULLET.test(next.text) || next.start === title.start) continue;
      if (findDateRanges(next.text, new Date()).length || next.text.length > 60) break;
      if (next.text !== title.text && scoreTitle(next.text, places) <= 0)
        company = { text: next.text, start: next.start, end: next.end, order: 3, sep: '' };
      break;
    }
  }
  if (ranked[0]!.score < 0 && usable.length === 1) {
    return { range, title: null, company: title };
  }
  return { range, title, company };
}

// ---------------------------------------------------------------------------------------------------------
// Education

const INSTITUTION =
  /\b(?:university|universität|universitat|université|universite|universidad|universidade|università|college|institute|institut|instituto|school|academy|akademie|polytechnic|politecnico|polytechnique|hochschule|fachhochschule|école|ecole|escuela|iit|nit|mit|conservatory|seminary|faculty|facultad)\b|\b(?:TU|LMU|ETH|EPFL|UCL|LSE|UCLA|NYU|HEC|ESSEC|INSEAD)\b/i;
const DEGREE =
  /\b(?:B\.?\s?Sc\.?|M\.?\s?Sc\.?|B\.?\s?S\.?|M\.?\s?S\.?|B\.?\s?A\.?|M\.?\s?A\.?|MBA|Ph\.?\s?D\.?|PhD|DPhil|M\.?\s?Eng\.?|B\.?\s?Eng\.?|B\.?\s?Tech\.?|M\.?\s?Tech\.?|B\.?\s?E\.?|M\.?\s?E\.?|B\.?\s?Com\.?|M\.?\s?Com\.?|BBA|BCA|MCA|LLB|LLM|MD|BSN|MSN|RN|Bachelor(?:'s)?|Master(?:'s)?|Doctorate|Doctor|Diploma|Associate(?:'s)? Degree|Associate of|Licence|Licenciatura|Licenciado|Bacharelado|Diplom|Magister|Staatsexamen|Abitur|Baccalauréat|High School Diploma|GED|HND|A-Levels)\b/;

function findEducation(section: Section | undefined, text: string): ParsedEducation[] {
  if (!section) return [];
  const out: ParsedEducation[] = [];
  const lines = section.lines.filter((line) => line.text);
  for (let k = 0; k < lines.length; k += 1) {
    const line = lines[k]!;
    if (!INSTITUTION.test(line.text)) continue;
    // The entry: this line and its neighbours up to the next institution or blank line.
    const group = [lines[k - 1], line, lines[k + 1], lines[k + 2]].filter(
      (item): item is Line =>
        item !== undefined &&
        (item === line || (!INSTITUTION.test(item.text) && Math.abs(item.index - line.index) <= 2)),
    );
    const institutionChunk = chunks(line, text).find((chunk) => INSTITUTION.test(chunk.text)) ?? {
      text: line.text,
      start: line.start,
      end: line.end,
    };
    const institution = institutionChunk.text.replace(/\s*\(?(?:19|20)\d{2}.*$/, '').trim();
    let degree: string | null = null;
    for (const item of group) {
      const match = DEGREE.exec(item.text);
      if (match) {
        const chunk = chunks(item, text).find((c) => DEGREE.test(c.text));
        degree = (chunk?.text ?? item.text).replace(/\s*\(?(?:19|20)\d{2}.*$/, '').trim() || null;
        if (degree && INSTITUTION.test(degree) && chunk === undefined) degree = match[0];
        break;
      }
    }
    let year: number | null = null;
    for (const item of group) {
      const years = [...item.text.matchAll(/(?<!\d)(?:19|20)\d{2}(?!\d)/g)].map((match) => Number(match[0]));
      if (years.length) {
        year = Math.max(...years);
        break;
      }
    }
    const first = Math.min(...group.map((item) => item.start));
    const last = Math.max(...group.map((item) => item.end));
    out.push({ institution, degree, year, source: span(text, first, last) });
    if (out.length >= 6) break;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Location

const LOCATION_WORDS =
  /\b(?:USA|United States|UK|United Kingdom|Germany|Deutschland|France|India|Australia|Brazil|Brasil|Spain|España|Italy|Netherlands|Canada|Nigeria|Vietnam|Viet Nam|China|Japan|Poland|Ireland|Mexico|México|Argentina|Colombia|Chile|Peru|Egypt|Morocco|UAE|United Arab Emirates|Saudi Arabia|Qatar|Kenya|South Africa|Ghana|Singapore|Malaysia|Indonesia|Philippines|Thailand|Pakistan|Bangladesh|Sri Lanka|Russia|Ukraine|Serbia|Croatia|Czech Republic|Czechia|Romania|Bulgaria|Switzerland|Austria|Belgium|Portugal|Sweden|Norway|Denmark|Finland|Greece|Turkey|Israel|New Zealand|Korea|Remote)\b/;
const US_STATE =
  /,\s*(?:AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|DC|ON|BC|QC|NSW|VIC|QLD|SP|RJ|MG|RS|PR|SC|BA|DF|PE|CE|GO)\b/;

function findLocation(lines: Line[], text: string): ParsedField<string> | null {
  for (const line of lines) {
    const labelled = /^(?:location|address|based in|city|wohnort|adresse|ubicaci[óo]n|localisation)\s*:\s*(.+)$/i.exec(
      line.text,
    );
    if (labelled) {
      const full = labelled[1]!.trim();
      // "Lindenstraße 12, 10969 Berlin, Germany" → "Berlin, Germany".
      const tail = /\d/.test(full)
        ? /([\p{Lu}][\p{L}.'’ -]+,\s*[\p{Lu}][\p{L}.'’ -]+)$/u.exec(full.replace(/\d{4,6}\s*/g, ''))
        : null;
      let value = tail ? tail[1]!.trim() : full;
      // "Velachery, Chennai, India": the city and the country.
      const parts = value.split(/\s*,\s*/);
      if (parts.length > 2 && LOCATION_WORDS.test(parts[parts.length - 1]!)) value = parts.slice(-2).join(', ');
      const start = line.start + line.text.lastIndexOf(value);
      return field(value, span(text, start, start + value.length), 0.9);
    }
    for (const chunk of chunks(line, text)) {
      if (/@|\d{3}|https?:|www\.|\.com/.test(chunk.text)) continue;
      if (chunk.text.length > 60) continue;
      const value = chunk.text.replace(/^(?:📍|⌂)\s*/u, '');
      if (
        /^[\p{Lu}][\p{L}.'’ -]+,\s*[\p{Lu}][\p{L}.'’ -]+(?:,\s*[\p{Lu}][\p{L}.'’ -]+)?$/u.test(value) &&
        (LOCATION_WORDS.test(value) || US_STATE.test(value))
      )
        return field(value, span(text, chunk.end - value.length, chunk.end), 0.85);
    }
  }
  // The chunk after a comma may be glued: "Berlin, Germany" split at ", " above. Look at whole lines too.
  for (const line of lines) {
    const match = /([\p{Lu}][\p{L}.'’ -]+,\s*(?:[A-Z]{2}\b|[\p{Lu}][\p{L}.'’ -]+))/u.exec(line.text);
    if (match && (LOCATION_WORDS.test(match[1]!) || US_STATE.test(match[1]!)) && !/@/.test(match[1]!)) {
      const value = match[1]!.trim();
      const start = line.start + match.index;
      return field(value, span(text, start, start + value.length), 0.75);
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------

/** Sentences that name what the candidate does not want: their skills are not the candidate's. */
const NEGATIVE =
  /\b(?:not interested in|no interest in|not looking (?:for|to work (?:with|in))|do(?:n't| not) want to (?:work|use|do)|would rather not|no experience (?:with|in)|never (?:used|worked with)|unfamiliar with|avoid(?:ing)?|nicht interessiert an|kein interesse an|pas intéressé par|no me interesa)\b(?:[^.;\n]|\n(?![\n•▪●*-]))*/gi;

export interface ExtractOptions {
  now?: Date;
}

/** All fields of a resume's text. */
export function extractResumeFields(
  text: string,
  vocabulary: SkillVocabulary,
  options: ExtractOptions = {},
): Omit<ParsedResume, 'warnings'> & { warnings: string[] } {
  const now = options.now ?? new Date();
  const warnings: string[] = [];
  const lines = splitLines(text);
  const sections = sectionsOf(lines);
  const top = sections[0]!;
  const firstOf = (kind: SectionKind) => sections.find((section) => section.kind === kind);
  const firstMainSection = sections.find((section) => ['experience', 'education', 'skills'].includes(section.kind));
  const contactLines = [
    ...lines.filter((line) => line.text && (!firstMainSection || line.start < firstMainSection.start)).slice(0, 25),
    ...sections.filter((section) => section.kind === 'contact' && section !== top).flatMap((section) => section.lines),
  ];
  const headerEnd = top.lines.length ? top.end : Math.min(text.length, 400);

  // Email: the first outside a References section.
  const references = sections.filter((section) => section.heading && /referen/i.test(section.heading.text));
  const inReferences = (position: number) =>
    references.some((section) => position >= section.start && position <= section.end);
  const emailMatch = [...text.matchAll(EMAIL)].find((match) => !inReferences(match.index));
  const email = emailMatch
    ? field(emailMatch[0].toLowerCase(), span(text, emailMatch.index, emailMatch.index + emailMatch[0].length), 0.99)
    : null;

  // Links.
  let linkedin: ParsedField<string> | null = null;
  let github: ParsedField<string> | null = null;
  let portfolio: ParsedField<string> | null = null;
  for (const match of text.matchAll(URL)) {
    let start = match.index;
    let raw = match[0].replace(/[.,;:)]+$/, '');
    // Wrapped after a hyphen the other way round: "delacruz-" + "\n" + "portfolio.com".
    const head =
      text[start - 1] === '\n'
        ? /(?:^|[\s|,])([a-z0-9][\w.]*-)$/i.exec(text.slice(Math.max(0, start - 41), start - 1))
        : null;
    if (head && !/[A-Z]/.test(head[1]!)) {
      raw = head[1]! + raw;
      start -= head[1]!.length + 1;
    }
    let end = match.index + match[0].replace(/[.,;:)]+$/, '').length;
    // An address wrapped at a slash or hyphen: "linkedin.com/in/" + "\n" + "jane-doe".
    const wrapped = /[/-]$/.test(raw) && text[end] === '\n' ? /^[\w%-]+\/?/.exec(text.slice(end + 1)) : null;
    if (wrapped) {
      raw += wrapped[0];
      end += 1 + wrapped[0].length;
    }
    if (text[start - 1] === '@' || /@/.test(match[0]) || inReferences(start)) continue;
    // "B.Tech", "Node.JS": a capital in a bare domain is a word with a dot, not an address.
    if (!/^(?:https?:\/\/|www\.)/i.test(match[0]) && /[A-Z]/.test(match[0].split('/')[0]!)) continue;
    // The domain of an email address is no link.
    const before = text.slice(Math.max(0, start - 40), start);
    if (/[\w.+-]@[\w.-]*$/.test(before)) continue;
    const url = normaliseUrl(raw.replace(/\n/g, ''));
    const source = span(text, start, end);
    if (/linkedin\.com\//i.test(url)) linkedin ??= field(url, source, 0.97);
    else if (/github\.com\//i.test(url)) github ??= field(url, source, 0.97);
    else if (
      !portfolio &&
      !/(?:linkedin|github|google|facebook|twitter|x)\.com\/?$/i.test(url) &&
      !/\.(?:pdf|docx?)$/i.test(url)
    ) {
      portfolio = field(url, source, /portfolio|website|web|site|blog/i.test(before) ? 0.9 : 0.7);
    }
  }

  // Name: the first line at the top that reads as a name.
  let firstName: ParsedField<string> | null = null;
  let lastName: ParsedField<string> | null = null;
  let nameLine: Line | null = null;
  const firstMain = sections.find((section) => ['experience', 'education', 'skills'].includes(section.kind));
  const early = lines.filter((line) => line.text && (!firstMain || line.start < firstMain.start)).slice(0, 14);
  for (const line of early) {
    if (!line.text || NOT_NAME.test(line.text) || /[@\d]|https?:|www\./.test(line.text.replace(/^name\s*:/i, '')))
      continue;
    if (headingKind(line.text)) continue;
    const words = nameWords(line.text.split('\t')[0]!);
    if (!words) continue;
    if (TITLE_WORDS.test(words.join(' ')) && !/^\p{Lu}{2,}/u.test(words[words.length - 1]!)) continue;
    const { first, last } = splitName(words);
    const lineText = line.text;
    const firstAt = lineText.indexOf(first.split(' ')[0]!);
    const confidence = line === top.lines.find((item) => item.text) ? 0.92 : 0.8;
    firstName = field(
      first,
      firstAt >= 0 ? span(text, line.start + firstAt, line.start + firstAt + first.length) : null,
      confidence,
    );
    const lastWord = last.split(' ')[0]!;
    let lastAt = lineText.indexOf(lastWord);
    if (lastAt < 0) lastAt = lineText.toLowerCase().indexOf(lastWord.toLowerCase());
    lastName = field(
      last,
      lastAt >= 0 ? span(text, line.start + lastAt, line.start + lastAt + last.length) : null,
      confidence,
    );
    if (lastName.source && lastName.source.text !== last) lastName.source = span(text, line.start, line.end);
    if (firstName.source && firstName.source.text !== first) firstName.source = span(text, line.start, line.end);
    nameLine = line;
    break;
  }

  const location = findLocation(
    contactLines.filter((line) => line !== nameLine),
    text,
  );
  const phone = findPhone(text, headerEnd, location?.value ?? null, inReferences);
  // The places of the location ("Berlin", "Germany"): a chunk that is one is no title or company.
  const places = location ? location.value.split(/\s*,\s*/).filter(Boolean) : [];

  // Experience entries: every date range in the experience sections (or anywhere outside education).
  const experienceSections = sections.filter((section) => section.kind === 'experience');
  const pool = experienceSections.length
    ? experienceSections
    : sections.filter(
        (section) => !['education', 'certifications', 'skills', 'languages'].includes(section.kind) && section !== top,
      );
  const entries: ExperienceEntry[] = [];
  for (const section of pool) {
    const sectionLines = section.lines;
    const consumed = new Set<number>();
    sectionLines.forEach((line, index) => {
      if (consumed.has(index)) return;
      // A range wrapped in a narrow column: "Aug 2024 to" + "Today", "Feb 2023 to Aug" + "2024".
      const next = sectionLines[index + 1];
      const wraps =
        next !== undefined &&
        next.text.length <= 16 &&
        /(?:[-–—]|\bto|\bbis|\buntil|\p{L}{3,}\.?)\s*$/iu.test(line.text) &&
        /^(?:(?:\p{L}+\.?\s*)?(?:19|20)\d{2}|present|current|now|today|heute|aktuell|actuel(?:le)?|aujourd'hui|presente|actualidad)$/iu.test(
          next.text,
        );
      const probe = wraps ? `${line.text} ${next.text}` : line.text;
      for (const range of findDateRanges(probe, now)) {
        if (range.from >= line.text.length) continue;
        if (range.single && entries.length && line.text.length > 40) continue;
        const to =
          range.to <= line.text.length || !next
            ? line.start + range.to
            : next.start + (range.to - line.text.length - 1);
        if (range.to > line.text.length) consumed.add(index + 1);
        const shifted = { ...range, from: line.start + range.from, to };
        entries.push(readEntry(shifted, sectionLines, index, text, places));
      }
    });
  }
  // Dates alone ("2019", "Jan 2019") count only when no entry has a range: in bullets they are events.
  const withRanges = entries.filter((entry) => !entry.range.single);
  const ranged = withRanges.length ? withRanges : entries.filter((entry) => entry.title);
  const yearsRanges = ranged.map((entry) => entry.range);
  const years = yearsRanges.length ? unionYears(yearsRanges) : null;
  const sorted = [...ranged].sort((a, b) => b.range.end - a.range.end || b.range.start - a.range.start);
  const currentEntry =
    sorted.find((entry) => entry.range.current && entry.title) ?? sorted.find((entry) => entry.title);
  let currentTitle: ParsedField<string> | null = null;
  let currentCompany: ParsedField<string> | null = null;
  if (currentEntry?.title) {
    const confidence = currentEntry.range.current ? 0.85 : 0.65;
    currentTitle = field(
      currentEntry.title.text,
      span(text, currentEntry.title.start, currentEntry.title.end),
      confidence,
    );
    if (currentEntry.company)
      currentCompany = field(
        currentEntry.company.text,
        span(text, currentEntry.company.start, currentEntry.company.end),
        confidence - 0.05,
      );
  }
  if (!currentTitle && nameLine) {
    // The title under the name.
    const next = top.lines.slice(top.lines.indexOf(nameLine) + 1).find((line) => line.text);
    if (next && TITLE_WORDS.test(next.text) && next.text.length <= 70 && !/[@]|\d{4}/.test(next.text)) {
      const chunk = chunks(next, text)[0];
      if (chunk) currentTitle = field(chunk.text, span(text, chunk.start, chunk.end), 0.6);
    }
  }

  // Skills: the Skills sections first (read as lists), then the whole text; "not interested in" dropped.
  const negative = [...text.matchAll(NEGATIVE)].map((match) => [match.index, match.index + match[0].length] as const);
  const isNegative = (start: number) => negative.some(([from, to]) => start >= from && start < to);
  const found = new Map<string, ParsedField<string>>();
  const skillSections = sections.filter((section) => section.kind === 'skills' || section.kind === 'languages');
  for (const section of skillSections) {
    if (section.lines.length === 0) continue;
    const from = section.lines[0]!.start;
    const to = section.lines[section.lines.length - 1]!.end;
    for (const mention of findSkillsInText(vocabulary, text.slice(from, to), { skillsList: true })) {
      const start = from + mention.start;
      if (isNegative(start) || found.has(mention.skill)) continue;
      found.set(mention.skill, field(mention.skill, span(text, start, from + mention.end), 0.9));
    }
  }
  const educationRanges = sections
    .filter((section) => section.kind === 'education')
    .map((section) => [section.start, section.end] as const);
  // Job titles, company names and the headline name no skills ("Data Engineer" is not Data Engineering).
  const notSkills: Array<readonly [number, number]> = entries.flatMap((entry) =>
    [entry.title, entry.company].filter((item) => item !== null).map((item) => [item.start, item.end] as const),
  );
  if (nameLine) {
    const headline = top.lines.slice(top.lines.indexOf(nameLine) + 1).find((line) => line.text);
    if (headline && TITLE_WORDS.test(headline.text) && headline.text.length <= 70)
      notSkills.push([headline.start, headline.end]);
  }
  const prose = findSkillsInText(vocabulary, text).filter(
    (mention) => !notSkills.some(([from, to]) => mention.start >= from && mention.end <= to),
  );
  const positive = new Map<string, { start: number; end: number; count: number }>();
  for (const mention of prose) {
    if (isNegative(mention.start)) continue;
    if (nameLine && mention.start >= nameLine.start && mention.end <= nameLine.end) continue;
    if (educationRanges.some(([from, to]) => mention.start >= from && mention.start <= to)) continue;
    const seen = positive.get(mention.skill);
    if (seen) seen.count += 1;
    else positive.set(mention.skill, { start: mention.start, end: mention.end, count: 1 });
  }
  for (const [skill, seen] of positive) {
    if (found.has(skill)) continue;
    found.set(skill, field(skill, span(text, seen.start, seen.end), Math.min(0.85, 0.6 + 0.1 * (seen.count - 1))));
  }

  const education = findEducation(firstOf('education'), text);

  if (!email) warnings.push('No email address was found.');
  if (!firstName) warnings.push('No name was found at the top of the resume.');

  return {
    first_name: firstName,
    last_name: lastName,
    email,
    phone,
    location,
    linkedin_url: linkedin,
    github_url: github,
    portfolio_url: portfolio,
    current_title: currentTitle,
    current_company: currentCompany,
    years_experience: years !== null && years > 0 ? field(years, null, experienceSections.length ? 0.75 : 0.5) : null,
    skills: [...found.values()],
    education,
    text,
    warnings,
  };
}
