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
  shade,
  shortAddress,
  textOn,
  tint,
} from '../../shared/format';
import { joined, KeepWithNext, RatingBar, RichText, type Style, WrappingText } from '../../shared/pdf-parts';
import { arrangedSections, CvPdf, type SectionBodies } from '../parts';
import { type CvLayout, cvSectionTitles } from '../sections';
import type { CvTemplateProps } from '../types';

/** The sidebar's sections and the main column's, each in the template's own order; a seeker's order rearranges each column apart. */
const sidebar = ['skills', 'personalSkills', 'languages', 'hobbies'] as const satisfies readonly CvMovableSection[];
const main = [
  'profile',
  'experience',
  'education',
  'projects',
  'publications',
  'certifications',
  'references',
] as const satisfies readonly CvMovableSection[];
/** Contact details open the sidebar, under the name, wherever the seeker puts the other sections. */
export const modernLayout: CvLayout = { fixed: ['contact'], columns: [sidebar, main] };

const sidebarWidth = 186;
const ink = '#1f2328';
const muted = '#59636e';
const hairline = '#d8dee4';
const sans: Style = { fontFamily: 'Helvetica', fontSize: 9.5, lineHeight: 1.45, color: ink };

const sidebarPalette = (accent: string) => {
  const text = textOn(accent);
  const light = text === '#ffffff';
  return {
    text,
    soft: light ? tint(accent, 0.72) : shade(accent, 0.55),
    track: light ? tint(accent, 0.22) : shade(accent, 0.12),
    rule: light ? tint(accent, 0.35) : shade(accent, 0.2),
  };
};

type Palette = ReturnType<typeof sidebarPalette>;
const sidebarTextOn = (palette: Palette): Style => ({ ...sans, fontSize: 9, color: palette.text });

const SidebarSection = ({ title, palette, children, keep }: { title: string; palette: Palette; children: ReactNode; keep?: boolean }) => (
  <View style={{ marginTop: 18 }} wrap={!keep}>
    <KeepWithNext space={40}>
      <Text
        style={{
          fontFamily: 'Helvetica',
          fontWeight: 700,
          fontSize: 9.5,
          letterSpacing: 0.45,
          textTransform: 'uppercase',
          color: palette.text,
        }}
      >
        {title}
      </Text>
      <View style={{ height: 0.75, backgroundColor: palette.rule, marginTop: 4, marginBottom: 8 }} />
    </KeepWithNext>
    {children}
  </View>
);

const SidebarSkills = ({ skills, palette }: { skills: { label: string; rating: number }[]; palette: Palette }) => (
  <View>
    {skills.map((skill, index) => (
      <View
        key={`${skill.label}-${index.toString()}`}
        style={{ flexDirection: 'row', alignItems: 'center', justifyContent: 'space-between', marginBottom: 4.5 }}
        wrap={false}
      >
        <Text style={{ ...sans, fontSize: 9, lineHeight: 1.3, color: palette.text, flex: 1, paddingRight: 6 }}>{skill.label}</Text>
        <View style={{ width: 52 }}>
          <RatingBar rating={skill.rating} color={palette.text} track={palette.track} height={3} />
        </View>
      </View>
    ))}
  </View>
);

const MainSection = ({
  title,
  accent,
  children,
  keep,
  first,
}: {
  title: string;
  accent: string;
  children: ReactNode;
  keep?: boolean;
  /** The column's first heading lines up with the top of the sidebar. */
  first?: boolean;
}) => (
  <View style={{ marginTop: first ? 0 : 16 }} wrap={!keep}>
    <KeepWithNext space={70} style={{ flexDirection: 'row', alignItems: 'center', marginBottom: 8 }}>
      <Text
        style={{ fontFamily: 'Helvetica', fontWeight: 700, fontSize: 11.5, letterSpacing: 0.5, textTransform: 'uppercase', color: accent }}
      >
        {title}
      </Text>
      <View style={{ flex: 1, height: 0.75, backgroundColor: hairline, marginLeft: 8 }} />
    </KeepWithNext>
    {children}
  </View>
);

const Entry = ({
  title,
  subtitle,
  dates,
  accent,
  children,
  keepTogether,
}: {
  title: string;
  subtitle?: string;
  dates?: string | null;
  accent: string;
  children?: ReactNode;
  keepTogether?: boolean;
}) => (
  <View style={{ marginBottom: 10 }} wrap={!keepTogether}>
    <KeepWithNext space={36}>
      <View style={{ flexDirection: 'row', justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Text style={{ ...sans, fontWeight: 700, fontSize: 10.5, flex: 1, paddingRight: 10 }}>{title}</Text>
        {dates ? <Text style={{ ...sans, fontSize: 8.5, color: muted, paddingTop: 1.5 }}>{dates}</Text> : null}
      </View>
      {subtitle ? <Text style={{ ...sans, color: accent, fontWeight: 700, fontSize: 9 }}>{subtitle}</Text> : null}
    </KeepWithNext>
    {children ? <View style={{ marginTop: 3 }}>{children}</View> : null}
  </View>
);

const sidebarBodies = (cv: CvDocument, palette: Palette): SectionBodies<(typeof sidebar)[number]> => {
  const sidebarText = sidebarTextOn(palette);
  return {
    skills: () => <SidebarSkills skills={cv.skills} palette={palette} />,
    personalSkills: () => <SidebarSkills skills={cv.personalSkills} palette={palette} />,
    languages: () =>
      cv.languages.map((language, index) => (
        <View
          key={`${language.label}-${index.toString()}`}
          style={{ flexDirection: 'row', justifyContent: 'space-between', marginBottom: 3 }}
        >
          <Text style={sidebarText}>{language.label}</Text>
          <Text style={{ ...sidebarText, color: palette.soft }}>{languageProficiencyLabels[language.proficiency]}</Text>
        </View>
      )),
    hobbies: () => (
      <View style={{ flexDirection: 'row', flexWrap: 'wrap' }} wrap={false}>
        {cv.hobbies.map((hobby, index) => (
          <View
            key={`${hobby}-${index.toString()}`}
            style={{
              borderWidth: 0.75,
              borderColor: palette.rule,
              borderRadius: 7,
              paddingTop: 2.5,
              paddingBottom: 2,
              paddingHorizontal: 7,
              marginRight: 4,
              marginBottom: 4,
            }}
          >
            <Text style={{ ...sidebarText, fontSize: 8, lineHeight: 1.2 }}>{hobby}</Text>
          </View>
        ))}
      </View>
    ),
  };
};

const mainBodies = (cv: CvDocument, accent: string): SectionBodies<(typeof main)[number]> => {
  const heading = accentInk(accent);
  const story: Style = { ...sans, color: '#30363d' };
  return {
    profile: () => <RichText text={cv.professionalSummary} style={{ ...sans, fontSize: 10, lineHeight: 1.5 }} />,
    experience: () =>
      cv.workHistory.map((job, index) => (
        <Entry
          key={job._id ?? index}
          title={job.jobTitle}
          subtitle={joined(jobPlace(job), '  |  ')}
          dates={jobPeriod(job)}
          accent={heading}
        >
          <RichText text={job.responsibilities} style={story} gap={3} bulletColor={accent} />
        </Entry>
      )),
    education: () =>
      cv.education.map((course, index) => (
        <Entry
          key={course._id ?? index}
          keepTogether
          title={joined([course.qualification, course.subject], ' in ')}
          subtitle={joined([course.organization, course.grade], '  |  ')}
          dates={coursePeriod(course)}
          accent={heading}
        >
          {course.description ? <RichText text={course.description} style={story} /> : null}
        </Entry>
      )),
    projects: () =>
      cv.projects.map((project, index) => (
        <Entry
          key={project._id ?? index}
          keepTogether
          title={project.title}
          subtitle={displayLink(project.link) || undefined}
          dates={project.timeDuration}
          accent={heading}
        >
          {project.description ? <RichText text={project.description} style={story} /> : null}
        </Entry>
      )),
    publications: () =>
      cv.publications.map((publication, index) => (
        <Entry
          key={publication._id ?? index}
          keepTogether
          title={publication.topicName}
          subtitle={joined([publication.publicationsName, publication.publisherName], '  |  ') || undefined}
          dates={publicationDate(publication)}
          accent={heading}
        >
          {publication.coAuthor || publication.isbnNumber ? (
            <Text style={{ ...sans, color: muted, fontSize: 9 }}>
              {joined([
                publication.coAuthor && `Co-author: ${publication.coAuthor}`,
                publication.isbnNumber && `ISBN ${publication.isbnNumber}`,
              ])}
            </Text>
          ) : null}
        </Entry>
      )),
    certifications: () =>
      cv.certifications.map((certification, index) => (
        <View
          key={certification._id ?? index}
          style={{ flexDirection: 'row', justifyContent: 'space-between', marginBottom: 5 }}
          wrap={false}
        >
          <View style={{ flex: 1, paddingRight: 10 }}>
            <Text style={{ ...sans, fontWeight: 700 }}>{certification.courseName}</Text>
            {certification.organization ? <Text style={{ ...sans, fontSize: 9, color: muted }}>{certification.organization}</Text> : null}
          </View>
          <Text style={{ ...sans, fontSize: 8.5, color: muted, paddingTop: 1 }}>{monthYear(certification.completionDate)}</Text>
        </View>
      )),
    references: () => (
      <View style={{ flexDirection: 'row', flexWrap: 'wrap', justifyContent: 'space-between' }}>
        {cv.references.map((reference, index) => (
          <View
            key={reference._id ?? index}
            style={{ width: '48%', marginBottom: 8, borderLeftWidth: 2, borderLeftColor: accent, paddingLeft: 7 }}
            wrap={false}
          >
            <Text style={{ ...sans, fontWeight: 700 }}>{reference.name}</Text>
            <Text style={{ ...sans, fontSize: 9, color: muted }}>{joined([reference.relationship, reference.company], ', ')}</Text>
            {reference.email ? <Text style={{ ...sans, fontSize: 9 }}>{reference.email}</Text> : null}
            {reference.phone ? <Text style={{ ...sans, fontSize: 9 }}>{reference.phone}</Text> : null}
          </View>
        ))}
      </View>
    ),
  };
};

/** Two columns: a sidebar in the accent colour (photo, contact, skills, languages, hobbies) beside the story. */
export const ModernCv = ({ cv, photo }: CvTemplateProps) => {
  const accent = cv.accentColor;
  const heading = accentInk(accent);
  const palette = sidebarPalette(accent);
  const name = fullName(cv.name);
  const sidebarText = sidebarTextOn(palette);
  const contacts = [
    ['Email', cv.email],
    ['Phone', cv.phone],
    ['Location', shortAddress(cv.address)],
    ['LinkedIn', displayLink(cv.linkedInLink)],
    ['Driving', cv.ukDrivingLicence ? 'Full UK driving licence' : ''],
  ].filter((contact): contact is [string, string] => Boolean(contact[1]));
  return (
    <CvPdf cv={cv}>
      <Page size="A4" style={{ fontFamily: 'Helvetica', color: ink, flexDirection: 'row', paddingVertical: 34 }}>
        <View fixed style={{ position: 'absolute', top: 0, bottom: 0, left: 0, width: sidebarWidth, backgroundColor: accent }} />

        <View style={{ width: sidebarWidth, paddingHorizontal: 22 }}>
          {photo ? (
            <View style={{ alignItems: 'center', marginBottom: 14 }}>
              <Image
                src={photo}
                style={{ width: 104, height: 104, borderRadius: 52, borderWidth: 3, borderColor: palette.rule, objectFit: 'cover' }}
              />
            </View>
          ) : null}
          <Text style={{ fontFamily: 'Helvetica', fontWeight: 700, fontSize: 21, lineHeight: 1.15, color: palette.text }}>{name}</Text>
          <Text
            style={{
              ...sidebarText,
              fontSize: 9,
              letterSpacing: 0.4,
              textTransform: 'uppercase',
              color: palette.soft,
              marginTop: 5,
              lineHeight: 1.35,
            }}
          >
            {cv.designation}
          </Text>

          <SidebarSection title={cvSectionTitles.contact} palette={palette}>
            {contacts.map(([label, value]) => (
              <View key={label} style={{ marginBottom: 6 }}>
                <Text
                  style={{
                    ...sidebarText,
                    fontSize: 7,
                    letterSpacing: 0.3,
                    textTransform: 'uppercase',
                    color: palette.soft,
                    lineHeight: 1.3,
                  }}
                >
                  {label}
                </Text>
                {/* An email or link has no spaces to wrap at: it wraps at its dots and @ within the sidebar. */}
                {value.includes(' ') ? (
                  <Text style={{ ...sidebarText, lineHeight: 1.3 }}>{value}</Text>
                ) : (
                  <WrappingText text={value} style={{ ...sidebarText, lineHeight: 1.3 }} />
                )}
              </View>
            ))}
          </SidebarSection>

          {arrangedSections(cv, sidebar, sidebarBodies(cv, palette), (section, content) => (
            <SidebarSection title={section.title} palette={palette} keep={section.keep}>
              {content}
            </SidebarSection>
          ))}
        </View>

        <View style={{ flex: 1, paddingLeft: 26, paddingRight: 30 }}>
          {arrangedSections(cv, main, mainBodies(cv, accent), (section, content) => (
            <MainSection title={section.title} accent={heading} keep={section.keep} first={section.first}>
              {content}
            </MainSection>
          ))}
        </View>
      </Page>
    </CvPdf>
  );
};
