import { type CvDocument, type CvMovableSection, languageProficiencyLabels } from '@app/contract/resources/job-board/cv-document';
import { BorderStyle, Document, HeadingLevel, ImageRun, Packer, Paragraph, TextRun } from 'docx';
import { arrange, cvSectionTitles, hasSection } from '../cv/sections';
import {
  coursePeriod,
  displayLink,
  fullName,
  jobPeriod,
  jobPlace,
  monthYear,
  publicationCredits,
  publicationDate,
  ratingLabel,
  shortAddress,
} from '../shared/format';
import { documentStyles, entryHeading, entrySubtitle, hex, muted, numbering, plain, richParagraphs, sectionProperties } from './shared';

export type DocxPhoto = { data: Uint8Array; type: 'png' | 'jpg' };

/** The Word file's own order, the classic template's, before the seeker's order is applied. */
const wordOrder = [
  'profile',
  'experience',
  'education',
  'skills',
  'personalSkills',
  'languages',
  'projects',
  'publications',
  'certifications',
  'references',
  'hobbies',
] as const satisfies readonly CvMovableSection[];

const heading = (text: string) => new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(text)] });
const join = (parts: (string | null | undefined | false)[], separator = ' · ') => parts.filter(Boolean).join(separator);

/**
 * A CV as a Word document: one clean layout whatever the PDF template (Word users restyle it anyway),
 * real headings (Heading 1) that screen readers, the navigation pane and applicant-tracking systems
 * understand, and the accent colour on the name and headings.
 */
export const renderCvDocx = async (cv: CvDocument, options: { photo?: DocxPhoto } = {}): Promise<Buffer> => {
  const accent = cv.accentColor;
  const children: Paragraph[] = [];

  if (options.photo) {
    children.push(
      new Paragraph({
        spacing: { after: 120 },
        children: [new ImageRun({ type: options.photo.type, data: options.photo.data, transformation: { width: 96, height: 96 } })],
      }),
    );
  }
  children.push(
    new Paragraph({
      spacing: { after: 0 },
      children: [new TextRun({ text: fullName(cv.name), bold: true, size: 48, color: hex(accent) })],
    }),
    new Paragraph({ spacing: { after: 80 }, children: [new TextRun({ text: cv.designation, size: 26, color: '444444' })] }),
    new Paragraph({
      spacing: { after: 120 },
      border: { bottom: { color: hex(accent), space: 6, style: BorderStyle.SINGLE, size: 12 } },
      children: [
        new TextRun({
          text: join(
            [cv.email, cv.phone, shortAddress(cv.address), displayLink(cv.linkedInLink), cv.ukDrivingLicence && 'Full UK driving licence'],
            '  |  ',
          ),
          size: 19,
          color: muted,
        }),
      ],
    }),
  );

  const skillLine = (skills: CvDocument['skills']) =>
    new Paragraph({
      spacing: { after: 80 },
      children: skills.flatMap((skill, index) => [
        ...(index ? [new TextRun({ text: '   ·   ', color: muted })] : []),
        new TextRun({ text: skill.label, bold: true }),
        new TextRun({ text: ` ${ratingLabel(skill.rating)}`, color: muted }),
      ]),
    });

  // What goes under each heading; drawn only for sections with something in them.
  const bodies: Record<CvMovableSection, () => Paragraph[]> = {
    profile: () => richParagraphs(cv.professionalSummary),
    experience: () =>
      cv.workHistory.flatMap((job) => [
        entryHeading(job.jobTitle, jobPeriod(job)),
        entrySubtitle(join(jobPlace(job), ', '), accent),
        ...richParagraphs(job.responsibilities),
      ]),
    education: () =>
      cv.education.flatMap((course) => [
        entryHeading(join([course.qualification, course.subject], ' in '), coursePeriod(course)),
        entrySubtitle(join([course.organization, course.grade], ', '), accent),
        ...richParagraphs(course.description),
      ]),
    skills: () => [skillLine(cv.skills)],
    personalSkills: () => [skillLine(cv.personalSkills)],
    languages: () => [
      new Paragraph({
        children: cv.languages.flatMap((language, index) => [
          ...(index ? [new TextRun({ text: '   ·   ', color: muted })] : []),
          new TextRun({ text: language.label, bold: true }),
          new TextRun({ text: ` ${languageProficiencyLabels[language.proficiency]}`, color: muted }),
        ]),
      }),
    ],
    projects: () =>
      cv.projects.flatMap((project) => [
        entryHeading(project.title, project.timeDuration),
        ...(project.link ? [entrySubtitle(displayLink(project.link), accent)] : []),
        ...richParagraphs(project.description),
      ]),
    publications: () =>
      cv.publications.flatMap((publication) => [
        entryHeading(publication.topicName, publicationDate(publication)),
        entrySubtitle(join(publicationCredits(publication), ', ')),
      ]),
    certifications: () =>
      cv.certifications.map((certification) =>
        entryHeading(certification.courseName, monthYear(certification.completionDate), { size: 21, detail: certification.organization }),
      ),
    references: () =>
      cv.references.flatMap((reference) => [
        new Paragraph({
          keepNext: true,
          spacing: { before: 120, after: 0 },
          children: [
            new TextRun({ text: reference.name, bold: true }),
            new TextRun({ text: `, ${join([reference.relationship, reference.company], ', ')}`, color: muted }),
          ],
        }),
        plain(join([reference.email, reference.phone], '  |  '), { size: 19 }),
      ]),
    hobbies: () => [plain(cv.hobbies.join(', '))],
  };
  for (const key of arrange(wordOrder, cv.sectionOrder)) {
    if (hasSection(cv, key)) children.push(heading(cvSectionTitles[key]), ...bodies[key]());
  }

  const name = fullName(cv.name);
  const document = new Document({
    title: cv.cvTitle || name,
    creator: name,
    description: cv.designation,
    styles: documentStyles(accent),
    numbering,
    sections: [{ properties: sectionProperties, children }],
  });
  return Packer.toBuffer(document);
};
