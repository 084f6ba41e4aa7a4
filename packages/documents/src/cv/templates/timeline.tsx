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
  textOn,
  tint,
} from '../../shared/format';
import { joined, KeepWithNext, RatingBar, RichText, type Style, spaced, unbroken } from '../../shared/pdf-parts';
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
  'certifications',
  'publications',
  'references',
  'hobbies',
] as const satisfies readonly CvMovableSection[];
export const timelineLayout: CvLayout = { columns: [column] };

const margin = 42;
const top = 34;
const dateColumn = 92;
/** Where the story starts: past the dates and the rail. */
const story = dateColumn + 15;
const ink = '#202124';
const muted = '#5f6368';
const text: Style = { fontFamily: 'Helvetica', fontSize: 9.4, lineHeight: 1.45, color: ink };
/** Dates (or a status) in the column left of the rail. */
const dateText: Style = { ...text, width: dateColumn, fontSize: 8.2, color: muted, textAlign: 'right', paddingRight: 12, paddingTop: 1 };

const Section = ({ title, accent, children, keep }: { title: string; accent: string; children: ReactNode; keep?: boolean }) => (
  <View style={{ marginTop: 13 }} wrap={!keep}>
    <KeepWithNext space={70} style={{ marginBottom: 8 }}>
      <Text style={{ fontFamily: 'Helvetica', fontWeight: 700, fontSize: 12.5, color: accent }}>{title}</Text>
      <View style={{ width: 28, height: 2.5, backgroundColor: accent, marginTop: 3 }} />
    </KeepWithNext>
    {children}
  </View>
);

/** One stop on the timeline: dates on the left, a dot on the rail, the story on the right. */
const Stop = ({ dates, accent, last, children }: { dates: string; accent: string; last: boolean; children: ReactNode }) => (
  <View style={{ flexDirection: 'row' }}>
    <Text style={dateText}>{dates}</Text>
    <View style={{ flex: 1, borderLeftWidth: 1.2, borderLeftColor: tint(accent, 0.65), paddingLeft: 14, paddingBottom: last ? 2 : 9 }}>
      <View
        style={{
          position: 'absolute',
          left: -5.1,
          top: 2.5,
          width: 9,
          height: 9,
          borderRadius: 4.5,
          backgroundColor: accent,
          borderWidth: 2,
          borderColor: '#ffffff',
        }}
      />
      {children}
    </View>
  </View>
);

const SkillGrid = ({ skills, accent }: { skills: { label: string; rating: number }[]; accent: string }) => (
  <View style={{ flexDirection: 'row', flexWrap: 'wrap', justifyContent: 'space-between', paddingLeft: story }}>
    {skills.map((skill, index) => (
      <View
        key={`${skill.label}-${index.toString()}`}
        style={{ width: '47%', flexDirection: 'row', alignItems: 'center', marginBottom: 5 }}
        wrap={false}
      >
        <Text style={{ ...text, width: '48%' }}>{skill.label}</Text>
        <View style={{ flex: 1 }}>
          <RatingBar rating={skill.rating} color={accent} track={tint(accent, 0.82)} height={4} />
        </View>
      </View>
    ))}
  </View>
);

/** The parts that are not on the timeline line up with the story, not with the dates. */
const Indented = ({ children, style }: { children: ReactNode; style?: Style }) => (
  <View style={{ paddingLeft: story, ...style }}>{children}</View>
);

const sectionBodies = (cv: CvDocument, accent: string): SectionBodies<(typeof column)[number]> => ({
  profile: () => (
    <Indented>
      <RichText text={cv.professionalSummary} style={{ ...text, fontSize: 9.8, lineHeight: 1.5 }} />
    </Indented>
  ),
  experience: () =>
    cv.workHistory.map((job, index) => (
      <Stop key={job._id ?? index} dates={jobPeriod(job)} accent={accent} last={index === cv.workHistory.length - 1}>
        <KeepWithNext space={30}>
          <Text style={{ ...text, fontWeight: 700, fontSize: 10.5 }}>{job.jobTitle}</Text>
          <Text style={{ ...text, color: accent, marginBottom: 2.5 }}>{joined(jobPlace(job), ', ')}</Text>
        </KeepWithNext>
        <RichText text={job.responsibilities} style={text} gap={2.5} bulletColor={accent} />
      </Stop>
    )),
  education: () =>
    cv.education.map((course, index) => (
      <View key={course._id ?? index} wrap={false}>
        <Stop dates={coursePeriod(course)} accent={accent} last={index === cv.education.length - 1}>
          <Text style={{ ...text, fontWeight: 700, fontSize: 10.5 }}>{joined([course.qualification, course.subject], ' in ')}</Text>
          <Text style={{ ...text, color: accent }}>{joined([course.organization, course.grade], ', ')}</Text>
          {course.description ? <RichText text={course.description} style={{ ...text, color: muted, marginTop: 1.5 }} /> : null}
        </Stop>
      </View>
    )),
  skills: () => <SkillGrid skills={cv.skills} accent={accent} />,
  personalSkills: () => <SkillGrid skills={cv.personalSkills} accent={accent} />,
  languages: () => (
    <Indented style={{ flexDirection: 'row', flexWrap: 'wrap' }}>
      {cv.languages.map((language, index) => (
        <View
          key={`${language.label}-${index.toString()}`}
          style={{
            backgroundColor: tint(accent, 0.9),
            borderRadius: 3,
            paddingVertical: 3,
            paddingHorizontal: 8,
            marginRight: 6,
            marginBottom: 4,
          }}
        >
          <Text style={{ ...text, fontSize: 9, lineHeight: 1.2 }}>
            <Text style={{ fontWeight: 700 }}>{language.label}</Text>
            <Text style={{ color: muted }}>{`${spaced('  ')}${languageProficiencyLabels[language.proficiency]}`}</Text>
          </Text>
        </View>
      ))}
    </Indented>
  ),
  projects: () =>
    cv.projects.map((project, index) => (
      <View key={project._id ?? index} style={{ flexDirection: 'row', marginBottom: 7 }} wrap={false}>
        <Text style={dateText}>{project.timeDuration ?? ''}</Text>
        <View style={{ flex: 1, paddingLeft: 15 }}>
          <Text style={{ ...text, fontWeight: 700, fontSize: 10 }}>{project.title}</Text>
          {project.link ? <Text style={{ ...text, color: accent, fontSize: 8.8 }}>{displayLink(project.link)}</Text> : null}
          {project.description ? <RichText text={project.description} style={text} /> : null}
        </View>
      </View>
    )),
  certifications: () =>
    cv.certifications.map((certification, index) => (
      <View key={certification._id ?? index} style={{ flexDirection: 'row', marginBottom: 4 }} wrap={false}>
        <Text style={dateText}>{monthYear(certification.completionDate)}</Text>
        <Text style={{ ...text, flex: 1, paddingLeft: 15 }}>
          <Text style={{ fontWeight: 700 }}>{certification.courseName}</Text>
          {certification.organization ? <Text style={{ color: muted }}>{`, ${certification.organization}`}</Text> : null}
        </Text>
      </View>
    )),
  publications: () =>
    cv.publications.map((publication, index) => (
      <View key={publication._id ?? index} style={{ flexDirection: 'row', marginBottom: 6 }} wrap={false}>
        <Text style={dateText}>{publicationDate(publication)}</Text>
        <View style={{ flex: 1, paddingLeft: 15 }}>
          <Text style={{ ...text, fontWeight: 700 }}>{publication.topicName}</Text>
          <Text style={{ ...text, color: muted }}>{joined(publicationCredits(publication), ', ')}</Text>
        </View>
      </View>
    )),
  references: () => (
    <Indented style={{ flexDirection: 'row', flexWrap: 'wrap', justifyContent: 'space-between' }}>
      {cv.references.map((reference, index) => (
        <View key={reference._id ?? index} style={{ width: '48%', marginBottom: 6 }} wrap={false}>
          <Text style={{ ...text, fontWeight: 700 }}>{reference.name}</Text>
          <Text style={{ ...text, color: muted }}>{joined([reference.relationship, reference.company], ', ')}</Text>
          <Text style={{ ...text, fontSize: 8.8 }}>{joined([reference.email, reference.phone])}</Text>
        </View>
      ))}
    </Indented>
  ),
  hobbies: () => (
    <Indented>
      <Text style={text}>{joined(cv.hobbies, '   ·   ')}</Text>
    </Indented>
  ),
});

/** A header band in the accent colour over one column, with work and study drawn on a timeline. */
export const TimelineCv = ({ cv, photo }: CvTemplateProps) => {
  const band = cv.accentColor;
  const onBand = textOn(band);
  const softOnBand = onBand === '#ffffff' ? tint(band, 0.75) : '#3c3c3c';
  const accent = accentInk(cv.accentColor);
  const name = fullName(cv.name);
  const contact = [
    cv.email,
    cv.phone,
    shortAddress(cv.address),
    displayLink(cv.linkedInLink),
    cv.ukDrivingLicence && 'Full UK driving licence',
  ].filter((item): item is string => Boolean(item));

  return (
    <CvPdf cv={cv}>
      <Page size="A4" style={{ fontFamily: 'Helvetica', color: ink, paddingTop: top, paddingBottom: 36, paddingHorizontal: margin }}>
        <View
          style={{
            marginTop: -top,
            marginHorizontal: -margin,
            paddingHorizontal: margin,
            paddingTop: 30,
            paddingBottom: 22,
            backgroundColor: band,
            flexDirection: 'row',
            alignItems: 'center',
          }}
        >
          {photo ? (
            <Image
              src={photo}
              style={{
                width: 78,
                height: 78,
                borderRadius: 39,
                borderWidth: 2.5,
                borderColor: '#ffffff',
                marginRight: 20,
                objectFit: 'cover',
              }}
            />
          ) : null}
          <View style={{ flex: 1 }}>
            <Text style={{ fontFamily: 'Helvetica', fontWeight: 700, fontSize: 25, lineHeight: 1.12, color: onBand }}>{name}</Text>
            <Text style={{ ...text, fontSize: 11.5, color: softOnBand, marginTop: 3 }}>{cv.designation}</Text>
            <Text style={{ ...text, fontSize: 8.6, color: onBand, marginTop: 9, lineHeight: 1.6 }}>
              {joined(contact.map(unbroken), '    ')}
            </Text>
          </View>
        </View>

        {arrangedSections(cv, column, sectionBodies(cv, accent), (section, content) => (
          <Section title={section.title} accent={accent} keep={section.keep}>
            {content}
          </Section>
        ))}
      </Page>
    </CvPdf>
  );
};
