import {
  type CoverLetterDocument,
  type CoverLetterDocumentInput,
  type CvDocument,
  type CvDocumentInput,
  coverLetterDocument,
  cvDocument,
} from '@app/contract/resources/job-board/cv-document';

/**
 * A realistic, full CV (two pages in most templates) and a cover letter: template thumbnails, the
 * builder's empty-state preview, tests and the render benchmark all use them.
 */
export const sampleCvInput: CvDocumentInput = {
  cvTitle: 'Senior engineer – fintech',
  templateSlug: 'classic',
  accentColor: '#1f4e79',
  name: { first: 'Amelia', last: 'Hartley' },
  designation: 'Senior Software Engineer',
  email: 'amelia.hartley@example.co.uk',
  phone: '+44 7700 900123',
  address: { city: 'Manchester', postCode: 'M1 4BT', country: 'United Kingdom' },
  linkedInLink: 'https://www.linkedin.com/in/amelia-hartley',
  ukDrivingLicence: true,
  professionalSummary:
    '<p>Software engineer with nine years of experience building <strong>payment platforms</strong> and customer-facing web products in TypeScript, Go and PostgreSQL. I lead small teams through discovery, delivery and operation, care about accessible, fast interfaces and keep systems simple enough that the next person can change them with confidence.</p>',
  skills: [
    { label: 'TypeScript', rating: 5 },
    { label: 'React', rating: 5 },
    { label: 'Node.js', rating: 5 },
    { label: 'PostgreSQL', rating: 4 },
    { label: 'Go', rating: 4 },
    { label: 'AWS', rating: 4 },
    { label: 'Kubernetes', rating: 3 },
    { label: 'GraphQL', rating: 3 },
  ],
  personalSkills: [
    { label: 'Mentoring', rating: 5 },
    { label: 'Communication', rating: 5 },
    { label: 'Problem solving', rating: 4 },
    { label: 'Stakeholder management', rating: 4 },
  ],
  languages: [
    { label: 'English', proficiency: 'NATIVE' },
    { label: 'French', proficiency: 'FLUENT' },
    { label: 'Spanish', proficiency: 'CONVERSATIONAL' },
  ],
  hobbies: ['Fell running', 'Photography', 'Baking', 'Chess'],
  workHistory: [
    {
      jobTitle: 'Senior Software Engineer',
      jobType: '1',
      organization: 'Northpay Ltd',
      city: 'Manchester',
      startDate: '2021-03-01',
      currentlyWorkingHere: true,
      responsibilities:
        '<ul><li>Lead a team of five engineers building the merchant onboarding platform used by 40,000 businesses.</li><li>Cut checkout latency by <strong>38%</strong> by moving pricing rules from a monolith into a cached Go service.</li><li>Introduced contract tests between eleven services, halving failed deployments within a quarter.</li><li>Run the hiring loop for engineers and mentor two juniors through to mid-level roles.</li></ul>',
    },
    {
      jobTitle: 'Software Engineer',
      jobType: '1',
      organization: 'Ledgerline',
      city: 'Leeds',
      startDate: '2018-06-01',
      endDate: '2021-02-28',
      responsibilities:
        '- Built the reconciliation engine matching 2 million bank transactions a day against ledger entries.\n- Designed the React component library adopted by four product teams.\n- Moved the reporting database from MySQL to PostgreSQL with zero downtime.',
    },
    {
      jobTitle: 'Full-stack Developer',
      jobType: '3',
      organization: 'Brightside Digital',
      city: 'Sheffield',
      startDate: '2016-09-01',
      endDate: '2018-05-31',
      responsibilities:
        '<p>Delivered web applications for clients in retail and the public sector.</p><ul><li>Rebuilt a council housing-repairs portal to meet WCAG 2.1 AA.</li><li>Automated deployments with CI pipelines, taking releases from monthly to daily.</li></ul>',
    },
    {
      jobTitle: 'Graduate Developer',
      jobType: '7',
      organization: 'Pennine Software',
      city: 'Huddersfield',
      startDate: '2015-07-01',
      endDate: '2016-08-31',
      responsibilities:
        'Maintained Java and JavaScript applications for logistics customers.\nWrote the first automated test suite for the route-planning product.',
    },
  ],
  education: [
    {
      organization: 'University of Manchester',
      qualification: 'MSc',
      subject: 'Advanced Computer Science',
      grade: 'Distinction',
      startDate: '2014-09-01',
      endDate: '2015-06-30',
      description: 'Dissertation on consensus protocols for distributed ledgers.',
    },
    {
      organization: 'University of Leeds',
      qualification: 'BSc (Hons)',
      subject: 'Computer Science',
      grade: 'First class',
      startDate: '2011-09-01',
      endDate: '2014-06-30',
    },
  ],
  projects: [
    {
      title: 'Open banking sandbox',
      link: 'https://github.com/ameliah/ob-sandbox',
      timeDuration: 'Jan 2023 – Apr 2023',
      description: 'An open-source sandbox that simulates UK open-banking APIs for integration testing; used by three fintech start-ups.',
    },
    {
      title: 'Trail times',
      link: 'https://trailtimes.example.org',
      timeDuration: '6 months',
      description: 'A progressive web app that records fell-running routes offline and shares split times with club members.',
    },
  ],
  publications: [
    {
      topicName: 'Contract testing at scale',
      publicationsName: 'Software Engineering Practice',
      publisherName: 'IEEE',
      coAuthor: 'Dr Samuel Okafor',
      publishedDate: '2022-10-01',
      publicationStatus: 'PUBLISHED',
    },
    {
      topicName: 'Designing idempotent payment APIs',
      publicationsName: 'Fintech Engineering Handbook',
      publisherName: 'Apress',
      isbnNumber: '978-1-4842-9999-0',
      publicationStatus: 'ACCEPTED',
    },
  ],
  certifications: [
    { courseName: 'AWS Certified Solutions Architect – Associate', organization: 'Amazon Web Services', completionDate: '2022-05-15' },
    { courseName: 'Certified Kubernetes Application Developer', organization: 'The Linux Foundation', completionDate: '2021-11-02' },
    { courseName: 'Professional Scrum Master I', organization: 'Scrum.org', completionDate: '2019-03-20' },
  ],
  references: [
    {
      name: 'James Whitfield',
      company: 'Northpay Ltd',
      email: 'j.whitfield@example.com',
      phone: '+44 161 496 0000',
      relationship: 'Head of Engineering',
    },
    {
      name: 'Priya Natarajan',
      company: 'Ledgerline',
      email: 'priya.n@example.com',
      phone: '+44 113 496 0001',
      relationship: 'Former line manager',
    },
  ],
};

export const sampleCv: CvDocument = cvDocument.parse(sampleCvInput);

export const sampleCoverLetterInput: CoverLetterDocumentInput = {
  title: 'Northpay – Engineering Manager',
  templateSlug: 'classic',
  accentColor: '#1f4e79',
  date: '2025-03-14',
  jobSeekerDetails: {
    name: { first: 'Amelia', last: 'Hartley' },
    email: 'amelia.hartley@example.co.uk',
    phone: '447700900123',
    designation: 'Senior Software Engineer',
    address: { building: '14', street: 'Oldham Street', city: 'Manchester', postCode: 'M1 1JQ', country: 'United Kingdom' },
    linkedInLink: 'https://www.linkedin.com/in/amelia-hartley',
  },
  recipientDetails: {
    name: 'Sarah Collins',
    companyName: 'Brightwater Payments',
    jobTitle: 'Engineering Manager',
    address: { building: 'Floor 3', street: '1 Spinningfields', city: 'Manchester', postCode: 'M3 3AP', country: 'United Kingdom' },
  },
  bodySections: [
    { sectionId: '65f000000000000000000001', orderNumber: 1, content: '<p>Dear {{recipientName}},</p>', isDraggable: false },
    {
      sectionId: '65f000000000000000000002',
      orderNumber: 2,
      content:
        '<p>I am writing to apply for the <strong>{{jobTitle}}</strong> role at {{companyName}}. For the last four years I have led the merchant onboarding team at Northpay, and I would love to bring that experience of building reliable payment products, and the people who build them, to your platform team.</p>',
    },
    {
      sectionId: '65f000000000000000000003',
      orderNumber: 3,
      content:
        '<p>In my current role I have:</p><ul><li>grown the team from two to five engineers, with two promotions along the way;</li><li>cut checkout latency by 38% by moving pricing rules into a dedicated, cached service;</li><li>introduced contract testing across eleven services, halving failed deployments.</li></ul>',
    },
    {
      sectionId: '65f000000000000000000004',
      orderNumber: 4,
      content:
        '<p>What draws me to {{companyName}} is your focus on small businesses and your engineering culture of writing things down. I believe clear documentation, steady delivery and honest feedback make teams both happy and fast, and I would welcome the chance to help your engineers grow.</p>',
      subSections: [
        {
          orderNumber: 1,
          content: '<p>I would be delighted to discuss how I could contribute. Thank you for your time and consideration.</p>',
        },
      ],
    },
    { sectionId: '65f000000000000000000005', orderNumber: 5, content: '<p>Yours sincerely,</p>', isDraggable: false },
  ],
};

export const sampleCoverLetter: CoverLetterDocument = coverLetterDocument.parse(sampleCoverLetterInput);
