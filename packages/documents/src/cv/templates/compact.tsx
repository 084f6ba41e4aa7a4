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
  publicationDate,
  shortAddress,
  tint,
} from '../../shared/format';
import { joined, RatingDots, RichText, type Style, spaced } from '../../shared/pdf-parts';
import { arrangedSections, CvPdf, type SectionBodies } from '../parts';
import type { CvLayout } from '../sections';
import type { CvTemplateProps } from '../types';

/** The sections in the template's own order; a seeker's sectionOrder rearranges them (see `arrange`). */
const column = [
  'profile',
  'skills',
  'personalSkills',
  'languages',
  'experience',
  'education',
  'projects',
  'publications',
  'certifications',
  'references',
  'hobbies',
] as const satisfies readonly CvMovableSection[];
export const compactLayout: CvLayout = { columns: [column] };

const gutter = 92;
const ink = '#222222';
const muted = '#666666';
const text: Style = { fontFamily: 'Helvetica', fontSize: 8.6, lineHeight: 1.38, color: ink };

const Section = ({
  title,
  accent,
  children,
  first,
  keep,
}: {
  title: string;
  accent: string;
  children: ReactNode;
  first?: boolean;
  keep?: boolean;
}) => (
  <View
    style={{
      flexDirection: 'row',
      paddingTop: first ? 0 : 6.5,
      marginTop: first ? 0 : 6.5,
      borderTopWidth: first ? 0 : 0.5,
      borderTopColor: '#e2e2e2',
    }}
    wrap={!keep}
  >
    <View style={{ width: gutter, paddingRight: 10 }} minPresenceAhead={40}>
      <Text
        style={{ ...text, fontWeight: 700, fontSize: 7.8, letterSpacing: 0.35, textTransform: 'uppercase', color: accent, lineHeight: 1.3 }}
      >
        {title}
      </Text>
    </View>
    <View style={{ flex: 1 }}>{children}</View>
  </View>
);

/** "Title — Place" in one line with the dates on the right. */
const Line = ({ title, place, dates }: { title: string; place?: string; dates?: string | null }) => (
  <View style={{ flexDirection: 'row', justifyContent: 'space-between', alignItems: 'flex-start' }}>
    <Text style={{ ...text, flex: 1, paddingRight: 8 }}>
      <Text style={{ fontWeight: 700 }}>{title}</Text>
      {place ? <Text style={{ color: muted }}>{`${spaced('  —  ')}${place}`}</Text> : null}
    </Text>
    {dates ? <Text style={{ ...text, fontSize: 8, color: muted }}>{dates}</Text> : null}
  </View>
);

const SkillColumns = ({ skills, accent }: { skills: { label: string; rating: number }[]; accent: string }) => (
  <View style={{ flexDirection: 'row', flexWrap: 'wrap' }}>
    {skills.map((skill, index) => (
      <View
        key={`${skill.label}-${index.toString()}`}
        style={{
          width: '33.33%',
          flexDirection: 'row',
          alignItems: 'center',
          justifyContent: 'space-between',
          paddingRight: 14,
          marginBottom: 2.5,
        }}
        wrap={false}
      >
        <Text style={{ ...text, flex: 1, paddingRight: 4 }}>{skill.label}</Text>
        <RatingDots rating={skill.rating} color={accent} empty={tint(accent, 0.8)} size={4} gap={1.8} />
      </View>
    ))}
  </View>
);

const sectionBodies = (cv: CvDocument, accent: string): SectionBodies<(typeof column)[number]> => ({
  profile: () => <RichText text={cv.professionalSummary} style={text} gap={3} />,
  skills: () => <SkillColumns skills={cv.skills} accent={accent} />,
  personalSkills: () => <SkillColumns skills={cv.personalSkills} accent={accent} />,
  languages: () => (
    <Text style={text}>
      {cv.languages.map((language, index) => (
        <Text key={`${language.label}-${index.toString()}`}>
          {index ? spaced('     ') : ''}
          <Text style={{ fontWeight: 700 }}>{language.label}</Text>
          <Text style={{ color: muted }}>{` ${languageProficiencyLabels[language.proficiency]}`}</Text>
        </Text>
      ))}
    </Text>
  ),
  experience: () =>
    cv.workHistory.map((job, index) => (
      <View key={job._id ?? index} style={{ marginTop: index ? 6 : 0 }}>
        <View minPresenceAhead={24}>
          <Line title={job.jobTitle} place={joined(jobPlace(job), ', ')} dates={jobPeriod(job)} />
        </View>
        <View style={{ marginTop: 1.5 }}>
          <RichText text={job.responsibilities} style={text} gap={2} bulletColor={accent} bulletWidth={8} />
        </View>
      </View>
    )),
  education: () =>
    cv.education.map((course, index) => (
      <View key={course._id ?? index} style={{ marginTop: index ? 4 : 0 }} wrap={false}>
        <Line
          title={joined([course.qualification, course.subject], ' in ')}
          place={joined([course.organization, course.grade], ', ')}
          dates={coursePeriod(course)}
        />
        {course.description ? <RichText text={course.description} style={{ ...text, color: muted }} /> : null}
      </View>
    )),
  projects: () =>
    cv.projects.map((project, index) => (
      <View key={project._id ?? index} style={{ marginTop: index ? 4 : 0 }} wrap={false}>
        <Line title={project.title} place={displayLink(project.link) || undefined} dates={project.timeDuration} />
        {project.description ? <RichText text={project.description} style={text} /> : null}
      </View>
    )),
  publications: () =>
    cv.publications.map((publication, index) => (
      <View key={publication._id ?? index} style={{ marginTop: index ? 4 : 0 }} wrap={false}>
        <Line
          title={publication.topicName}
          place={joined([publication.publicationsName, publication.publisherName], ', ') || undefined}
          dates={publicationDate(publication)}
        />
        {publication.coAuthor || publication.isbnNumber ? (
          <Text style={{ ...text, color: muted }}>
            {joined([publication.coAuthor && `With ${publication.coAuthor}`, publication.isbnNumber && `ISBN ${publication.isbnNumber}`])}
          </Text>
        ) : null}
      </View>
    )),
  certifications: () =>
    cv.certifications.map((certification, index) => (
      <View key={certification._id ?? index} style={{ marginTop: index ? 2 : 0 }} wrap={false}>
        <Line
          title={certification.courseName}
          place={certification.organization ?? undefined}
          dates={monthYear(certification.completionDate)}
        />
      </View>
    )),
  references: () => (
    <View style={{ flexDirection: 'row', flexWrap: 'wrap' }}>
      {cv.references.map((reference, index) => (
        <View key={reference._id ?? index} style={{ width: '50%', paddingRight: 10, marginBottom: 4 }} wrap={false}>
          <Text style={text}>
            <Text style={{ fontWeight: 700 }}>{reference.name}</Text>
            <Text style={{ color: muted }}>{`, ${joined([reference.relationship, reference.company], ', ')}`}</Text>
          </Text>
          <Text style={{ ...text, color: muted }}>{joined([reference.email, reference.phone])}</Text>
        </View>
      ))}
    </View>
  ),
  hobbies: () => <Text style={text}>{cv.hobbies.join(', ')}</Text>,
});

/** Dense and tidy: headings in a narrow left gutter, small type, as much as possible on one page. */
export const CompactCv = ({ cv, photo }: CvTemplateProps) => {
  const accent = accentInk(cv.accentColor);
  const name = fullName(cv.name);
  const contact = [
    joined([cv.email, cv.phone]),
    joined([shortAddress(cv.address), cv.ukDrivingLicence && 'Full UK driving licence']),
    displayLink(cv.linkedInLink),
  ].filter(Boolean);

  return (
    <CvPdf cv={cv}>
      <Page size="A4" style={{ fontFamily: 'Helvetica', color: ink, paddingTop: 28, paddingBottom: 28, paddingHorizontal: 34 }}>
        <View
          style={{
            flexDirection: 'row',
            alignItems: 'center',
            paddingBottom: 10,
            borderBottomWidth: 2,
            borderBottomColor: cv.accentColor,
            marginBottom: 10,
          }}
        >
          {photo ? <Image src={photo} style={{ width: 52, height: 52, borderRadius: 4, marginRight: 12, objectFit: 'cover' }} /> : null}
          <View style={{ flex: 1 }}>
            <Text style={{ fontFamily: 'Helvetica', fontWeight: 700, fontSize: 19, lineHeight: 1.15, color: ink }}>{name}</Text>
            <Text style={{ ...text, fontSize: 10, color: accent, fontWeight: 700, marginTop: 1 }}>{cv.designation}</Text>
          </View>
          <View style={{ alignItems: 'flex-end' }}>
            {contact.map((line) => (
              <Text key={line} style={{ ...text, fontSize: 8, lineHeight: 1.35, color: muted }}>
                {line}
              </Text>
            ))}
          </View>
        </View>

        {arrangedSections(cv, column, sectionBodies(cv, accent), (section, content) => (
          <Section title={section.title} accent={accent} first={section.first} keep={section.keep}>
            {content}
          </Section>
        ))}
      </Page>
    </CvPdf>
  );
};
