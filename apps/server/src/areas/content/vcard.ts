/**
 * vCard 3.0 (RFC 2426): what "Add to contacts" downloads. Text values escape backslash, comma,
 * semicolon and line breaks; lines end in CRLF and are folded at 75 octets, as phones expect.
 */

export type VCardInput = {
  fullName: string;
  organisation?: string | null;
  title?: string | null;
  phones: { number: string; type: 'WORK' | 'CELL' }[];
  email?: string | null;
  website?: string | null;
  linkedIn?: string | null;
  address?: { street?: string; city?: string; region?: string; postCode?: string; country?: string } | null;
  photo?: { type: 'JPEG' | 'PNG'; base64: string } | null;
  /** The card's page, for the contact's notes. */
  source?: string | null;
};

export const escapeVCardText = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;');

/** A URI value is not text: nothing to escape, but a line break must never end the property early. */
const uriValue = (value: string) => value.replace(/[\r\n]/g, '');

/** Folds a line into pieces of at most 75 octets, never splitting a character, each further piece led by a space. */
export const foldLine = (line: string) => {
  const pieces: string[] = [];
  let piece = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const room = pieces.length === 0 ? 75 : 74;
    if (octets + size > room) {
      pieces.push(piece);
      piece = '';
      octets = 0;
    }
    piece += char;
    octets += size;
  }
  pieces.push(piece);
  return pieces.join('\r\n ');
};

/** "Sam de Carter" is family name "Carter", given names "Sam de": the usual guess for one name field. */
const nameParts = (fullName: string) => {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { family: '', given: words[0] ?? '' };
  return { family: words[words.length - 1] as string, given: words.slice(0, -1).join(' ') };
};

export const vCard = (input: VCardInput) => {
  const { family, given } = nameParts(input.fullName);
  const a = input.address;
  const lines = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:${escapeVCardText(family)};${escapeVCardText(given)};;;`,
    `FN:${escapeVCardText(input.fullName)}`,
    ...(input.organisation ? [`ORG:${escapeVCardText(input.organisation)}`] : []),
    ...(input.title ? [`TITLE:${escapeVCardText(input.title)}`] : []),
    ...input.phones.map((phone) => `TEL;TYPE=${phone.type},VOICE:${escapeVCardText(phone.number)}`),
    ...(input.email ? [`EMAIL;TYPE=INTERNET,WORK:${escapeVCardText(input.email)}`] : []),
    ...(input.website ? [`URL:${uriValue(input.website)}`] : []),
    ...(input.linkedIn ? [`X-SOCIALPROFILE;TYPE=linkedin:${uriValue(input.linkedIn)}`] : []),
    ...(a && (a.street || a.city || a.region || a.postCode || a.country)
      ? [`ADR;TYPE=WORK:;;${[a.street, a.city, a.region, a.postCode, a.country].map((part) => escapeVCardText(part ?? '')).join(';')}`]
      : []),
    ...(input.photo ? [`PHOTO;ENCODING=b;TYPE=${input.photo.type}:${input.photo.base64}`] : []),
    ...(input.source ? [`NOTE:${escapeVCardText(`Business card: ${input.source}`)}`] : []),
    'END:VCARD',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
};

/**
 * The download's Content-Disposition: the name as given, with an ASCII stand-in in `filename` for
 * clients that do not read `filename*`.
 */
export const vCardDisposition = (name: string) => {
  const ascii = name.replace(/[^\x20-\x7e]|["\\/]/g, '').trim() || 'contact';
  const plain = `attachment; filename="${ascii}.vcf"`;
  return ascii === name ? plain : `${plain}; filename*=UTF-8''${encodeURIComponent(`${name}.vcf`)}`;
};
