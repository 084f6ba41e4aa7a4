import type { CoverLetterDocument } from '@app/contract/resources/job-board/cv-document';
import { fullName } from '../shared/format';
import { type Block, looksLikeHtml, parseRichText } from '../shared/rich-text';

export type CoverLetterTemplateProps = { letter: CoverLetterDocument };

/** "447700900123" as people write it: "+44 7700 900123". */
export const ukPhone = (phone: string) => {
  const digits = phone.replace(/\D/g, '');
  return /^44\d{10}$/.test(digits) ? `+44 ${digits.slice(2, 6)} ${digits.slice(6)}` : phone;
};

export const recipientName = (letter: CoverLetterDocument) => letter.recipientDetails.name?.trim() || 'Hiring Manager';

export const subjectLine = (letter: CoverLetterDocument) => `Application for the position of ${letter.recipientDetails.jobTitle}`;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The words a section suggestion may leave for the letter to fill in, as {{companyName}} and the
 * like; unknown ones are left as they are, so the writer sees what is missing.
 */
export const letterVariables = (letter: CoverLetterDocument): Record<string, string> => {
  const seeker = letter.jobSeekerDetails;
  return {
    recipientname: recipientName(letter),
    companyname: letter.recipientDetails.companyName,
    jobtitle: letter.recipientDetails.jobTitle,
    name: fullName(seeker.name),
    fullname: fullName(seeker.name),
    designation: seeker.designation,
    email: seeker.email,
    phone: ukPhone(seeker.phone),
  };
};

export const fillVariables = (content: string, variables: Record<string, string>, asHtml = looksLikeHtml(content)) =>
  content.replace(/\{\{\s*([a-zA-Z_]+)\s*\}\}/g, (whole, name: string) => {
    const value = variables[name.toLowerCase().replace(/_/g, '')];
    if (value === undefined) return whole;
    return asHtml ? escapeHtml(value) : value;
  });

/** The letter's body: sections by orderNumber, each followed by its sub-sections, variables filled in. */
export const letterBody = (letter: CoverLetterDocument): Block[][] => {
  const variables = letterVariables(letter);
  const byOrder = <T extends { orderNumber: number }>(items: T[]) => [...items].sort((a, b) => a.orderNumber - b.orderNumber);
  return byOrder(letter.bodySections)
    .map((section) => [
      ...parseRichText(fillVariables(section.content, variables)),
      ...byOrder(section.subSections).flatMap((sub) => parseRichText(fillVariables(sub.content, variables))),
    ])
    .filter((blocks) => blocks.length > 0);
};
