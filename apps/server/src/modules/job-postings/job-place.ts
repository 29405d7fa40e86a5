/**
 * Where a posted role is, as the job board reads it (issue 29 item 7): the board requires a country and a
 * postal code. A role's own country and postal code come first, then what its location says ("Seattle, WA
 * 98101, US"), then the agency's (Settings). A role with no country at all is flagged on the posting page.
 */

/** "Seattle, WA" → city and state; a third part is the country; a US ZIP anywhere is the postal code. */
export function splitLocation(location: string): { city: string; state: string; country: string; postalcode: string } {
  const parts = location
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const postal = /\b\d{5}(?:-\d{4})?\b/;
  let postalcode = '';
  const cleaned = parts.map((part) => {
    const match = postal.exec(part);
    if (match && !postalcode) {
      postalcode = match[0];
      return part.replace(postal, '').trim();
    }
    return part;
  });
  return { city: cleaned[0] ?? '', state: cleaned[1] ?? '', country: cleaned[2] ?? '', postalcode };
}

export interface FeedPlace {
  city: string;
  state: string;
  country: string;
  postalcode: string;
}

export function feedPlace(
  role: { location: string; country: string; postalCode: string },
  agency: { country: string; postal_code: string },
): FeedPlace {
  const place = splitLocation(role.location);
  return {
    city: place.city,
    state: place.state,
    country: role.country || place.country || agency.country,
    postalcode: role.postalCode || place.postalcode || agency.postal_code,
  };
}
