import { login } from '@app/contract/resources/auth';
import { applyForJob, jobApplicants, updateApplicationStatus } from '@app/contract/resources/job-board/application';
import { registerCompany, updateCompanySocialMedia } from '@app/contract/resources/job-board/company';
import { coverLetter, fillVariables, seekerCoverLetterSections } from '@app/contract/resources/job-board/cover-letter';
import { cv } from '@app/contract/resources/job-board/cv';
import { featureJob, job } from '@app/contract/resources/job-board/job';
import { registerJobSeeker, updateJobSeekerPreferences } from '@app/contract/resources/job-board/job-seeker';
import { industry, skill } from '@app/contract/resources/job-board/lookups';
import type { DemoApi, DemoStep } from './demo-step';
import { demoPassword } from './foundation';
import { samplePdf } from './sample-pdf';

type Posting = {
  title: string;
  city: string;
  postCode: string;
  min: number;
  max: number;
  workModel: 'ON_SITE' | 'HYBRID' | 'REMOTE';
  experience: string;
  skills: string[];
  industry: string;
  featured?: boolean;
  summary: string;
};

const digitalJobs: Posting[] = [
  {
    title: 'Senior TypeScript Developer',
    city: 'Leeds',
    postCode: 'LS1 4AP',
    min: 55000,
    max: 70000,
    workModel: 'HYBRID',
    experience: '5-10',
    skills: ['TypeScript', 'React', 'Node.js'],
    industry: 'Information Technology',
    featured: true,
    summary: 'Lead the build of our customer platform in TypeScript, React and Node.js.',
  },
  {
    title: 'Frontend Developer (React)',
    city: 'Leeds',
    postCode: 'LS2 7EY',
    min: 38000,
    max: 48000,
    workModel: 'HYBRID',
    experience: '1-2',
    skills: ['React', 'CSS', 'JavaScript'],
    industry: 'Information Technology',
    summary: 'Build accessible interfaces with React for clients across the North.',
  },
  {
    title: 'DevOps Engineer',
    city: 'Manchester',
    postCode: 'M1 1AE',
    min: 50000,
    max: 65000,
    workModel: 'REMOTE',
    experience: '3-5',
    skills: ['AWS', 'Docker', 'Kubernetes'],
    industry: 'Information Technology',
    summary: 'Own our AWS estate, CI pipelines and Kubernetes clusters.',
  },
  {
    title: 'Data Analyst',
    city: 'Manchester',
    postCode: 'M2 3WQ',
    min: 32000,
    max: 40000,
    workModel: 'ON_SITE',
    experience: '1-2',
    skills: ['SQL', 'Power BI', 'Excel'],
    industry: 'Information Technology',
    summary: 'Turn sales and operations data into decisions with SQL and Power BI.',
  },
  {
    title: 'Graduate Software Engineer',
    city: 'Sheffield',
    postCode: 'S1 2HE',
    min: 27000,
    max: 30000,
    workModel: 'HYBRID',
    experience: 'NONE',
    skills: ['JavaScript', 'Git'],
    industry: 'Information Technology',
    summary: 'A two-year programme with mentoring, for 2026 graduates.',
  },
  {
    title: 'Product Manager',
    city: 'London',
    postCode: 'EC2A 4NE',
    min: 65000,
    max: 80000,
    workModel: 'HYBRID',
    experience: '5-10',
    skills: ['Agile', 'Stakeholder Management'],
    industry: 'Information Technology',
    summary: 'Shape the roadmap of our hiring products with designers and engineers.',
  },
];

const healthJobs: Posting[] = [
  {
    title: 'Registered Nurse – Day Surgery',
    city: 'Bristol',
    postCode: 'BS1 3NU',
    min: 31000,
    max: 38000,
    workModel: 'ON_SITE',
    experience: '1-2',
    skills: ['Nursing (NMC)', 'First Aid'],
    industry: 'Healthcare',
    featured: true,
    summary: 'Join a friendly day-surgery unit; no nights, every other weekend.',
  },
  {
    title: 'Healthcare Assistant',
    city: 'Bath',
    postCode: 'BA1 1LT',
    min: 23000,
    max: 25500,
    workModel: 'ON_SITE',
    experience: 'NONE',
    skills: ['First Aid', 'Safeguarding'],
    industry: 'Healthcare',
    summary: 'Full training given; care certificate on the job.',
  },
  {
    title: 'Practice Manager',
    city: 'Cardiff',
    postCode: 'CF10 1EP',
    min: 36000,
    max: 42000,
    workModel: 'ON_SITE',
    experience: '3-5',
    skills: ['Leadership', 'Excel'],
    industry: 'Healthcare',
    summary: 'Run a busy GP practice of 14 staff.',
  },
  {
    title: 'Support Worker (Nights)',
    city: 'Bristol',
    postCode: 'BS2 0JA',
    min: 24500,
    max: 27000,
    workModel: 'ON_SITE',
    experience: 'NONE',
    skills: ['Safeguarding', 'Communication'],
    industry: 'Social Care',
    summary: 'Support adults with learning disabilities to live independently.',
  },
];

/** Maya's built CV (the modern layout) and a cover letter for Northern Digital, from the seeded sections. */
const buildMayasDocuments = async (api: DemoApi, maya: string) => {
  const name = { first: 'Maya', last: 'Patel' };
  await api(
    cv.calls.create!,
    {
      cvTitle: 'Frontend Developer',
      templateSlug: 'modern',
      accentColor: '#0f766e',
      name,
      designation: 'Frontend Developer',
      email: 'maya.patel@example.com',
      phone: '+44 7700 900321',
      address: { city: 'Leeds', postCode: 'LS6 2AB', country: 'United Kingdom' },
      linkedInLink: 'https://www.linkedin.com/in/maya-patel-demo',
      professionalSummary:
        '<p>Frontend developer with five years of building accessible, fast web apps in <strong>React</strong> and TypeScript for retail and public-sector clients.</p>',
      skills: [
        { label: 'React', rating: 5 },
        { label: 'TypeScript', rating: 5 },
        { label: 'CSS', rating: 4 },
        { label: 'Accessibility (WCAG 2.2)', rating: 4 },
      ],
      personalSkills: [
        { label: 'Mentoring', rating: 4 },
        { label: 'Clear writing', rating: 4 },
      ],
      languages: [
        { label: 'English', proficiency: 'NATIVE' },
        { label: 'Gujarati', proficiency: 'CONVERSATIONAL' },
      ],
      workHistory: [
        {
          jobTitle: 'Frontend Developer',
          jobType: 'Full-time',
          organization: 'Aire Commerce',
          city: 'Leeds',
          startDate: '2022-03-01',
          currentlyWorkingHere: true,
          responsibilities:
            '<ul><li>Rebuilt the checkout in React, cutting drop-off by 18%.</li><li>Led the move to TypeScript across four apps.</li></ul>',
        },
        {
          jobTitle: 'Junior Web Developer',
          jobType: 'Full-time',
          organization: 'Calder Digital',
          city: 'Wakefield',
          startDate: '2019-09-01',
          endDate: '2022-02-28',
          responsibilities: '<p>Built council service pages to GOV.UK design standards.</p>',
        },
      ],
      education: [
        {
          organization: 'University of Leeds',
          qualification: 'BSc',
          subject: 'Computer Science',
          grade: '2:1',
          startDate: '2016-09-01',
          endDate: '2019-06-30',
        },
      ],
      hobbies: ['Fell running', 'Board games'],
      sectionOrder: ['profile', 'experience', 'skills', 'education'],
    },
    maya,
  );
  const sections = (await api(seekerCoverLetterSections, {}, maya)).results as {
    _id: string;
    value: string;
    isDraggable: boolean;
    suggestions: { content: string; subSectionId?: string | null }[];
  }[];
  const values = {
    companyName: 'Northern Digital',
    jobTitle: 'Senior React Developer',
    hiringManager: 'Hiring Manager',
    fullName: 'Maya Patel',
    designation: 'Frontend Developer',
    yearsOfExperience: '5',
    currentCompany: 'Aire Commerce',
    topSkills: 'React, TypeScript and CSS',
  };
  await api(
    coverLetter.calls.create!,
    {
      title: 'Northern Digital – Senior React Developer',
      templateSlug: 'modern',
      accentColor: '#0f766e',
      jobSeekerDetails: { name, email: 'maya.patel@example.com', phone: '447700900321', designation: 'Frontend Developer' },
      recipientDetails: { companyName: values.companyName, jobTitle: values.jobTitle },
      bodySections: sections.map((section, orderNumber) => ({
        sectionId: section._id,
        orderNumber,
        isDraggable: section.isDraggable,
        content: fillVariables(section.suggestions.find((suggestion) => !suggestion.subSectionId)?.content ?? '', values),
      })),
    },
    maya,
  );
};

/** Two companies with published jobs, two job seekers, and applications at different stages. */
export const jobBoardDemo: DemoStep = {
  name: 'job board: companies, jobs, job seekers and applications',
  signIns: [
    { who: 'Recruiter, Northern Digital (company)', email: 'talent@northerndigital.demo', password: demoPassword, area: '/company' },
    { who: 'Recruiter, Harbour Health (agency)', email: 'jobs@harbourhealth.demo', password: demoPassword, area: '/company' },
    {
      who: 'Job seeker with a CV, a built CV, a cover letter and applications',
      email: 'maya.patel@example.com',
      password: demoPassword,
      area: '/seeker',
    },
    { who: 'Job seeker, new', email: 'james.oconnor@example.com', password: demoPassword, area: '/seeker' },
  ],
  run: async ({ api, upload, superAdmin }) => {
    const root = (await api(login, superAdmin)).token as string;
    const skills = (await api(skill.calls.list!, { limit: 'ALL' }, root)).results as { _id: string; label: string }[];
    const industries = (await api(industry.calls.list!, { limit: 'ALL' }, root)).results as { _id: string; label: string }[];
    const skillIds = (labels: string[]) =>
      labels.map((label) => ({ skillId: skills.find((s) => s.label === label)?._id })).filter((s) => s.skillId);
    const industryId = (label: string) => industries.find((i) => i.label === label)?._id;

    const post = async (token: string, postings: Posting[]) => {
      const ids: string[] = [];
      for (const [i, p] of postings.entries()) {
        const created = await api(
          job.calls.create!,
          {
            title: p.title,
            description: p.summary,
            content: `<p>${p.summary}</p><h3>What you will do</h3><ul><li>Work with a supportive team</li><li>Grow your skills in ${p.skills.join(', ')}</li></ul><h3>What we offer</h3><ul><li>25 days holiday plus bank holidays</li><li>Pension matched to 6%</li></ul>`,
            address: { city: p.city, postCode: p.postCode, country: 'United Kingdom' },
            salaries: [{ min: p.min, max: p.max, duration: 'YEAR' }],
            jobTypes: [p.experience === 'NONE' && p.title.startsWith('Graduate') ? 7 : 1],
            industries: [industryId(p.industry)].filter(Boolean),
            workModel: p.workModel,
            experience: p.experience,
            skills: skillIds(p.skills),
            applicationEndDate: new Date(Date.now() + (30 + i) * 24 * 60 * 60 * 1000).toISOString(),
            status: 'PUBLISHED',
          },
          token,
        );
        // Featuring is the platform's decision, not the company's.
        if (p.featured) await api(featureJob, { _id: created._id, isFeaturedJob: true }, root);
        ids.push(created._id);
      }
      return ids;
    };

    const northern = (
      await api(registerCompany, {
        name: 'Northern Digital',
        email: 'talent@northerndigital.demo',
        phone: '+44 113 496 0100',
        aboutUs: 'A software studio in Leeds building products for hiring, health and the public sector since 2011.',
        recruiterType: 'COMPANY',
        website: 'https://northerndigital.example',
        location: { city: 'Leeds', postCode: 'LS1 4AP', country: 'United Kingdom' },
        industries: [industryId('Information Technology')].filter(Boolean),
        password: demoPassword,
      })
    ).token as string;
    await api(
      updateCompanySocialMedia,
      { socialMedia: [{ platform: 'LinkedIn', link: 'https://www.linkedin.com/company/northern-digital-demo' }] },
      northern,
    );
    const digital = await post(northern, digitalJobs);

    const harbour = (
      await api(registerCompany, {
        name: 'Harbour Health Recruitment',
        email: 'jobs@harbourhealth.demo',
        phone: '+44 117 496 0200',
        aboutUs: 'A specialist healthcare recruitment agency placing nurses and carers across the South West and Wales.',
        recruiterType: 'RECRUITMENT_AGENCY',
        location: { city: 'Bristol', postCode: 'BS1 3NU', country: 'United Kingdom' },
        industries: [industryId('Healthcare')].filter(Boolean),
        password: demoPassword,
      })
    ).token as string;
    await post(harbour, healthJobs);

    const maya = (
      await api(registerJobSeeker, {
        name: { first: 'Maya', last: 'Patel' },
        email: 'maya.patel@example.com',
        phone: '+447700900321',
        password: demoPassword,
      })
    ).token as string;
    await upload('/job-seeker/updateCv', { content: samplePdf('Maya Patel - Frontend Developer'), filename: 'Maya Patel CV.pdf' }, maya);
    await api(
      updateJobSeekerPreferences,
      {
        preferences: {
          preferredLocation: { city: 'Leeds' },
          jobTypes: [1],
          workModel: ['HYBRID'],
          desiredJobTitle: 'Frontend Developer',
          willingToRelocate: false,
          ukDrivingLicence: true,
        },
      },
      maya,
    );
    for (const jobId of digital.slice(0, 3)) await api(applyForJob, { jobId }, maya);
    const applicants = await api(jobApplicants, { jobId: digital[0], page: 1, limit: 10 }, northern);
    if (applicants.results[0]) await api(updateApplicationStatus, { _id: applicants.results[0]._id, status: 'SHORTLISTED' }, northern);

    await buildMayasDocuments(api, maya);

    await api(registerJobSeeker, {
      name: { first: 'James', last: "O'Connor" },
      email: 'james.oconnor@example.com',
      phone: '+447700900654',
      password: demoPassword,
    });
    return { jobs: digital.length + healthJobs.length };
  },
};
