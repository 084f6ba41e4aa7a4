/** @jsxRuntime automatic */
import { Document, Page, Text, View } from '@react-pdf/renderer';
import { accentInk, addressLines, displayLink, fullName, longDate, shortAddress, textOn, tint } from '../../shared/format';
import { joined, type Style, unbroken } from '../../shared/pdf-parts';
import { type CoverLetterTemplateProps, letterBody, subjectLine, ukPhone } from '../content';
import { LetterBody } from '../parts';

const ink = '#1f2328';
const muted = '#59636e';
const text: Style = { fontFamily: 'Helvetica', fontSize: 10.3, lineHeight: 1.55, color: ink };
const margin = 56;
const top = 40;

/** A header band in the accent colour with the sender's name and contact details; clean sans-serif body. */
export const ModernLetter = ({ letter }: CoverLetterTemplateProps) => {
  const seeker = letter.jobSeekerDetails;
  const recipient = letter.recipientDetails;
  const name = fullName(seeker.name);
  const band = letter.accentColor;
  const onBand = textOn(band);
  const softOnBand = onBand === '#ffffff' ? tint(band, 0.75) : '#3c3c3c';
  const accent = accentInk(band);
  const contact = [seeker.email, ukPhone(seeker.phone), shortAddress(seeker.address), displayLink(seeker.linkedInLink)]
    .filter(Boolean)
    .map(unbroken);

  return (
    <Document
      title={letter.title || `Cover letter – ${name}`}
      author={name}
      subject={subjectLine(letter)}
      creator="Recruitment Platform"
      language="en-GB"
    >
      <Page size="A4" style={{ fontFamily: 'Helvetica', color: ink, paddingTop: top, paddingBottom: 56, paddingHorizontal: margin }}>
        <View
          style={{
            marginTop: -top,
            marginHorizontal: -margin,
            paddingHorizontal: margin,
            paddingTop: 34,
            paddingBottom: 24,
            backgroundColor: band,
          }}
        >
          <Text style={{ fontFamily: 'Helvetica', fontWeight: 700, fontSize: 24, lineHeight: 1.15, color: onBand }}>{name}</Text>
          <Text style={{ ...text, fontSize: 11, letterSpacing: 0.5, textTransform: 'uppercase', color: softOnBand, marginTop: 3 }}>
            {seeker.designation}
          </Text>
          <Text style={{ ...text, fontSize: 9, color: onBand, marginTop: 10 }}>{joined(contact, '   |   ')}</Text>
        </View>

        <View style={{ flexDirection: 'row', justifyContent: 'space-between', alignItems: 'flex-start', marginTop: 28 }}>
          <View style={{ borderLeftWidth: 2.5, borderLeftColor: band, paddingLeft: 10 }}>
            <Text
              style={{
                ...text,
                fontSize: 7.5,
                letterSpacing: 0.3,
                textTransform: 'uppercase',
                color: muted,
                lineHeight: 1.3,
                marginBottom: 2,
              }}
            >
              To
            </Text>
            {recipient.name ? <Text style={{ ...text, fontWeight: 700 }}>{recipient.name}</Text> : null}
            <Text style={{ ...text, fontWeight: recipient.name ? 400 : 700 }}>{recipient.companyName}</Text>
            {addressLines(recipient.address).map((line) => (
              <Text key={line} style={{ ...text, color: muted, fontSize: 9.5, lineHeight: 1.45 }}>
                {line}
              </Text>
            ))}
          </View>
          {letter.date ? <Text style={{ ...text, color: muted }}>{longDate(letter.date)}</Text> : null}
        </View>

        <Text style={{ ...text, fontWeight: 700, fontSize: 12, color: accent, marginTop: 24, marginBottom: 12 }}>
          {subjectLine(letter)}
        </Text>

        <LetterBody sections={letterBody(letter)} style={text} gap={9} bulletColor={band} />

        <View style={{ marginTop: 24 }} wrap={false}>
          <Text style={{ fontFamily: 'Helvetica', fontWeight: 700, fontSize: 13, color: accent }}>{name}</Text>
          <Text style={{ ...text, color: muted }}>{seeker.designation}</Text>
        </View>
      </Page>
    </Document>
  );
};
