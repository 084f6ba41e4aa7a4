/** @jsxRuntime automatic */
import { type CvDocument, type CvMovableSection, languageProficiencyLabels } from '@app/contract/resources/job-board/cv-document';
import { Image, Page, Text, View } from '@react-pdf/renderer';
import type { ReactNode } from 'react';
import {
  accentInk,
  coursePeriod,
  displayLink,
  fullName,
  jobPeriod,
  jobPlace,
  monthYear,
  publicationCredits,
  publicationDate,
  shortAddress,
} from '../../shared/format';
import { joined, KeepWithNext, RatingDots, RichText, type Style, spaced, unbroken } from '../../shared/pdf-parts';
import { arrangedSections, CvPdf, type SectionBodies } from '../parts';
import type { CvLayout } from '../sections';
import type { CvTemplateProps } from '../types';

/** The sections in the template's own order; a seeker's sectionOrder rearranges them (see `arrange`). */
const column = [
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
export const classicLayout: CvLayout = { columns: [column] };

const ink = '#1c1c1c';
const muted = '#5b5b5b';
const rule = '#cfcfcf';

const body: Style = { fontFamily: 'Times-Roman', fontSize: 10.5, lineHeight: 1.38, color: ink };

const Section = ({ title, accent, children, keep }: { title: string; accent: string; children: ReactNode; keep?: boolean }) => (
  <View style={{ marginTop: 14 }} wrap={!keep}>
    <KeepWithNext space={70}>
      <Text
        style={{
          fontFamily: 'Times-Roman',
          fontWeight: 700,
          fontSize: 12,
          letterSpacing: 0.6,
          textTransform: 'uppercase',
          color: accent,
        }}
      >
        {title}
      </Text>
      <View style={{ height: 0.75, backgroundColor: rule, marginTop: 2.5, marginBottom: 7 }} />
    </KeepWithNext>
    {children}
  </View>
);

/** A bold line with its dates on the right, and a quieter line under it. */
const EntryHeader = ({ title, dates, subtitle }: { title: string; dates?: string; subtitle?: string }) => (
  <View>
    <View style={{ flexDirection: 'row', justifyContent: 'space-between', alignItems: 'flex-end' }}>
      <Text style={{ ...body, fontWeight: 700, fontSize: 11, flex: 1, paddingRight: 12 }}>{title}</Text>
      {dates ? <Text style={{ ...body, fontStyle: 'italic', fontSize: 10, color: muted }}>{dates}</Text> : null}
    </View>
    {subtitle ? <Text style={{ ...body, fontStyle: 'italic', color: muted }}>{subtitle}</Text> : null}
  </View>
);

const SkillGrid = ({ skills, accent }: { skills: { label: string; rating: number }[]; accent: string }) => (
  <View style={{ flexDirection: 'row', flexWrap: 'wrap', justifyContent: 'space-between' }}>
    {skills.map((skill, index) => (
      <View
        key={`${skill.label}-${index.toString()}`}
        style={{ width: '47%', flexDirection: 'row', justifyContent: 'space-between', alignItems: 'center', marginBottom: 4 }}
        wrap={false}
      >
        <Text style={body}>{skill.label}</Text>
        <RatingDots rating={skill.rating} color={accent} empty="#dddddd" size={5.5} />
      </View>
    ))}
  </View>
);

const sectionBodies = (cv: CvDocument, accent: string): SectionBodies<(typeof column)[number]> => ({
  profile: () => <RichText text={cv.professionalSummary} style={body} />,
  experience: () =>
    cv.workHistory.map((job, index) => (
      <View key={job._id ?? index} style={{ marginTop: index ? 10 : 0 }}>
        <KeepWithNext space={40}>
          <EntryHeader title={job.jobTitle} dates={jobPeriod(job)} subtitle={joined(jobPlace(job), ', ')} />
        </KeepWithNext>
        <View style={{ marginTop: 3 }}>
          <RichText text={job.responsibilities} style={body} gap={3} bulletColor={accent} />
        </View>
      </View>
    )),
  education: () =>
    cv.education.map((course, index) => (
      <View key={course._id ?? index} style={{ marginTop: index ? 8 : 0 }} wrap={false}>
        <EntryHeader
          title={joined([course.qualification, course.subject], ' in ')}
          dates={coursePeriod(course)}
          subtitle={joined([course.organization, course.grade], ', ')}
        />
        {course.description ? <RichText text={course.description} style={{ ...body, marginTop: 2 }} /> : null}
      </View>
    )),
  skills: () => <SkillGrid skills={cv.skills} accent={accent} />,
  personalSkills: () => <SkillGrid skills={cv.personalSkills} accent={accent} />,
  languages: () => (
    <Text style={body}>
      {cv.languages.map((language, index) => (
        <Text key={`${language.label}-${index.toString()}`}>
          {index ? spaced('   ·   ') : ''}
          <Text style={{ fontWeight: 700 }}>{language.label}</Text>
          <Text style={{ color: muted }}> ({languageProficiencyLabels[language.proficiency]})</Text>
        </Text>
      ))}
    </Text>
  ),
  projects: () =>
    cv.projects.map((project, index) => (
      <View key={project._id ?? index} style={{ marginTop: index ? 8 : 0 }} wrap={false}>
        <EntryHeader title={project.title} dates={project.timeDuration ?? undefined} subtitle={displayLink(project.link) || undefined} />
        {project.description ? <RichText text={project.description} style={{ ...body, marginTop: 2 }} /> : null}
      </View>
    )),
  publications: () =>
    cv.publications.map((publication, index) => (
      <View key={publication._id ?? index} style={{ marginTop: index ? 6 : 0 }} wrap={false}>
        <EntryHeader title={publication.topicName} dates={publicationDate(publication)} />
        <Text style={{ ...body, color: muted }}>{joined(publicationCredits(publication), ', ')}</Text>
      </View>
    )),
  certifications: () =>
    cv.certifications.map((certification, index) => (
      <View
        key={certification._id ?? index}
        style={{ flexDirection: 'row', justifyContent: 'space-between', marginTop: index ? 3 : 0 }}
        wrap={false}
      >
        <Text style={{ ...body, flex: 1, paddingRight: 12 }}>
          <Text style={{ fontWeight: 700 }}>{certification.courseName}</Text>
          {certification.organization ? <Text style={{ color: muted }}>, {certification.organization}</Text> : null}
        </Text>
        <Text style={{ ...body, fontStyle: 'italic', fontSize: 10, color: muted }}>{monthYear(certification.completionDate)}</Text>
      </View>
    )),
  references: () => (
    <View style={{ flexDirection: 'row', flexWrap: 'wrap', justifyContent: 'space-between' }}>
      {cv.references.map((reference, index) => (
        <View key={reference._id ?? index} style={{ width: '47%', marginBottom: 6 }} wrap={false}>
          <Text style={{ ...body, fontWeight: 700 }}>{reference.name}</Text>
          <Text style={{ ...body, fontStyle: 'italic', color: muted }}>{joined([reference.relationship, reference.company], ', ')}</Text>
          <Text style={{ ...body, fontSize: 10 }}>{joined([reference.email, reference.phone])}</Text>
        </View>
      ))}
    </View>
  ),
  hobbies: () => <Text style={body}>{joined(cv.hobbies, '   ·   ')}</Text>,
});

/** Single column, Times throughout, centred header: the CV a traditional employer expects. */
export const ClassicCv = ({ cv, photo }: CvTemplateProps) => {
  const accent = accentInk(cv.accentColor);
  const name = fullName(cv.name);
  // Two balanced lines rather than one that wraps wherever it must.
  const contact = [
    joined([cv.email, cv.phone, shortAddress(cv.address)].map(unbroken)),
    joined([displayLink(cv.linkedInLink), cv.ukDrivingLicence && 'Full UK driving licence'].map(unbroken)),
  ].filter(Boolean);

  return (
    <CvPdf cv={cv}>
      <Page size="A4" style={{ fontFamily: 'Times-Roman', color: ink, paddingTop: 44, paddingBottom: 48, paddingHorizontal: 52 }}>
        <View style={{ alignItems: 'center' }}>
          {photo ? <Image src={photo} style={{ width: 72, height: 72, borderRadius: 36, marginBottom: 8, objectFit: 'cover' }} /> : null}
          <Text style={{ fontFamily: 'Times-Roman', fontWeight: 700, fontSize: 26, lineHeight: 1.15, letterSpacing: 0.4, color: ink }}>
            {name}
          </Text>
          <Text style={{ fontFamily: 'Times-Roman', fontStyle: 'italic', fontSize: 13, color: accent, marginTop: 3 }}>
            {cv.designation}
          </Text>
          <View style={{ marginTop: 6, alignItems: 'center' }}>
            {contact.map((line) => (
              <Text key={line} style={{ ...body, fontSize: 9.5, lineHeight: 1.45, color: muted, textAlign: 'center' }}>
                {line}
              </Text>
            ))}
          </View>
        </View>
        <View style={{ height: 1.5, backgroundColor: accent, marginTop: 12 }} />
        <View style={{ height: 0.5, backgroundColor: accent, marginTop: 1.5 }} />

        {arrangedSections(cv, column, sectionBodies(cv, accent), (section, content) => (
          <Section title={section.title} accent={accent} keep={section.keep}>
            {content}
          </Section>
        ))}
      </Page>
    </CvPdf>
  );
};
