import type { CoverLetterDocument } from '@app/contract/resources/job-board/cv-document';
import { AlignmentType, BorderStyle, Document, Packer, Paragraph, TextRun } from 'docx';
import { letterBody, subjectLine, ukPhone } from '../cover-letter/content';
import { addressLines, displayLink, fullName, longDate, shortAddress } from '../shared/format';
import { documentStyles, hex, muted, numbering, plain, richParagraphs, sectionProperties } from './shared';

/** A cover letter as a Word document: the sender's header, date, recipient, subject, body and signature. */
export const renderCoverLetterDocx = async (letter: CoverLetterDocument): Promise<Buffer> => {
  const seeker = letter.jobSeekerDetails;
  const recipient = letter.recipientDetails;
  const accent = letter.accentColor;
  const name = fullName(seeker.name);

  const children: Paragraph[] = [
    new Paragraph({ spacing: { after: 0 }, children: [new TextRun({ text: name, bold: true, size: 40, color: hex(accent) })] }),
    new Paragraph({ spacing: { after: 60 }, children: [new TextRun({ text: seeker.designation, size: 24, color: '444444' })] }),
    new Paragraph({
      spacing: { after: 360 },
      border: { bottom: { color: hex(accent), space: 6, style: BorderStyle.SINGLE, size: 12 } },
      children: [
        new TextRun({
          text: [seeker.email, ukPhone(seeker.phone), shortAddress(seeker.address), displayLink(seeker.linkedInLink)]
            .filter(Boolean)
            .join('  |  '),
          size: 19,
          color: muted,
        }),
      ],
    }),
  ];
  if (letter.date) children.push(plain(longDate(letter.date), { alignment: AlignmentType.RIGHT, after: 200 }));
  for (const line of [recipient.name, recipient.companyName, ...addressLines(recipient.address)]) {
    if (line) children.push(plain(line, { after: 0 }));
  }
  children.push(
    new Paragraph({
      spacing: { before: 320, after: 200 },
      children: [new TextRun({ text: subjectLine(letter), bold: true, color: hex(accent) })],
    }),
    ...letterBody(letter).flatMap((blocks) => richParagraphs(blocks, { after: 160 })),
    new Paragraph({ spacing: { before: 360, after: 0 }, children: [new TextRun({ text: name, bold: true })] }),
    plain(seeker.designation, { color: muted }),
  );

  const document = new Document({
    title: letter.title || `Cover letter – ${name}`,
    creator: name,
    description: subjectLine(letter),
    styles: documentStyles(accent, 22),
    numbering,
    sections: [{ properties: sectionProperties, children }],
  });
  return Packer.toBuffer(document);
};
