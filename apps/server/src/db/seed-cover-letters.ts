import { defaultAccentColor } from '@app/contract/resources/job-board/cv-document';
import { coverLetterTemplateCatalogue } from '@app/documents/catalogue';
import { sql } from 'drizzle-orm';
import { newId } from '../engine/ids';
import type { Db } from './client';
import { coverLetterSections, coverLetterSuggestions, coverLetterTemplates } from './schema/documents';

type SeedSection = {
  value: string;
  label: string;
  description: string;
  type: 'GREETING' | 'PARAGRAPH' | 'CLOSING' | 'SIGNATURE';
  isDraggable: boolean;
  variables: string[];
  subSections?: { label: string; description: string; suggestions: string[] }[];
  suggestions: string[];
};

const variableLabels: Record<string, string> = {
  companyName: 'Company name',
  jobTitle: 'Job title',
  hiringManager: 'Hiring manager',
  fullName: 'Your full name',
  designation: 'Your current title',
  topSkills: 'Your top skills',
  yearsOfExperience: 'Years of experience',
  currentCompany: 'Current company',
};

/** A first set of sections and suggestions, so the builder is useful before an admin writes any. */
const sections: SeedSection[] = [
  {
    value: 'greeting',
    label: 'Greeting',
    description: 'Who the letter is addressed to. Use a name when the advert gives one.',
    type: 'GREETING',
    isDraggable: false,
    variables: ['hiringManager'],
    suggestions: ['<p>Dear {{hiringManager}},</p>', '<p>Dear Hiring Manager,</p>'],
  },
  {
    value: 'opening',
    label: 'Opening',
    description: 'Say which role you are applying for and why you are a strong fit, in two or three sentences.',
    type: 'PARAGRAPH',
    isDraggable: true,
    variables: ['jobTitle', 'companyName', 'designation', 'yearsOfExperience'],
    suggestions: [
      '<p>I am writing to apply for the {{jobTitle}} role at {{companyName}}. As a {{designation}} with {{yearsOfExperience}} years of experience, I would bring both practical skill and real enthusiasm to your team.</p>',
      '<p>I was delighted to see the {{jobTitle}} vacancy at {{companyName}}. My background as a {{designation}} matches what you are looking for, and I would welcome the chance to contribute.</p>',
    ],
  },
  {
    value: 'experience',
    label: 'Experience',
    description: 'Your most relevant experience, with results you can point to.',
    type: 'PARAGRAPH',
    isDraggable: true,
    variables: ['currentCompany', 'designation'],
    subSections: [
      {
        label: 'Current role',
        description: 'What you do now and what you have achieved there.',
        suggestions: [
          '<p>In my current role as {{designation}} at {{currentCompany}}, I am responsible for delivering work to tight deadlines while keeping quality high.</p>',
        ],
      },
      {
        label: 'Achievements',
        description: 'One or two results with numbers.',
        suggestions: ['<p>Highlights include leading a project that cut turnaround times by 30% and mentoring two new colleagues.</p>'],
      },
    ],
    suggestions: [
      '<p>In my current role at {{currentCompany}}, I have built the experience this position asks for, working closely with colleagues across the business to deliver results.</p>',
    ],
  },
  {
    value: 'skills',
    label: 'Skills',
    description: 'The skills from the advert that you have, with a short example of each.',
    type: 'PARAGRAPH',
    isDraggable: true,
    variables: ['topSkills', 'jobTitle'],
    suggestions: [
      '<p>My strengths include {{topSkills}}, which I understand are central to the {{jobTitle}} role.</p>',
      '<p>I am confident using {{topSkills}}, and I am quick to learn new tools and ways of working.</p>',
    ],
  },
  {
    value: 'motivation',
    label: 'Why this company',
    description: 'Why you want to work here in particular.',
    type: 'PARAGRAPH',
    isDraggable: true,
    variables: ['companyName'],
    suggestions: [
      '<p>I admire {{companyName}}’s reputation for quality and the way it looks after its people, and I would be proud to be part of it.</p>',
    ],
  },
  {
    value: 'closing',
    label: 'Closing',
    description: 'Thank the reader and say you would welcome an interview.',
    type: 'CLOSING',
    isDraggable: true,
    variables: ['companyName'],
    suggestions: [
      '<p>Thank you for considering my application. I would welcome the opportunity to discuss how I could contribute to {{companyName}}, and I look forward to hearing from you.</p>',
      '<p>I have attached my CV and would be glad to talk further at your convenience. Thank you for your time.</p>',
    ],
  },
  {
    value: 'sign-off',
    label: 'Sign-off',
    // The templates print the name and title under it, so the sign-off is the closing words alone.
    description: '“Yours sincerely” when you name the reader, “Yours faithfully” when you do not. Your name is printed under it.',
    type: 'SIGNATURE',
    isDraggable: false,
    variables: [],
    suggestions: ['<p>Yours sincerely,</p>', '<p>Yours faithfully,</p>', '<p>Kind regards,</p>'],
  },
];

const variablesOf = (names: string[]) =>
  names.map((value) => ({ label: variableLabels[value] ?? value, value, type: 'TEXT', selectOptions: [] }));

const isEmpty = async (db: Db, table: typeof coverLetterSections | typeof coverLetterTemplates) => {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return (row?.n ?? 0) === 0;
};

/** Seeds the cover-letter catalogue once, on a fresh database; admins own it after that. */
export const seedCoverLetters = async (db: Db) => {
  await db.transaction(async (tx) => {
    const executor = tx as unknown as Db;
    if (await isEmpty(executor, coverLetterTemplates)) {
      await executor.insert(coverLetterTemplates).values(
        coverLetterTemplateCatalogue.map((template) => ({
          id: newId(),
          title: template.title,
          slug: template.slug,
          layout: template.slug,
          defaultAccentColor,
          isDocx: true,
          status: 'ACTIVE',
        })),
      );
    }
    if (!(await isEmpty(executor, coverLetterSections))) return;
    for (const [orderNumber, section] of sections.entries()) {
      const id = newId();
      const subSections = (section.subSections ?? []).map((sub, index) => ({ ...sub, _id: newId(), orderNumber: index }));
      await executor.insert(coverLetterSections).values({
        id,
        value: section.value,
        label: section.label,
        description: section.description,
        orderNumber,
        type: section.type,
        isDraggable: section.isDraggable,
        variables: variablesOf(section.variables),
        subSections: subSections.map(({ suggestions: _s, ...sub }) => sub),
        status: 'ACTIVE',
      });
      const suggestions = [
        ...section.suggestions.map((content) => ({ content, subSectionId: null as string | null })),
        ...subSections.flatMap((sub) => sub.suggestions.map((content) => ({ content, subSectionId: sub._id }))),
      ];
      await executor.insert(coverLetterSuggestions).values(
        suggestions.map(({ content, subSectionId }) => ({
          id: newId(),
          sectionId: id,
          subSectionId,
          content,
          status: 'ACTIVE',
          variables: variablesOf([...content.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] as string)),
        })),
      );
    }
  });
};
