/** @jsxRuntime automatic */
import { Document, Page, Text, View } from '@react-pdf/renderer';
import { accentInk, addressLines, displayLink, fullName, longDate, shortAddress } from '../../shared/format';
import { joined, type Style } from '../../shared/pdf-parts';
import { type CoverLetterTemplateProps, letterBody, subjectLine, ukPhone } from '../content';
import { LetterBody } from '../parts';

const ink = '#222222';
const muted = '#666666';
const text: Style = { fontFamily: 'Helvetica', fontSize: 9.6, lineHeight: 1.45, color: ink };

/** Small, dense type with the name and contact details on one line: a long letter still fits one page. */
export const CompactLetter = ({ letter }: CoverLetterTemplateProps) => {
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
      <Page size="A4" style={{ fontFamily: 'Helvetica', color: ink, paddingTop: 38, paddingBottom: 42, paddingHorizontal: 48 }}>
        <View
          style={{
            flexDirection: 'row',
            justifyContent: 'space-between',
            alignItems: 'flex-end',
            paddingBottom: 8,
            borderBottomWidth: 1.5,
            borderBottomColor: letter.accentColor,
          }}
        >
          <View style={{ flex: 1, paddingRight: 16 }}>
            <Text style={{ fontFamily: 'Helvetica', fontWeight: 700, fontSize: 17, lineHeight: 1.15, color: ink }}>{name}</Text>
            <Text style={{ ...text, fontWeight: 700, color: accent }}>{seeker.designation}</Text>
          </View>
          <View style={{ alignItems: 'flex-end' }}>
            <Text style={{ ...text, fontSize: 8.4, lineHeight: 1.35, color: muted }}>{joined([seeker.email, ukPhone(seeker.phone)])}</Text>
            <Text style={{ ...text, fontSize: 8.4, lineHeight: 1.35, color: muted }}>
              {joined([shortAddress(seeker.address), displayLink(seeker.linkedInLink)])}
            </Text>
          </View>
        </View>

        <View style={{ flexDirection: 'row', justifyContent: 'space-between', marginTop: 16 }}>
          <Text style={{ ...text, flex: 1, paddingRight: 16 }}>
            {joined([recipient.name, recipient.companyName, ...addressLines(recipient.address)], ', ')}
          </Text>
          {letter.date ? <Text style={{ ...text, color: muted }}>{longDate(letter.date)}</Text> : null}
        </View>

        <Text style={{ ...text, fontWeight: 700, color: accent, marginTop: 12, marginBottom: 9 }}>{subjectLine(letter)}</Text>

        <LetterBody sections={letterBody(letter)} style={text} gap={7} bulletColor={accent} />

        <View style={{ marginTop: 16 }} wrap={false}>
          <Text style={{ ...text, fontWeight: 700 }}>{name}</Text>
        </View>
      </Page>
    </Document>
  );
};
