import { type CvDocument, languageProficiencyLabels, publicationStatusLabels } from '@app/contract/resources/job-board/cv-document';
import { BorderStyle, Document, HeadingLevel, ImageRun, Packer, Paragraph, TextRun } from 'docx';
import { cvSectionTitles, hasSection } from '../cv/sections';
import { displayLink, fullName, jobTypeLabel, monthYear, period, ratingLabel, shortAddress } from '../shared/format';
import { documentStyles, entryHeading, entrySubtitle, hex, muted, numbering, plain, richParagraphs, sectionProperties } from './shared';

export type DocxPhoto = { data: Uint8Array; type: 'png' | 'jpg' };

const heading = (text: string) => new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(text)] });
const join = (parts: (string | null | undefined | false)[], separator = ' · ') => parts.filter(Boolean).join(separator);

/**
 * A CV as a Word document: one clean layout whatever the PDF template (Word users restyle it anyway),
 * real headings (Heading 1) that screen readers, the navigation pane and applicant-tracking systems
 * understand, and the accent colour on the name and headings.
 */
export const renderCvDocx = async (cv: CvDocument, options: { photo?: DocxPhoto } = {}): Promise<Buffer> => {
  const accent = cv.accentColor;
  const show = (key: Parameters<typeof hasSection>[1]) => hasSection(cv, key);
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

  if (show('profile')) children.push(heading(cvSectionTitles.profile), ...richParagraphs(cv.professionalSummary));

  if (show('experience')) {
    children.push(heading(cvSectionTitles.experience));
    for (const job of cv.workHistory) {
      children.push(
        entryHeading(job.jobTitle, period(job.startDate, job.endDate, job.currentlyWorkingHere)),
        entrySubtitle(join([job.organization, job.city, jobTypeLabel(job.jobType)], ', '), accent),
        ...richParagraphs(job.responsibilities),
      );
    }
  }

  if (show('education')) {
    children.push(heading(cvSectionTitles.education));
    for (const course of cv.education) {
      children.push(
        entryHeading(join([course.qualification, course.subject], ' in '), period(course.startDate, course.endDate, course.isPursuing)),
        entrySubtitle(join([course.organization, course.grade], ', '), accent),
        ...richParagraphs(course.description),
      );
    }
  }

  const skillLine = (skills: CvDocument['skills']) =>
    new Paragraph({
      spacing: { after: 80 },
      children: skills.flatMap((skill, index) => [
        ...(index ? [new TextRun({ text: '   ·   ', color: muted })] : []),
        new TextRun({ text: skill.label, bold: true }),
        new TextRun({ text: ` ${ratingLabel(skill.rating)}`, color: muted }),
      ]),
    });
  if (show('skills')) children.push(heading(cvSectionTitles.skills), skillLine(cv.skills));
  if (show('personalSkills')) children.push(heading(cvSectionTitles.personalSkills), skillLine(cv.personalSkills));
  if (show('languages')) {
    children.push(
      heading(cvSectionTitles.languages),
      new Paragraph({
        children: cv.languages.flatMap((language, index) => [
          ...(index ? [new TextRun({ text: '   ·   ', color: muted })] : []),
          new TextRun({ text: language.label, bold: true }),
          new TextRun({ text: ` ${languageProficiencyLabels[language.proficiency]}`, color: muted }),
        ]),
      }),
    );
  }

  if (show('projects')) {
    children.push(heading(cvSectionTitles.projects));
    for (const project of cv.projects) {
      children.push(entryHeading(project.title, project.timeDuration));
      if (project.link) children.push(entrySubtitle(displayLink(project.link), accent));
      children.push(...richParagraphs(project.description));
    }
  }

  if (show('publications')) {
    children.push(heading(cvSectionTitles.publications));
    for (const publication of cv.publications) {
      children.push(
        entryHeading(
          publication.topicName,
          publication.publicationStatus === 'PUBLISHED'
            ? monthYear(publication.publishedDate)
            : publicationStatusLabels[publication.publicationStatus],
        ),
        entrySubtitle(
          join(
            [
              publication.publicationsName,
              publication.publisherName,
              publication.coAuthor && `with ${publication.coAuthor}`,
              publication.isbnNumber && `ISBN ${publication.isbnNumber}`,
            ],
            ', ',
          ),
        ),
      );
    }
  }

  if (show('certifications')) {
    children.push(heading(cvSectionTitles.certifications));
    for (const certification of cv.certifications) {
      children.push(
        entryHeading(certification.courseName, monthYear(certification.completionDate), { size: 21, detail: certification.organization }),
      );
    }
  }

  if (show('references')) {
    children.push(heading(cvSectionTitles.references));
    for (const reference of cv.references) {
      children.push(
        new Paragraph({
          keepNext: true,
          spacing: { before: 120, after: 0 },
          children: [
            new TextRun({ text: reference.name, bold: true }),
            new TextRun({ text: `, ${join([reference.relationship, reference.company], ', ')}`, color: muted }),
          ],
        }),
        plain(join([reference.email, reference.phone], '  |  '), { size: 19 }),
      );
    }
  }

  if (show('hobbies')) children.push(heading(cvSectionTitles.hobbies), plain(cv.hobbies.join(', ')));

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
