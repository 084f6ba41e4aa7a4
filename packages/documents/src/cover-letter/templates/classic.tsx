/** @jsxRuntime automatic */
import { Document, Page, Text, View } from '@react-pdf/renderer';
import { accentInk, addressLines, displayLink, fullName, longDate } from '../../shared/format';
import type { Style } from '../../shared/pdf-parts';
import { type CoverLetterTemplateProps, letterBody, subjectLine, ukPhone } from '../content';
import { LetterBody } from '../parts';

const ink = '#1c1c1c';
const muted = '#555555';
const text: Style = { fontFamily: 'Times-Roman', fontSize: 11.5, lineHeight: 1.45, color: ink };

/** A traditional British letter in Times: the sender's details on the right, the date, the recipient, the subject. */
export const ClassicLetter = ({ letter }: CoverLetterTemplateProps) => {
  const seeker = letter.jobSeekerDetails;
  const recipient = letter.recipientDetails;
  const name = fullName(seeker.name);
  const accent = accentInk(letter.accentColor);

  return (
    <Document
      title={letter.title || `Cover letter – ${name}`}
      author={name}
      subject={subjectLine(letter)}
      creator="Recruitment Platform"
      language="en-GB"
    >
      <Page size="A4" style={{ fontFamily: 'Times-Roman', color: ink, paddingTop: 56, paddingBottom: 60, paddingHorizontal: 66 }}>
        <View style={{ alignItems: 'flex-end' }}>
          <Text style={{ ...text, fontWeight: 700, fontSize: 17, lineHeight: 1.2, color: ink }}>{name}</Text>
          <Text style={{ ...text, fontStyle: 'italic', color: accent, marginBottom: 4 }}>{seeker.designation}</Text>
          {addressLines(seeker.address).map((line) => (
            <Text key={line} style={{ ...text, fontSize: 10.5, lineHeight: 1.35, color: muted }}>
              {line}
            </Text>
          ))}
          <Text style={{ ...text, fontSize: 10.5, lineHeight: 1.35, color: muted }}>{ukPhone(seeker.phone)}</Text>
          <Text style={{ ...text, fontSize: 10.5, lineHeight: 1.35, color: muted }}>{seeker.email}</Text>
          {seeker.linkedInLink ? (
            <Text style={{ ...text, fontSize: 10.5, lineHeight: 1.35, color: muted }}>{displayLink(seeker.linkedInLink)}</Text>
          ) : null}
        </View>

        <View style={{ height: 0.75, backgroundColor: accent, marginTop: 14, marginBottom: 18 }} />

        <View style={{ flexDirection: 'row', justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <View>
            {recipient.name ? <Text style={text}>{recipient.name}</Text> : null}
            <Text style={text}>{recipient.companyName}</Text>
            {addressLines(recipient.address).map((line) => (
              <Text key={line} style={text}>
                {line}
              </Text>
            ))}
          </View>
          {letter.date ? <Text style={text}>{longDate(letter.date)}</Text> : null}
        </View>

        <Text style={{ ...text, fontWeight: 700, marginTop: 22, marginBottom: 14 }}>{subjectLine(letter)}</Text>

        <LetterBody sections={letterBody(letter)} style={{ ...text, textAlign: 'justify' }} gap={9} />

        <View style={{ marginTop: 26 }} wrap={false}>
          <Text style={{ ...text, fontWeight: 700 }}>{name}</Text>
          <Text style={{ ...text, fontStyle: 'italic', color: muted }}>{seeker.designation}</Text>
        </View>
      </Page>
    </Document>
  );
};
