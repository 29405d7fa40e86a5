import { vtimezone } from './zones';
import { wallClockIn } from '../../lib/time-zone';

// The calendar invitation (RFC 5545 / iTIP RFC 5546) a booking, a reschedule or a cancel sends. Written
// by hand rather than with ical-generator: its native-Date path formats TZID times in the server's own zone,
// and an invitation must carry the interviewer's zone with its VTIMEZONE (decision 125).

export interface InvitationPerson {
  name: string;
  email: string;
}

export interface Invitation {
  method: 'REQUEST' | 'CANCEL';
  uid: string;
  sequence: number;
  start: Date;
  durationMinutes: number;
  /** The interviewer's IANA zone: DTSTART/DTEND carry it as TZID. */
  timeZone: string;
  summary: string;
  description: string;
  location: string;
  url: string;
  organizer: InvitationPerson;
  attendees: InvitationPerson[];
  stamp: Date;
}

/** TEXT values: backslash, semicolon, comma and newlines escaped (RFC 5545 3.3.11). */
const escapeText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
/** A parameter value: quoted, without the characters a quoted value may not hold. */
// eslint-disable-next-line no-control-regex -- control characters are removed on purpose
const param = (value: string) => `"${value.replace(/["\u0000-\u001f\u007f]/g, '')}"`;
const mailto = (email: string) => `mailto:${email.replace(/[\s<>"]/g, '')}`;

/** Long lines folded at 75 octets (RFC 5545 3.1), never inside a UTF-8 character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = Buffer.byteLength(char);
    if (size + bytes > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  out.push(current);
  return out.join('\r\n ');
}

const pad = (n: number) => String(n).padStart(2, '0');
const utcText = (at: Date) => at.toISOString().slice(0, 19).replace(/[-:]/g, '') + 'Z';
function localText(at: Date, zone: string): string {
  const w = wallClockIn(at, zone);
  return `${w.year}${pad(w.month)}${pad(w.day)}T${pad(w.hour)}${pad(w.minute)}${pad(w.second)}`;
}

/** The .ics text of one invitation (CRLF line ends). */
export function invitationIcs(invitation: Invitation): string {
  const end = new Date(invitation.start.getTime() + invitation.durationMinutes * 60_000);
  const zone = invitation.timeZone;
  const cancelled = invitation.method === 'CANCEL';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//RecruitDesk//Interview scheduling//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${invitation.method}`,
    vtimezone(zone, invitation.start, end),
    'BEGIN:VEVENT',
    `UID:${invitation.uid}`,
    `DTSTAMP:${utcText(invitation.stamp)}`,
    `SEQUENCE:${invitation.sequence}`,
    `DTSTART;TZID=${zone}:${localText(invitation.start, zone)}`,
    `DTEND;TZID=${zone}:${localText(end, zone)}`,
    `SUMMARY:${escapeText(invitation.summary)}`,
    ...(invitation.description ? [`DESCRIPTION:${escapeText(invitation.description)}`] : []),
    ...(invitation.location ? [`LOCATION:${escapeText(invitation.location)}`] : []),
    ...(invitation.url ? [`URL:${invitation.url.replace(/[\s"]/g, '')}`] : []),
    `ORGANIZER;CN=${param(invitation.organizer.name)}:${mailto(invitation.organizer.email)}`,
    ...invitation.attendees.map(
      (person) =>
        `ATTENDEE;CN=${param(person.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=${cancelled ? 'FALSE' : 'TRUE'}:${mailto(person.email)}`,
    ),
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return (
    lines
      .join('\r\n')
      .split('\r\n')
      .map((line) => fold(line))
      .join('\r\n') + '\r\n'
  );
}
